import type { StockStatus } from '@kshop/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { listedProduct } from '../../db/listed.js';
import { products } from '../../db/schema.js';
import { containsPattern } from '../../lib/like.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { compactOnce, LIST_COUNT_ROWS_TO_COMPACT, spanAt } from './kept-counts.repository.js';
import type { Spans } from './list-orders.js';
import { type ProductFilter, stockCondition } from './product-filter.js';

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

/** The cache a map keeps for `db`, made with `ttlMs` on first use. */
function cacheOf<V>(caches: WeakMap<Executor, TtlCache<V>>, db: Executor, ttlMs: number): TtlCache<V> {
  const known = caches.get(db);
  if (known) return known;
  const cache = new TtlCache<V>(ttlMs);
  caches.set(db, cache);
  return cache;
}

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

export const compactKeywordCountsOnce = (db: Executor, words: readonly string[]) =>
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

// Counting matches is the costly part of a search on a large catalogue; a count a few seconds old is good
// enough for the pagination, so it is kept per keyword and stock state for a moment.
const countsByDatabase = new WeakMap<Executor, TtlCache<number>>();
const countsOf = (db: Executor) => cacheOf(countsByDatabase, db, 5_000);

export async function searchCount(
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

/**
 * The span (day or sales band) of a search's matches holding its match at `filter.offset`, when its keyword
 * is kept counted and ready (its spans are whole only then); undefined otherwise.
 */
export function keywordSpanOf(db: Executor, filter: ProductFilter, { table, span }: Spans) {
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
