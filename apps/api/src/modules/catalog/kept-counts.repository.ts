import type { Sort } from '@kshop/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { productListCounts } from '../../db/schema.js';
import { SORT_DEFINITIONS, type Spans } from './list-orders.js';
import { categoryAndStock, categorySubtree, type ProductFilter } from './product-filter.js';

/**
 * Compactions running in this process (started by a request or by the upkeep), per database and table: right
 * after a large import every list request finds too many appended rows, and each would start the same
 * compaction (which waits for the first one's rows, then finds little left to do).
 */
const compactionsByDatabase = new WeakMap<Executor, Map<string, Promise<void>>>();

/**
 * Runs `compact` unless this process runs the compaction `name` already, and resolves when the one running
 * ends. Never rejects: a failed compaction leaves the rows as they were, every sum stays exact, and a later
 * request tries again.
 */
export function compactOnce(db: Executor, name: string, compact: () => Promise<void>): Promise<void> {
  const running = compactionsByDatabase.get(db) ?? new Map<string, Promise<void>>();
  compactionsByDatabase.set(db, running);
  const current = running.get(name);
  if (current) return current;
  const started = compact()
    .catch(() => {})
    .finally(() => running.delete(name));
  running.set(name, started);
  return started;
}

/**
 * Past this many rows appended since the last compaction in the groups a list sums, the list counts are
 * summed into one row per group.
 */
export const LIST_COUNT_ROWS_TO_COMPACT = 500;

/** The count groups of a list: its category (with the categories below it), artist, tag and stock state. */
function listGroups(filter: ProductFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.categoryId !== undefined && filter.categoryId !== 0) {
    conditions.push(sql`${productListCounts.categoryId} = any(${categorySubtree(filter.categoryId)})`);
  }
  if (filter.artistId !== undefined) {
    conditions.push(sql`${filter.artistId} = any(${productListCounts.artistIds})`);
  }
  if (filter.tag) conditions.push(sql`${filter.tag} = any(${productListCounts.tags})`);
  if (filter.stockStatus === 'inStock') conditions.push(eq(productListCounts.inStock, true));
  if (filter.stockStatus === 'outOfStock') conditions.push(eq(productListCounts.inStock, false));
  return and(...conditions)!;
}

/**
 * A list's exact total, summed from the change rows that the product triggers keep (no product is
 * counted), and how many of those rows were appended since the last compaction, as one subquery that the
 * page's own statement can carry.
 */
export const listSums = (filter: ProductFilter) => sql`(select array[coalesce(sum(${productListCounts.n}), 0),
  count(*) filter (where not ${productListCounts.compacted})] from ${productListCounts}
  where ${listGroups(filter)})`;

/** The total of `listSums`, compacting the counts when too many rows were appended since the last time. */
export function listTotalOf(db: Executor, sums: readonly (string | number)[] | undefined) {
  const [total = 0, appended = 0] = (sums ?? []).map(Number);
  // Not awaited: the answer is exact already.
  if (appended > LIST_COUNT_ROWS_TO_COMPACT) void compactListCountsOnce(db);
  return total;
}

export async function listCount(db: Executor, filter: ProductFilter) {
  const result = (await db.execute(sql`select ${listSums(filter)} as sums`)) as unknown as {
    rows: { sums: (string | number)[] }[];
  };
  return listTotalOf(db, result.rows[0]?.sums);
}

/**
 * Replaces the change rows by one row per group with their sum, in one statement: rows that writers append
 * meanwhile are not among those deleted, so every sum stays exact; a concurrent compaction waits for this
 * one and then finds its rows gone.
 */
export async function compactListCounts(db: Executor) {
  await db.execute(sql`
    with merged as (delete from product_list_counts returning category_id, in_stock, tags, artist_ids, n)
    insert into product_list_counts (category_id, in_stock, tags, artist_ids, n, compacted)
    select category_id, in_stock, tags, artist_ids, sum(n), true from merged
    group by 1, 2, 3, 4 having sum(n) <> 0`);
}

export const compactListCountsOnce = (db: Executor) =>
  compactOnce(db, 'list counts', () => compactListCounts(db));

/**
 * A page deeper than this many products from its nearer end starts its walk at the span it lies in: a
 * category's or a stock state's list at its week or band (`spanOf`), a kept word's search at its day or
 * band (`keywordSpanOf`). An artist's or a tag's list walks its own rows instead (`facetPageIds`).
 */
export const SPAN_WALK = 1_000;

/**
 * The span holding the product at `offset` in list order, and how many products come before that span, from
 * `spans` (rows span, n and appended: a sum per span, in list order); undefined past the last product.
 * `compact` runs, not awaited, when the sums read more than `LIST_COUNT_ROWS_TO_COMPACT` appended rows.
 */
export async function spanAt(db: Executor, spans: SQL, offset: number, compact: () => Promise<void>) {
  const result = (await db.execute(spans)) as unknown as {
    rows: { span: number; n: string | number; appended: string | number }[];
  };
  const appended = result.rows.reduce((sum, row) => sum + Number(row.appended), 0);
  if (appended > LIST_COUNT_ROWS_TO_COMPACT) void compact();
  let before = 0;
  for (const row of result.rows) {
    const n = Number(row.n);
    if (before + n > offset) return { span: Number(row.span), before };
    before += n;
  }
  return undefined;
}

/** The span (week or sales band) of a category's or stock state's list holding its product at `filter.offset`. */
export function spanOf(db: Executor, filter: ProductFilter, { table, span }: Spans) {
  return spanAt(
    db,
    sql`select ${span} as span, sum(n) as n, count(*) filter (where not compacted) as appended
      from ${table} where ${categoryAndStock(filter, sql`category_id`, sql`in_stock`)}
      group by 1 having sum(n) <> 0 order by 1 desc`,
    filter.offset,
    () => compactListSpansOnce(db, filter.sort),
  );
}

/** Sums an order's kept spans into one row per span and group, as `compactListCounts` does for the counts. */
export async function compactListSpans(db: Executor, sort: Sort) {
  const spans: Spans | null = SORT_DEFINITIONS[sort].spans;
  if (!spans) return;
  const { table, span } = spans;
  await db.execute(sql`
    with merged as (delete from ${table} returning ${span} as span, category_id, in_stock, n)
    insert into ${table} (${span}, category_id, in_stock, n, compacted)
    select span, category_id, in_stock, sum(n), true from merged
    group by 1, 2, 3 having sum(n) <> 0`);
}

export const compactListSpansOnce = (db: Executor, sort: Sort) =>
  compactOnce(db, `${sort} spans`, () => compactListSpans(db, sort));
