import { SORTS, type Sort, type StockStatus } from '@kshop/contract';
import { and, asc, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Executor, queryRows, runsStatementsAtOnce } from '../../db/client.js';
import { listedProduct } from '../../db/listed.js';
import {
  artistCategories,
  artists,
  categories,
  productListCounts,
  productListFacets,
  productOptions,
  products,
} from '../../db/schema.js';
import { koreanDate } from '../../lib/korean-day.js';
import { containsPattern } from '../../lib/like.js';
import { TtlCache } from '../../lib/ttl-cache.js';

export const listCategories = (db: Executor) =>
  db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));

export const listArtistCategories = (db: Executor) =>
  db
    .select({ id: artistCategories.id, category: artistCategories.name })
    .from(artistCategories)
    .orderBy(asc(artistCategories.sortOrder), asc(artistCategories.id));

export const listArtists = (db: Executor, artistCategoryId: number) =>
  db
    .select({ id: artists.id, artistNameEN: artists.nameEn, artistNameKO: artists.nameKo })
    .from(artists)
    .where(eq(artists.artistCategoryId, artistCategoryId))
    .orderBy(asc(artists.nameEn));

export type ProductFilter = {
  categoryId?: number;
  artistId?: number;
  tag?: string;
  /** Lower-cased words that must all appear in the product's search text. */
  keywords?: string[];
  stockStatus: StockStatus;
  sort: Sort;
  limit: number;
  offset: number;
};

/** The ids of a category and every category below it, read once per statement (an init plan). */
const categorySubtree = (categoryId: number) => sql`array(
  with recursive tree as (
    select id from categories where id = ${categoryId}
    union all
    select c.id from categories c join tree on c.parent_id = tree.id)
  select id from tree)`;

/**
 * How a search's words are matched: `like` lets the planner find the matches through the trigram index;
 * `strpos` (the same test) keeps it from doing so, for a walk along a list index in list order, which the
 * planner would otherwise trade for sorting every match when it guesses a few words to be rare together.
 */
type WordMatch = 'like' | 'strpos';

const containsWord = (word: string, match: WordMatch) =>
  match === 'like'
    ? sql`${products.searchText} like ${containsPattern(word)}`
    : sql`strpos(${products.searchText}, ${word}) > 0`;

function filterConditions(filter: ProductFilter, match: WordMatch = 'like'): SQL[] {
  const conditions: SQL[] = [listedProduct()];
  if (filter.categoryId !== undefined && filter.categoryId !== 0) {
    conditions.push(sql`${products.categoryId} = any(${categorySubtree(filter.categoryId)})`);
  }
  if (filter.artistId !== undefined) conditions.push(sql`${filter.artistId} = any(${products.artistIds})`);
  if (filter.tag) conditions.push(sql`${filter.tag} = any(${products.tags})`);
  for (const word of filter.keywords ?? []) conditions.push(containsWord(word, match));
  if (filter.stockStatus === 'inStock') conditions.push(eq(products.inStock, true));
  if (filter.stockStatus === 'outOfStock') conditions.push(eq(products.inStock, false));
  return conditions;
}

/** A list order and its exact mirror (the same rows read from the far end). */
type ListOrder = { forward: SQL[]; backward: SQL[] };

/** The columns the list orders read, on products or on the rows a page is picked among. */
type SortKeys = { createdAt: SQLWrapper; sales: SQLWrapper; releaseDate: SQLWrapper; id: SQLWrapper };

const PRODUCT_KEYS: SortKeys = {
  createdAt: products.createdAt,
  sales: products.totalSalesQuantity,
  releaseDate: products.releaseDate,
  id: products.id,
};

/** The same columns by their plain names, as the subqueries a page is picked from select them. */
const SELECTED_KEYS: SortKeys = {
  createdAt: sql`created_at`,
  sales: sql`total_sales_quantity`,
  releaseDate: sql`release_date`,
  id: sql`id`,
};

/** The facet rows' columns (migration 0027): creation and sales, not release dates. */
const FACET_KEYS = {
  createdAt: productListFacets.createdAt,
  sales: productListFacets.totalSalesQuantity,
  id: productListFacets.productId,
};

const latestOrder = (c: Pick<SortKeys, 'createdAt' | 'id'>): ListOrder => ({
  forward: [desc(c.createdAt), asc(c.id)],
  backward: [asc(c.createdAt), desc(c.id)],
});

const bestSellingOrder = (c: Pick<SortKeys, 'sales' | 'createdAt' | 'id'>): ListOrder => ({
  forward: [desc(c.sales), desc(c.createdAt), asc(c.id)],
  backward: [asc(c.sales), asc(c.createdAt), desc(c.id)],
});

/**
 * Releases from `today` on, soonest first; then past releases, newest first; then products without a
 * release date; ties by id. The part comes first, then the coming release date (null outside the first
 * part), then the release date the other way.
 */
function releaseDateOrder(c: Pick<SortKeys, 'releaseDate' | 'id'>, today: SQL): ListOrder {
  const part = sql`(case when ${c.releaseDate} >= ${today} then 0 when ${c.releaseDate} < ${today} then 1 else 2 end)`;
  const coming = sql`(case when ${c.releaseDate} >= ${today} then ${c.releaseDate} end)`;
  return {
    forward: [
      sql`${part} asc`,
      sql`${coming} asc nulls last`,
      sql`${c.releaseDate} desc nulls first`,
      asc(c.id),
    ],
    backward: [
      sql`${part} desc`,
      sql`${coming} desc nulls first`,
      sql`${c.releaseDate} asc nulls last`,
      desc(c.id),
    ],
  };
}

/** A stretch of a list order that one list index holds in order: its products, and their order there. */
type OrderPart = { where: SQL | undefined; order: ListOrder };

/**
 * Spans a list order is cut into, each kept counted per group by product triggers: `table` sums the listed
 * products per `span`, and `before(span)` is the condition of the products in that span and the spans after
 * it, which a list index answers as a range.
 */
type Spans = { table: SQL; span: SQL; before: (span: number) => SQL };

/**
 * Everything a list order needs, on every path a list or a search can take:
 * - `order`: the order on any table's columns, and its mirror, for the Korean day `today` (the page's rows
 *   are put in it, and a page among a search's few matches is picked in it);
 * - `parts`: the stretches of the order that list indexes hold in order (migrations 0016, 0019, 0035): a page
 *   is walked through them, from the start or, mirrored, from the end. An order that turns on the day has
 *   more than one;
 * - `facetOrder`: the order on an artist's or a tag's facet rows (decision 0036), or null when those rows lack
 *   its keys (the list then walks the list indexes with the artist or tag as a filter);
 * - `spans`: the kept spans of a category's or stock state's list (decision 0025), or null (deep pages then
 *   walk from the nearer end);
 * - `keywordSpans`: the kept spans of a kept keyword's matches (decision 0036), or null;
 * - `followsSales`: whether products' sales totals order it (its kept answers turn stale with new totals);
 * - `turnsOnTheDay`: whether the order changes with the Korean day (its kept answers are kept per day).
 */
type SortDefinition = {
  order: (c: SortKeys, today: SQL) => ListOrder;
  parts: (today: SQL) => readonly OrderPart[];
  facetOrder: ListOrder | null;
  spans: Spans | null;
  keywordSpans: Spans | null;
  followsSales: boolean;
  turnsOnTheDay: boolean;
};

const DAY_SECONDS = 24 * 60 * 60;
const WEEK_SECONDS = 7 * DAY_SECONDS;

/** The products created before `seconds` past the epoch: the end of a week or a day, as a list index range. */
const createdBefore = (seconds: number) =>
  sql`${products.createdAt} < to_timestamp(${seconds}::double precision)`;

/** Products with the sales bands above `band` left out: band b holds the quantities q with b^2 <= 4q < (b + 1)^2. */
const soldLessThanBandAbove = (band: number) =>
  sql`${products.totalSalesQuantity} < ${Math.ceil((band + 1) ** 2 / 4)}`;

/**
 * The catalogue's list orders, one definition each (the contract's `SORTS`). Newest first walks one list
 * index, with weeks of creation kept (migration 0021) and a kept keyword's days (0028); best-selling likewise
 * with sales bands (0022, 0028); release date walks its three parts through two indexes (0035) and keeps
 * no spans.
 */
const SORT_DEFINITIONS = {
  latest: {
    order: (c) => latestOrder(c),
    parts: () => [{ where: undefined, order: latestOrder(PRODUCT_KEYS) }],
    facetOrder: latestOrder(FACET_KEYS),
    spans: {
      table: sql`product_list_spans`,
      span: sql`week`,
      before: (week) => createdBefore((week + 1) * WEEK_SECONDS),
    },
    keywordSpans: {
      table: sql`search_keyword_spans`,
      span: sql`day`,
      before: (day) => createdBefore((day + 1) * DAY_SECONDS),
    },
    followsSales: false,
    turnsOnTheDay: false,
  },
  bestSelling: {
    order: (c) => bestSellingOrder(c),
    parts: () => [{ where: undefined, order: bestSellingOrder(PRODUCT_KEYS) }],
    facetOrder: bestSellingOrder(FACET_KEYS),
    spans: { table: sql`product_list_bands`, span: sql`band`, before: soldLessThanBandAbove },
    keywordSpans: { table: sql`search_keyword_bands`, span: sql`band`, before: soldLessThanBandAbove },
    followsSales: true,
    turnsOnTheDay: false,
  },
  releaseDate: {
    order: releaseDateOrder,
    parts: (today) => {
      const date = products.releaseDate;
      return [
        {
          where: sql`${date} >= ${today}`,
          order: { forward: [asc(date), asc(products.id)], backward: [desc(date), desc(products.id)] },
        },
        {
          where: sql`${date} < ${today}`,
          order: { forward: [desc(date), asc(products.id)], backward: [asc(date), desc(products.id)] },
        },
        // All null: the date keeps the walk on the index's null end, in id order.
        {
          where: sql`${date} is null`,
          order: { forward: [asc(date), asc(products.id)], backward: [desc(date), desc(products.id)] },
        },
      ];
    },
    facetOrder: null,
    spans: null,
    keywordSpans: null,
    followsSales: false,
    turnsOnTheDay: true,
  },
} satisfies Record<Sort, SortDefinition>;

/** Whether products' sales totals order lists and searches in `sort`. */
export const sortFollowsSales = (sort: Sort) => SORT_DEFINITIONS[sort].followsSales;

/** Whether lists and searches in `sort` change with the Korean day. */
export const sortTurnsOnTheDay = (sort: Sort) => SORT_DEFINITIONS[sort].turnsOnTheDay;

/**
 * Where to read a page: from the start, or, for a page past the middle of `totalCount` matches, from the
 * end in the mirrored order with the offset counted from there (the last page then costs what the first
 * does). `limit` shrinks on the last page so that the rows read from the end are exactly the page's.
 */
export function pageWindow(offset: number, limit: number, totalCount: number) {
  const fromEnd = totalCount - offset - limit;
  if (offset >= totalCount || fromEnd >= offset) return { backward: false, offset, limit };
  return { backward: true, offset: Math.max(fromEnd, 0), limit: Math.min(limit, totalCount - offset) };
}

const cardColumns = {
  id: products.id,
  categoryId: products.categoryId,
  title: products.title,
  vendor: products.vendor,
  imageUrl: sql<string | null>`${products.imageUrls}[1]`,
  releaseDate: products.releaseDate,
  tags: products.tags,
  inStock: products.inStock,
  statusId: products.statusId,
  nationCode2: products.nationCode2,
  totalSalesQuantity: products.totalSalesQuantity,
  totalSalesAmountKrw: products.totalSalesAmountKrw,
  totalSalesAmountUsd: products.totalSalesAmountUsd,
  salesStartAt: products.salesStartAt,
  salesEndAt: products.salesEndAt,
  eventType: products.eventType,
  eventApplyStartAt: products.eventApplyStartAt,
  eventApplyEndAt: products.eventApplyEndAt,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  deletedAt: products.deletedAt,
};

// Counting matches is the costly part of a search on a large catalogue; a count a few seconds old is good
// enough for the pagination, so it is kept per keyword and stock state for a moment.
const countsByDatabase = new WeakMap<Executor, TtlCache<number>>();
const countsOf = (db: Executor) => cacheOf(countsByDatabase, db, 5_000);

/** The cache a map keeps for `db`, made with `ttlMs` on first use. */
function cacheOf<V>(caches: WeakMap<Executor, TtlCache<V>>, db: Executor, ttlMs: number): TtlCache<V> {
  const known = caches.get(db);
  if (known) return known;
  const cache = new TtlCache<V>(ttlMs);
  caches.set(db, cache);
  return cache;
}

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
function compactOnce(db: Executor, name: string, compact: () => Promise<void>): Promise<void> {
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
const listSums = (filter: ProductFilter) => sql`(select array[coalesce(sum(${productListCounts.n}), 0),
  count(*) filter (where not ${productListCounts.compacted})] from ${productListCounts}
  where ${listGroups(filter)})`;

/** The total of `listSums`, compacting the counts when too many rows were appended since the last time. */
function listTotalOf(db: Executor, sums: readonly (string | number)[] | undefined) {
  const [total = 0, appended = 0] = (sums ?? []).map(Number);
  // Not awaited: the answer is exact already.
  if (appended > LIST_COUNT_ROWS_TO_COMPACT) void compactListCountsOnce(db);
  return total;
}

async function listCount(db: Executor, filter: ProductFilter) {
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

const compactListCountsOnce = (db: Executor) => compactOnce(db, 'list counts', () => compactListCounts(db));

/**
 * A search keyword as its matches are kept counted: its words sorted, without repeats (the same matches
 * whatever their order).
 */
export const keywordKey = (keywords: readonly string[]) => [...new Set(keywords)].sort();
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * At most this many keywords are kept counted: a writer's statement tests each against every product whose
 * search text, stock state or listing it changes. Once that many are kept, a common word a buyer searches
 * takes the place of the keyword searched longest ago, if nobody searched that one for `KEPT_KEYWORD_IDLE`
 * (decision 0040); else it is counted on each search, as before.
 */
export const MAX_KEPT_KEYWORDS = 200;

/** How long a kept keyword nobody searches keeps its place against a new one (decision 0040). */
const KEPT_KEYWORD_IDLE = sql`interval '1 day'`;

/**
 * A kept keyword's time of last search is written at most this often per instance: its counts are read on
 * every miss of the count cache, and the place it keeps depends on the day, not the minute.
 */
const NOTE_SEARCH_EVERY_MS = 10 * 60_000;
const searchesNotedByDatabase = new WeakMap<Executor, TtlCache<void>>();

/** Writes that a search read the kept keyword now, unless this instance wrote it in the last minutes. */
function noteSearched(db: Executor, words: readonly string[]) {
  cacheOf(searchesNotedByDatabase, db, NOTE_SEARCH_EVERY_MS)
    .getOrLoad(JSON.stringify(words), async () => {
      await db.execute(sql`update search_keywords set last_searched_at = now()
        where words = ${textArray(words)} and last_searched_at < now() - interval '1 minute'`);
    })
    // Only the choice of a keyword to drop some day depends on it; a later search writes it again.
    .catch(() => {});
}

/** A stock state tested on a kept table's `inStock` column (true for every product). */
const stockCondition = (stockStatus: StockStatus, inStock: SQL) =>
  stockStatus === 'inStock' ? inStock : stockStatus === 'outOfStock' ? sql`not ${inStock}` : sql`true`;

/**
 * A kept keyword's exact count for a stock state, summed from the rows the keyword trigger (migration 0019)
 * appends, or undefined when the keyword is not kept (or not ready yet).
 */
export async function keptKeywordCount(db: Executor, words: readonly string[], stockStatus: StockStatus) {
  const stock = stockCondition(stockStatus, sql`c.in_stock`);
  const result = (await db.execute(sql`select k.ready,
      coalesce(sum(c.n) filter (where ${stock}), 0) as total,
      count(c.n) filter (where not c.compacted) as appended
    from search_keywords k left join search_keyword_counts c on c.words = k.words
    where k.words = ${textArray(words)} group by k.ready`)) as unknown as {
    rows: { ready: boolean; total: string | number; appended: string | number }[];
  };
  const row = result.rows[0];
  if (!row) return undefined;
  if (Number(row.appended) > LIST_COUNT_ROWS_TO_COMPACT) {
    void compactKeywordCountsOnce(db, words);
  }
  if (!row.ready) return undefined;
  noteSearched(db, words);
  return Number(row.total);
}

/** A kept keyword's tables (migrations 0019, 0028) and the keys their rows are summed by. */
export const KEPT_KEYWORD_ROWS = [
  { table: 'search_keyword_counts', keys: ['in_stock'] },
  { table: 'search_keyword_spans', keys: ['day', 'in_stock'] },
  { table: 'search_keyword_bands', keys: ['band', 'in_stock'] },
] as const;

/**
 * Sums a kept keyword's rows into one per stock state, and its days' and bands' into one per day or band and
 * stock state, as `compactListCounts` does for the lists.
 */
export async function compactKeywordCounts(db: Executor, words: readonly string[]) {
  for (const { table, keys } of KEPT_KEYWORD_ROWS) {
    const columns = sql.raw(keys.join(', '));
    await db.execute(sql`
      with merged as (delete from ${sql.raw(table)} where words = ${textArray(words)} returning ${columns}, n)
      insert into ${sql.raw(table)} (words, ${columns}, n, compacted)
      select ${textArray(words)}, ${columns}, sum(n), true from merged group by ${columns} having sum(n) <> 0`);
  }
}

const compactKeywordCountsOnce = (db: Executor, words: readonly string[]) =>
  compactOnce(db, `keyword ${JSON.stringify(words)}`, () => compactKeywordCounts(db, words));

/**
 * A CTE of the statement that makes a keyword ready: into `table`, for the keyword `claimed`, the base rows
 * per `keys`, each the matches counted (`matching`) less the rows appended since the keyword was committed.
 */
function baseRows(table: string, keys: readonly string[], words: readonly string[]): SQL {
  const columns = sql.raw(keys.join(', '));
  const fromS = sql.raw(keys.map((key) => `s.${key}`).join(', '));
  return sql`${sql.raw(table.replace('search_keyword_', ''))} as (
    insert into ${sql.raw(table)} (words, ${columns}, n, compacted)
    select claimed.words, ${fromS}, s.n, true from claimed, (
      select ${columns}, coalesce(m.n, 0) - coalesce(a.n, 0) as n
      from (select ${columns}, sum(n) as n from matching group by ${columns}) m
      full join (select ${columns}, sum(n) as n from ${sql.raw(table)}
        where words = ${textArray(words)} group by ${columns}) a using (${columns})) s
    where s.n <> 0)`;
}

/** Keywords being added in this process, so that concurrent searches add each once. */
const keeping = new Set<string>();

/**
 * Keeps a keyword's matches counted from now on (`keepKeywordsCounted` for one keyword). Returns false when
 * transactions older than the keyword were still open after `waitMs`, or when this process is keeping it
 * already; the keyword then stays unready and a later search tries again.
 */
export async function keepKeywordCounted(
  db: Executor,
  keywords: readonly string[],
  options: { waitMs?: number; keptAtMost?: number } = {},
): Promise<boolean> {
  if (keeping.has(JSON.stringify(keywordKey(keywords)))) return false;
  return (await keepKeywordsCounted(db, [keywords], { ...options, makeRoom: true })) !== false;
}

/**
 * The statement that commits a keyword to be kept counted, while fewer than `keptAtMost` are kept. With
 * `makeRoom`, when that many are kept, the ready keyword searched longest ago, if not for `KEPT_KEYWORD_IDLE`,
 * goes in the same statement with its rows (decision 0040). A writer that read the dropped keyword before may
 * still append a row for it: such a row is summed into the base count if the keyword is kept again
 * (`baseRows` subtracts every row present), so it never makes a count wrong.
 */
function keywordAddition(words: readonly string[], keptAtMost: number, makeRoom: boolean): SQL {
  const add = (room: SQL) => sql`insert into search_keywords (words, patterns)
    select ${textArray(words)}, ${textArray(words.map(containsPattern))} where ${room}
    on conflict do nothing`;
  const full = sql`(select count(*) from search_keywords) >= ${keptAtMost}`;
  if (!makeRoom) return add(sql`not ${full}`);
  return sql`with dropped as (
      delete from search_keywords where words = (
        select words from search_keywords
        where ${full} and ready and last_searched_at < now() - ${KEPT_KEYWORD_IDLE}
          and not exists (select 1 from search_keywords k where k.words = ${textArray(words)})
        order by last_searched_at limit 1 for update skip locked)
      returning words),
    ${sql.join(
      KEPT_KEYWORD_ROWS.map(
        ({ table }) =>
          sql`${sql.raw(table.replace('search_keyword_', 'dropped_'))} as (
            delete from ${sql.raw(table)} where words = (select words from dropped))`,
      ),
      sql`,
`,
    )}
    ${add(sql`not ${full} or exists (select 1 from dropped)`)}`;
}

/**
 * Keeps keywords' matches counted from now on: the keywords are committed first (while fewer than `keptAtMost`,
 * at most `MAX_KEPT_KEYWORDS`, are kept), so that every product statement from then on appends its changes;
 * once every transaction begun before that has ended (none can still commit a change it did not count), one
 * statement per keyword counts its matches and subtracts the changes already appended, both as of its own
 * snapshot, and marks the keyword ready. A keyword added by a concurrent search is claimed by one of them.
 * Returns how many keywords this call made ready, or false when transactions older than the keywords were
 * still open after `waitMs`: the keywords then stay unready and a later search tries again. `stopped` is asked
 * between keywords. With `makeRoom` (a buyer's search), a keyword may take an idle one's place
 * (`keywordAddition`).
 */
export async function keepKeywordsCounted(
  db: Executor,
  keywordLists: readonly (readonly string[])[],
  {
    waitMs = 2_000,
    stopped = () => false,
    keptAtMost = MAX_KEPT_KEYWORDS,
    makeRoom = false,
  }: { waitMs?: number; stopped?: () => boolean; keptAtMost?: number; makeRoom?: boolean } = {},
): Promise<number | false> {
  const mine = new Map<string, string[]>();
  for (const keywords of keywordLists) {
    const words = keywordKey(keywords);
    const key = JSON.stringify(words);
    if (!keeping.has(key)) mine.set(key, words);
  }
  for (const key of mine.keys()) keeping.add(key);
  try {
    for (const words of mine.values()) {
      await db.execute(keywordAddition(words, Math.min(keptAtMost, MAX_KEPT_KEYWORDS), makeRoom));
    }
    // Those that found no place (too many kept) and those made ready meanwhile are left out.
    const unready = (await db.execute(sql`select words from search_keywords where not ready`)) as unknown as {
      rows: { words: string[] }[];
    };
    const waiting = new Set(unready.rows.map((row) => JSON.stringify(row.words)));
    const toCount = [...mine].filter(([key]) => waiting.has(key)).map(([, words]) => words);
    if (toCount.length === 0) return 0;
    const since = (await db.execute(sql`select clock_timestamp()::text as at`)) as unknown as {
      rows: { at: string }[];
    };
    const deadline = Date.now() + waitMs;
    for (;;) {
      const open = (await db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and xact_start < ${since.rows[0]!.at}::timestamptz`)) as unknown as { rows: { n: number }[] };
      if (Number(open.rows[0]?.n ?? 0) === 0) break;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    let ready = 0;
    for (const words of toCount) {
      if (stopped()) break;
      const claimed = (await db.execute(sql`
        with claimed as (
          update search_keywords set ready = true where words = ${textArray(words)} and not ready returning words),
        matching as (
          select ${products.inStock} as in_stock, list_day(${products.createdAt}) as day,
            list_band(${products.totalSalesQuantity}) as band, count(*) as n
          from ${products}
          where ${listedProduct()} and ${products.searchText} like all (${textArray(words.map(containsPattern))})
          group by 1, 2, 3),
        ${sql.join(
          KEPT_KEYWORD_ROWS.map(({ table, keys }) => baseRows(table, keys, words)),
          sql`,\n`,
        )}
        select count(*)::int as n from claimed`)) as unknown as { rows: { n: number }[] };
      ready += Number(claimed.rows[0]?.n ?? 0);
    }
    return ready;
  } finally {
    for (const key of mine.keys()) keeping.delete(key);
  }
}

/**
 * How many of the catalogue's commonest words `keepCommonWordsCounted` keeps, and how many keywords may be
 * kept at most when it adds one: the other places among the `MAX_KEPT_KEYWORDS` go to words buyers search for.
 */
export const COMMON_WORDS_KEPT = 150;

/** About this many listed products are read to find the catalogue's common words (a sample past it). */
export const COMMON_WORDS_SAMPLE = 10_000;

/**
 * The catalogue's commonest words, and pairs of words found side by side, that are not kept counted yet: of
 * the `most` most frequent ones found in more than `above` listed products, those not kept yet, most
 * frequent first. Their first search would count that many products; keeping them counted ahead of it
 * (`keepCommonWordsCounted`) spares that search the count. Words are the search text's runs between spaces
 * and punctuation, as a buyer types them. A catalogue of more than `sample` products is judged from a sample
 * of about that many (estimated frequencies: a word near the cut may be left to its first search, which
 * keeps it then).
 */
export async function commonCatalogueWords(
  db: Executor,
  {
    above = KEEP_COUNTED_ABOVE,
    most = COMMON_WORDS_KEPT,
    sample = COMMON_WORDS_SAMPLE,
  }: { above?: number; most?: number; sample?: number } = {},
): Promise<string[][]> {
  const size = (await db.execute(
    sql`select reltuples::float8 as n from pg_class where oid = 'products'::regclass`,
  )) as unknown as { rows: { n: number }[] };
  const estimated = Number(size.rows[0]?.n ?? -1);
  const percent = estimated > sample ? (100 * sample) / estimated : 100;
  const sampled = percent < 100 ? sql`tablesample bernoulli (${sql.raw(percent.toFixed(4))})` : sql``;
  const result = (await db.execute(sql`
    with words as (
      select ${products.id} as id, w.word, lead(w.word) over (partition by ${products.id} order by w.at) as next
      from ${products} ${sampled}
      cross join lateral regexp_split_to_table(${products.searchText}, '[[:space:][:punct:]]+')
        with ordinality as w(word, at)
      where ${listedProduct()}),
    candidates as (
      select array[word] as words, count(distinct id) as n from words where word <> '' group by word
      union all
      select array[least(word, next), greatest(word, next)], count(distinct id) from words
      where word <> '' and next <> '' and word <> next group by 1)
    select c.words from (
      select words, n from candidates where n * ${100 / percent}::float8 > ${above}
      order by n desc, words limit ${most}) c
    where not exists (select 1 from search_keywords k where k.words = c.words)
    order by c.n desc, c.words`)) as unknown as { rows: { words: string[] }[] };
  const unique = new Map<string, string[]>();
  for (const row of result.rows) {
    const words = keywordKey(row.words);
    unique.set(JSON.stringify(words), words);
  }
  return [...unique.values()];
}

/**
 * Keeps the catalogue's commonest words and pairs counted before anyone searches for them (decision 0025):
 * run when the shop starts and after a catalogue import. Returns how many it made ready.
 */
export async function keepCommonWordsCounted(
  db: Executor,
  options: {
    above?: number;
    most?: number;
    keptAtMost?: number;
    waitMs?: number;
    stopped?: () => boolean;
  } = {},
): Promise<number | false> {
  const words = await commonCatalogueWords(db, options);
  if (words.length === 0 || options.stopped?.()) return 0;
  return keepKeywordsCounted(db, words, { ...options, keptAtMost: options.keptAtMost ?? COMMON_WORDS_KEPT });
}

/**
 * A catalogue of at least this many listed products, on a database that runs statements at once, counts a
 * search's matches in two halves at once (`countMatches`, decision 0039).
 */
export const COUNT_IN_HALVES_ABOVE = 20_000;

const halvesByDatabase = new WeakMap<Executor, TtlCache<string | null>>();

/**
 * Where the listed products part into two halves of about the same size by creation: the end of the week by
 * which half of them had been created, from the kept week spans (migration 0021); null when fewer than `above`
 * are listed. Kept a minute: the boundary only balances the halves' work, and a count is exact whatever it is.
 */
export function halvesBoundaryOf(db: Executor, above: number): Promise<string | null> {
  return cacheOf(halvesByDatabase, db, 60_000).getOrLoad(String(above), async () => {
    const [row] = await queryRows<{ at: string; total: number }>(
      db,
      sql`with weeks as (select week, sum(n) as n from product_list_spans group by week),
        running as (select week, sum(n) over (order by week) as below, sum(n) over () as total from weeks)
        select to_timestamp((week + 1) * 604800.0)::text as at, total::int as total from running
        where below * 2 >= total order by week limit 1`,
    );
    return row && Number(row.total) >= above ? row.at : null;
  });
}

/**
 * How many listed products match `where`. Every product has exactly one default option (the writers keep it
 * so), so products alone are counted. A word nobody searched before is counted by reading every listed
 * product's search text; on a large catalogue with a pool of connections the products created before and
 * after the middle week are counted at once on two connections, so that two cores share the reading. Each
 * half is exact as of its own statement, and a product is in one half for good (its creation never moves).
 */
export async function countMatches(
  db: Executor,
  where: SQL | undefined,
  halvesAbove: number,
): Promise<number> {
  const count = async (condition: SQL | undefined) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(condition);
    return row?.n ?? 0;
  };
  const boundary = Number.isFinite(halvesAbove) ? await halvesBoundaryOf(db, halvesAbove) : null;
  if (boundary === null) return count(where);
  const halves = await Promise.all([
    count(and(where, sql`${products.createdAt} < ${boundary}::timestamptz`)),
    count(and(where, sql`${products.createdAt} >= ${boundary}::timestamptz`)),
  ]);
  return halves[0] + halves[1];
}

async function searchCount(
  db: Executor,
  filter: ProductFilter,
  where: SQL | undefined,
  { keepAbove, halvesAbove }: { keepAbove: number; halvesAbove: number },
) {
  const { limit: _limit, offset: _offset, sort: _sort, ...countKey } = filter;
  return countsOf(db).getOrLoad(JSON.stringify(countKey), async () => {
    const words = keywordKey(filter.keywords ?? []);
    const kept = await keptKeywordCount(db, words, filter.stockStatus);
    if (kept !== undefined) return kept;
    const n = await countMatches(db, where, halvesAbove);
    // Not awaited: this answer is exact already; the next searches for the keyword read its kept count.
    // Keeping counts every match again, so it starts once this search has had its page.
    if (n > keepAbove) setTimeout(() => keepKeywordCounted(db, words).catch(() => {}), KEEP_AFTER_MS).unref();
    return n;
  });
}

/**
 * A search with at most this many matches picks its page among the matches found through the trigram
 * index (reading each match's row) rather than walking a list index in order (reading every entry until
 * the page is full): for a rare word the walk would pass most of the catalogue.
 */
export const FEW_MATCHES = 2_000;

/**
 * A keyword found in more products than this is kept counted (`keepKeywordCounted`): counting it again
 * would read that many rows through the trigram index, or every product's search text.
 */
export const KEEP_COUNTED_ABOVE = FEW_MATCHES;

/**
 * How long a search that found its keyword worth keeping waits before keeping it: begun at once, the keeping's
 * own count of every match ran beside the search's page on the same two cores, and a buyer's first search
 * for a word (the overlay's, as they type) took twice as long.
 */
const KEEP_AFTER_MS = 1_000;

/** Where a page lies among the ordered matches: limit and offset, from the start or from the end. */
type Window = { backward: boolean; offset: SQL | number; limit: SQL | number };

/** `a + b` for a limit or an offset, numbers added here. */
const plus = (a: SQL | number, b: SQL | number) =>
  typeof a === 'number' && typeof b === 'number' ? a + b : sql`(${a})::bigint + (${b})::bigint`;

/** The sort keys a subquery selects from products for `SELECTED_KEYS`. */
const selectedKeys = sql`${products.id} as id, ${products.createdAt} as created_at,
  ${products.totalSalesQuantity} as total_sales_quantity, ${products.releaseDate} as release_date`;

/**
 * The ids of one page: walked in list order through the list indexes, or picked among all the matches.
 * An order of several parts walks each part's index for as many rows as the page and those before it need
 * (or after it, mirrored), and puts those few in order.
 */
function pageIds(
  where: SQL | undefined,
  sort: Sort,
  window: Window,
  among: 'walk' | 'matches',
  today: SQL,
): SQL {
  const definition: SortDefinition = SORT_DEFINITIONS[sort];
  const direction = (order: ListOrder) => sql.join(window.backward ? order.backward : order.forward, sql`, `);
  if (among === 'walk') {
    const parts = definition.parts(today);
    if (parts.length === 1) {
      return sql`(select ${products.id} as id from ${products} where ${and(where, parts[0]!.where)}
        order by ${direction(parts[0]!.order)} limit ${window.limit} offset ${window.offset})`;
    }
    const reach = plus(window.offset, window.limit);
    const walks = parts.map(
      (part) => sql`(select ${selectedKeys} from ${products} where ${and(where, part.where)}
        order by ${direction(part.order)} limit ${reach})`,
    );
    return sql`(select id from (${sql.join(walks, sql` union all `)}) parts
      order by ${direction(definition.order(SELECTED_KEYS, today))} limit ${window.limit} offset ${window.offset})`;
  }
  // 'offset 0' keeps the matches a query of their own, planned for all of them (by the trigram index for
  // a rare word) instead of for the first rows in list order.
  return sql`(select id from (select ${selectedKeys} from ${products} where ${where} offset 0) matches
    order by ${direction(definition.order(SELECTED_KEYS, today))} limit ${window.limit} offset ${window.offset})`;
}

/** The page's products with their default options, in list order, and whatever else `extra` selects. */
function readPage<E extends Record<string, SQL.Aliased | SQL>>(
  db: Executor,
  page: SQL,
  sort: Sort,
  today: SQL,
  extra: E,
) {
  return db
    .select({
      product: cardColumns,
      option: {
        id: productOptions.id,
        priceKrw: productOptions.priceKrw,
        priceUsd: productOptions.priceUsd,
        comparedPriceKrw: productOptions.comparedPriceKrw,
        comparedPriceUsd: productOptions.comparedPriceUsd,
      },
      ...extra,
    })
    .from(sql`${page} as "page"`)
    .innerJoin(products, sql`${products.id} = "page"."id"`)
    .innerJoin(
      productOptions,
      and(eq(productOptions.productId, products.id), eq(productOptions.isDefault, true)),
    )
    .orderBy(...SORT_DEFINITIONS[sort].order(PRODUCT_KEYS, today).forward);
}

/** A list's category (with the categories below it) and stock state, tested on a kept table's columns. */
function categoryAndStock(filter: ProductFilter, categoryId: SQL, inStock: SQL): SQL {
  const conditions: SQL[] = [stockCondition(filter.stockStatus, inStock)];
  if (filter.categoryId !== undefined && filter.categoryId !== 0) {
    conditions.push(sql`${categoryId} = any(${categorySubtree(filter.categoryId)})`);
  }
  return and(...conditions)!;
}

/**
 * The facet an artist's or a tag's list is walked in (migration 0027, decision 0036), or undefined for a
 * list of neither or of both (those walk a list index of every product).
 */
function facetOf(filter: ProductFilter): string | undefined {
  if (filter.artistId !== undefined && !filter.tag) return `artist:${filter.artistId}`;
  if (filter.tag && filter.artistId === undefined) return `tag:${filter.tag}`;
  return undefined;
}

/**
 * The ids of one page of an artist's or a tag's list, walked in list order among that facet's products
 * alone, through one of the facet table's ordered covering indexes (index-only).
 */
function facetPageIds(facet: string, order: ListOrder, filter: ProductFilter, window: Window): SQL {
  const keys = sql.join(window.backward ? order.backward : order.forward, sql`, `);
  const where = and(
    eq(productListFacets.facet, facet),
    categoryAndStock(filter, sql`${productListFacets.categoryId}`, sql`${productListFacets.inStock}`),
  );
  return sql`(select ${productListFacets.productId} as id from ${productListFacets} where ${where}
    order by ${keys} limit ${window.limit} offset ${window.offset})`;
}

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
async function spanAt(db: Executor, spans: SQL, offset: number, compact: () => Promise<void>) {
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
function spanOf(db: Executor, filter: ProductFilter, { table, span }: Spans) {
  return spanAt(
    db,
    sql`select ${span} as span, sum(n) as n, count(*) filter (where not compacted) as appended
      from ${table} where ${categoryAndStock(filter, sql`category_id`, sql`in_stock`)}
      group by 1 having sum(n) <> 0 order by 1 desc`,
    filter.offset,
    () => compactListSpansOnce(db, filter.sort),
  );
}

/**
 * The span (day or sales band) of a search's matches holding its match at `filter.offset`, when its keyword
 * is kept counted and ready (its spans are whole only then); undefined otherwise.
 */
function keywordSpanOf(db: Executor, filter: ProductFilter, { table, span }: Spans) {
  const words = keywordKey(filter.keywords ?? []);
  const stock = stockCondition(filter.stockStatus, sql`in_stock`);
  return spanAt(
    db,
    sql`select ${span} as span, sum(n) as n, count(*) filter (where not compacted) as appended
      from ${table} where words = ${textArray(words)} and ${stock}
        and exists (select 1 from search_keywords k where k.words = ${textArray(words)} and k.ready)
      group by 1 having sum(n) <> 0 order by 1 desc`,
    filter.offset,
    () => compactKeywordCountsOnce(db, words),
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

const compactListSpansOnce = (db: Executor, sort: Sort) =>
  compactOnce(db, `${sort} spans`, () => compactListSpans(db, sort));

/**
 * Compacts every kept count with more than `LIST_COUNT_ROWS_TO_COMPACT` rows appended since its last
 * compaction: the list counts, each order's spans and each kept keyword's counts. Run with the catalogue's
 * upkeep, when the shop starts and after an import. A list request compacts what it reads too, but only once
 * it has summed the appended rows: after 100,000 products were written, the first total of the list of all
 * products in stock summed 90,000 rows (68 ms, read from disk) and each first deep page as many spans. Returns
 * how many compactions it ran.
 */
export async function compactCatalogueCounts(db: Executor, stopped: () => boolean = () => false) {
  const appended = (table: SQL) =>
    sql`(select count(*) from ${table} where not compacted) > ${LIST_COUNT_ROWS_TO_COMPACT}`;
  const spanned = SORTS.flatMap((sort) => {
    const spans: Spans | null = SORT_DEFINITIONS[sort].spans;
    return spans ? [{ sort, table: spans.table }] : [];
  });
  const [due] = await queryRows<{ counts: boolean; spans: boolean[] }>(
    db,
    sql`select ${appended(sql`product_list_counts`)} as counts,
      array[${sql.join(
        spanned.map(({ table }) => appended(table)),
        sql`, `,
      )}]::boolean[] as spans`,
  );
  const keywords = await queryRows<{ words: string[] }>(
    db,
    sql`select words from (${sql.join(
      KEPT_KEYWORD_ROWS.map(({ table }) => sql`select words from ${sql.raw(table)} where not compacted`),
      sql` union all `,
    )}) appended
      group by words having count(*) > ${LIST_COUNT_ROWS_TO_COMPACT}`,
  );
  const compactions: (() => Promise<void>)[] = [];
  if (due?.counts) compactions.push(() => compactListCountsOnce(db));
  spanned.forEach(({ sort }, i) => {
    if (due?.spans[i]) compactions.push(() => compactListSpansOnce(db, sort));
  });
  for (const { words } of keywords) compactions.push(() => compactKeywordCountsOnce(db, words));
  let done = 0;
  for (const compact of compactions) {
    if (stopped()) break;
    await compact();
    done++;
  }
  return done;
}

/**
 * The catalogue's upkeep, run in the background when the shop starts and after a catalogue import
 * (catalogue-upkeep.plugin.ts): the kept counts compacted where due, then the commonest words kept counted.
 */
export async function keepCatalogueCountsTidy(db: Executor, stopped: () => boolean = () => false) {
  const compacted = await compactCatalogueCounts(db, stopped);
  const ready = stopped() ? 0 : await keepCommonWordsCounted(db, { stopped });
  return { compacted, ready };
}

/**
 * A list page and its exact total. The first page carries the total in its own statement; a later page
 * reads the total first, to be placed from the nearer end (from the end past the middle).
 */
async function listPage(
  db: Executor,
  filter: ProductFilter,
  where: SQL | undefined,
  { spanWalk, today }: { spanWalk: number; today: SQL },
) {
  const definition: SortDefinition = SORT_DEFINITIONS[filter.sort];
  const facet = definition.facetOrder ? facetOf(filter) : undefined;
  const walk = (window: Window) =>
    facet && definition.facetOrder
      ? facetPageIds(facet, definition.facetOrder, filter, window)
      : pageIds(where, filter.sort, window, 'walk', today);
  if (filter.offset > 0) {
    const totalCount = await listCount(db, filter);
    if (filter.offset >= totalCount) return { rows: [], totalCount };
    const window = pageWindow(filter.offset, filter.limit, totalCount);
    const spans = definition.spans;
    const spanned =
      spans && window.offset > spanWalk && !filter.tag && filter.artistId === undefined
        ? await spanOf(db, filter, spans)
        : undefined;
    const page =
      spans && spanned
        ? pageIds(
            and(where, spans.before(spanned.span)),
            filter.sort,
            { backward: false, offset: filter.offset - spanned.before, limit: filter.limit },
            'walk',
            today,
          )
        : walk(window);
    const rows = await readPage(db, page, filter.sort, today, {});
    return { rows, totalCount };
  }
  const rows = await readPage(
    db,
    walk({ backward: false, offset: 0, limit: filter.limit }),
    filter.sort,
    today,
    {
      sums: sql<(string | number)[]>`${listSums(filter)}`,
    },
  );
  const first = rows[0];
  if (!first) return { rows: [], totalCount: await listCount(db, filter) };
  return {
    rows: rows.map(({ product, option }) => ({ product, option })),
    totalCount: listTotalOf(db, first.sums),
  };
}

/**
 * One page of products, each represented by its default option, and how many match in all. The page's
 * products are chosen first as ids from the list indexes alone (however deep the page), or among a rare
 * search's matches, then only those are read with their default options.
 */
export async function listProductCards(
  db: Executor,
  filter: ProductFilter,
  {
    fewMatches = FEW_MATCHES,
    keepAbove = KEEP_COUNTED_ABOVE,
    spanWalk = SPAN_WALK,
    halvesAbove = runsStatementsAtOnce(db) ? COUNT_IN_HALVES_ABOVE : Number.POSITIVE_INFINITY,
    today: day = koreanDate(),
  }: {
    fewMatches?: number;
    keepAbove?: number;
    spanWalk?: number;
    halvesAbove?: number;
    /** The day ('2026-11-22') the release-date order turns on: the Korean day by default. */
    today?: string;
  } = {},
) {
  const today = sql`${day}::date`;
  const where = and(...filterConditions(filter));
  if (!filter.keywords?.length) return listPage(db, filter, where, { spanWalk, today });
  const keywordSpans: Spans | null = SORT_DEFINITIONS[filter.sort].keywordSpans;
  // A search needs its total first, to choose how to find its page and from which end.
  const totalCount = await searchCount(db, filter, where, { keepAbove, halvesAbove });
  if (totalCount === 0) return { rows: [], totalCount };
  const few = totalCount <= fewMatches;
  const window = few
    ? { backward: false, offset: filter.offset, limit: filter.limit }
    : pageWindow(filter.offset, filter.limit, totalCount);
  const walk = and(...filterConditions(filter, 'strpos'));
  const spanned =
    keywordSpans &&
    !few &&
    window.offset > spanWalk &&
    !filter.categoryId &&
    filter.artistId === undefined &&
    !filter.tag
      ? await keywordSpanOf(db, filter, keywordSpans)
      : undefined;
  const page = few
    ? pageIds(where, filter.sort, window, 'matches', today)
    : keywordSpans && spanned
      ? pageIds(
          and(walk, keywordSpans.before(spanned.span)),
          filter.sort,
          { backward: false, offset: filter.offset - spanned.before, limit: filter.limit },
          'walk',
          today,
        )
      : pageIds(walk, filter.sort, window, 'walk', today);
  const rows = await readPage(db, page, filter.sort, today, {});
  return { rows, totalCount };
}

export type ProductCardRow = Awaited<ReturnType<typeof listProductCards>>['rows'][number];

/** The images of the listed product an option belongs to, or null when it is not listed (or unknown). */
export async function imagesOfListedOption(db: Executor, optionId: string) {
  const [row] = await db
    .select({ imageUrls: products.imageUrls })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(eq(productOptions.id, optionId), listedProduct()))
    .limit(1);
  return row?.imageUrls ?? null;
}

export async function findProductByOption(db: Executor, optionId: string) {
  // One statement: a detail is made again on every stock change of its options.
  const rows = await db
    .select({ product: products, option: productOptions })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(
      and(
        eq(
          productOptions.productId,
          sql`(select o.product_id from ${productOptions} o where o.id = ${optionId})`,
        ),
        listedProduct(),
      ),
    )
    .orderBy(asc(productOptions.sortOrder), asc(productOptions.createdAt));
  const first = rows[0];
  if (!first) return null;
  return { product: first.product, options: rows.map((row) => row.option) };
}
