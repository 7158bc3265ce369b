/**
 * Every kind of catalogue list on the 100,000-product catalogue (catalogue-100k.ts), each timed as one
 * request through the API's own catalogue service (apps/api/dist): cold, the first time the filter is asked
 * for, with nothing cached in the shop (no count, no answer: the service is called without the routes'
 * answer cache), and warm, the median of repeated runs right after. The connections stay open across the
 * cases as on a running shop, and PostgreSQL's own buffers are as warm as the cases before left them.
 * A search keyword found in more than 2,000 products is kept counted in the database from its first
 * search on (decision 0025), and the catalogue's commonest words and pairs from the shop's start on. The bench
 * runs the catalogue's upkeep first, as the shop does when it starts (catalogue-upkeep.plugin.ts): the kept
 * counts compacted where due (a freshly generated catalogue leaves one row per statement and group), then the
 * common words kept counted. BENCH_UPKEEP=false leaves both out: the first requests then sum the appended
 * rows (and compact them), and a common word never kept is counted by its first search (every match); once
 * kept, cold reads the kept count, as after a shop's restart.
 * Prints a table of the cases with the answer's total, the cold and warm milliseconds and the load average.
 *
 * Run after `npm run build` and `npm run bench:catalogue`, with the catalogue options of catalogue-100k.ts;
 * BENCH_RUNS sets the warm runs (default 7), BENCH_MATCH keeps the cases whose name contains it, and
 * BENCH_LABEL is added to the result file's name. The catalogue tables are vacuumed and analysed first, as
 * autovacuum keeps them on a shop's server (BENCH_VACUUM=false leaves them as they are).
 */
import { loadavg } from 'node:os';
import type { Database } from '../apps/api/dist/db/client.js';
import { STANDARD_PRICE_GROUP_ID } from '../apps/api/dist/db/schema.js';
import { productList, productSearch } from '../apps/api/dist/modules/catalog/catalog.service.js';
import { keepCatalogueCountsTidy } from '../apps/api/dist/modules/catalog/catalogue-upkeep.repository.js';
import { KEPT_KEYWORD_ROWS } from '../apps/api/dist/modules/catalog/search.repository.js';
import {
  CATALOGUE_SIZE,
  type CatalogueTarget,
  catalogueTarget,
  countProducts,
  describeTarget,
  openTarget,
  rows,
} from './support/catalogue-db.js';
import { isMain, round, spread, table, writeResult } from './support/report.js';

type Sort = 'latest' | 'bestSelling';
type StockStatus = 'all' | 'inStock' | 'outOfStock';
type Listing = { sort?: Sort; stockStatus?: StockStatus; page?: number | 'last' | 'middle' };
export type Case = Listing & {
  name: string;
  categoryId?: number;
  artistId?: number;
  tag?: 'pre' | 'new' | 'sale' | 'hot';
  keyword?: string;
  /** Timed cold as the first search ever for its one word: the word's kept counts are dropped first. */
  firstSearch?: boolean;
};

const PAGE_SIZE = 20;

const categoryCases = (): Case[] =>
  [0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 20, 21, 22, 23, 24].map((categoryId) => ({
    name: `category ${categoryId}`,
    categoryId,
  }));

export const CASES: Case[] = [
  ...categoryCases(),
  { name: 'category 1 (parent) bestSelling', categoryId: 1, sort: 'bestSelling' },
  { name: 'category 9 (grandparent) page 50', categoryId: 9, page: 50 },
  { name: 'category 24 last page', categoryId: 24, page: 'last' },
  { name: 'all bestSelling', categoryId: 0, sort: 'bestSelling' },
  { name: 'all inStock', categoryId: 0, stockStatus: 'inStock' },
  { name: 'all outOfStock', categoryId: 0, stockStatus: 'outOfStock' },
  { name: 'all outOfStock bestSelling', categoryId: 0, stockStatus: 'outOfStock', sort: 'bestSelling' },
  { name: 'all page 50', categoryId: 0, page: 50 },
  { name: 'all page 2000', categoryId: 0, page: 2000 },
  { name: 'all page 2000 bestSelling', categoryId: 0, page: 2000, sort: 'bestSelling' },
  { name: 'all last page', categoryId: 0, page: 'last' },
  { name: 'all inStock last page', categoryId: 0, stockStatus: 'inStock', page: 'last' },
  { name: 'artist 1', categoryId: 0, artistId: 1 },
  { name: 'artist 1 bestSelling page 50', categoryId: 0, artistId: 1, sort: 'bestSelling', page: 50 },
  { name: 'artist 1 outOfStock', categoryId: 0, artistId: 1, stockStatus: 'outOfStock' },
  { name: 'artist 1 category 5', categoryId: 5, artistId: 1 },
  { name: 'artist 1 tag new', categoryId: 0, artistId: 1, tag: 'new' },
  { name: 'artist 1 tag new last page', categoryId: 0, artistId: 1, tag: 'new', page: 'last' },
  { name: 'tag pre', categoryId: 0, tag: 'pre' },
  { name: 'tag new', categoryId: 0, tag: 'new' },
  { name: 'tag sale', categoryId: 0, tag: 'sale' },
  { name: 'tag sale outOfStock', categoryId: 0, tag: 'sale', stockStatus: 'outOfStock' },
  { name: 'tag new page 2000', categoryId: 0, tag: 'new', page: 'last' },
  // Middle pages, the deepest from either end: a sparse list passes the most index entries before them.
  { name: 'category 1 middle page', categoryId: 1, page: 'middle' },
  { name: 'category 24 middle page', categoryId: 24, page: 'middle' },
  { name: 'all outOfStock middle page', categoryId: 0, stockStatus: 'outOfStock', page: 'middle' },
  {
    name: 'tag sale middle page bestSelling',
    categoryId: 0,
    tag: 'sale',
    sort: 'bestSelling',
    page: 'middle',
  },
  { name: 'artist 1 middle page', categoryId: 0, artistId: 1, page: 'middle' },
  {
    name: 'artist 1 middle page bestSelling',
    categoryId: 0,
    artistId: 1,
    sort: 'bestSelling',
    page: 'middle',
  },
  { name: 'tag new middle page', categoryId: 0, tag: 'new', page: 'middle' },
  { name: "search 'album'", keyword: 'album' },
  { name: "search 'album' bestSelling", keyword: 'album', sort: 'bestSelling' },
  { name: "search 'album' page 50", keyword: 'album', page: 50 },
  { name: "search 'album' last page", keyword: 'album', page: 'last' },
  { name: "search 'album' outOfStock", keyword: 'album', stockStatus: 'outOfStock' },
  { name: "search 'wall'", keyword: 'wall' },
  { name: "search 'wall' bestSelling", keyword: 'wall', sort: 'bestSelling' },
  { name: "search 'wall' last page", keyword: 'wall', page: 'last' },
  { name: "search 'zqxj' (no match)", keyword: 'zqxj' },
  { name: "search 'light stick'", keyword: 'light stick' },
  { name: "search 'album wall'", keyword: 'album wall' },
  { name: "search 'stellar boys' inStock", keyword: 'stellar boys', stockStatus: 'inStock' },
  { name: "search 'ver' (common, short)", keyword: 'ver' },
  { name: "search '강민' (Korean)", keyword: '강민' },
  { name: "search 'album' middle page", keyword: 'album', page: 'middle' },
  {
    name: "search 'album' middle page bestSelling",
    keyword: 'album',
    sort: 'bestSelling',
    page: 'middle',
  },
  { name: "search 'ver' middle page inStock", keyword: 'ver', stockStatus: 'inStock', page: 'middle' },
  { name: "search 'a' (one letter)", keyword: 'a', firstSearch: true },
  { name: "search 'stick'", keyword: 'stick' },
  // What the search overlay asks while a buyer types 'album' and pauses (spec: results after 300 ms).
  { name: "search 'al' (typed)", keyword: 'al', firstSearch: true },
  { name: "search 'alb' (typed)", keyword: 'alb', firstSearch: true },
  { name: "search 'albu' (typed)", keyword: 'albu', firstSearch: true },
];

type Answer = { productOptionList: unknown[]; totalCount: number };

export function ask(db: Database, c: Case, page: number): Promise<Answer> {
  const listing = { page, limit: PAGE_SIZE, sort: c.sort ?? 'latest', stockStatus: c.stockStatus ?? 'all' };
  // A member of the Standard group: prices are read as for a buyer who sees them.
  const member = { currency: 'KRW', priceGroupId: STANDARD_PRICE_GROUP_ID } as const;
  return c.keyword === undefined
    ? productList(db.db, { ...listing, categoryId: c.categoryId, artistId: c.artistId, tag: c.tag }, member)
    : productSearch(db.db, { ...listing, keyword: c.keyword }, member);
}

export interface CaseResult {
  name: string;
  page: number;
  rows: number;
  totalCount: number;
  coldMs: number;
  warmMs: number;
  warmMinMs: number;
  warmMaxMs: number;
  load1: number;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/**
 * The shop's database as a new request handler sees it with nothing cached: the catalogue keeps counts
 * per database handle, so a fresh handle over the same open connections starts with none, as a running
 * shop does on a filter nobody asked for yet.
 */
export const uncached = (database: Database): Database => ({ ...database, db: Object.create(database.db) });

/** The last and the middle page need the total: it is read on a handle of its own first (not timed). */
async function pageOf(database: Database, c: Case): Promise<number> {
  if (c.page !== 'last' && c.page !== 'middle') return c.page ?? 1;
  const { totalCount } = await ask(uncached(database), c, 1);
  const pages = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));
  return c.page === 'last' ? pages : Math.ceil(pages / 2);
}

/** Drops what the shop keeps of a word's search, as if nobody had searched for it yet. */
export async function forgetKeyword(database: Database, word: string) {
  for (const table of ['search_keywords', ...KEPT_KEYWORD_ROWS.map((rows) => rows.table)])
    await database.db.execute(`delete from ${table} where words = array['${word.replaceAll("'", "''")}']`);
}

export async function measureCase(database: Database, c: Case, runs: number): Promise<CaseResult> {
  if (c.firstSearch && c.keyword) await forgetKeyword(database, c.keyword);
  const page = await pageOf(database, c);
  const shop = uncached(database);
  const load1 = round(loadavg()[0]!, 2);
  const cold = await timed(() => ask(shop, c, page));
  const warm: number[] = [];
  for (let run = 0; run < runs; run++) warm.push((await timed(() => ask(shop, c, page))).ms);
  const { min, median, max } = spread(warm);
  return {
    name: c.name,
    page,
    rows: cold.value.productOptionList.length,
    totalCount: cold.value.totalCount,
    coldMs: round(cold.ms, 1),
    warmMs: round(median, 1),
    warmMinMs: round(min, 1),
    warmMaxMs: round(max, 1),
    load1,
  };
}

export interface CasesResult {
  database: 'pglite' | 'postgres';
  location: string;
  runs: number;
  loadBefore: number[];
  loadAfter: number[];
  cases: CaseResult[];
}

export async function measureCases(target: CatalogueTarget, cases: Case[], runs: number) {
  const database = await openTarget(target);
  const results: CaseResult[] = [];
  let loadBefore: number[] = [];
  try {
    const products = await countProducts(database);
    if (products < CATALOGUE_SIZE) {
      throw new Error(`${describeTarget(target)} holds ${products} products: run catalogue-100k.ts first`);
    }
    // As autovacuum would on a shop's server (a test server may run without it): the list indexes are
    // read without table rows only where the visibility map says a page is all visible.
    if (process.env.BENCH_VACUUM !== 'false') {
      const started = performance.now();
      // The kept counts (their table grows by the rows appended between compactions) and the artists' and
      // tags' rows too, where they exist.
      const [kept] = await rows<{ tables: string | null }>(
        database,
        `select string_agg(relname, ', ') as tables from pg_class where relkind = 'r'
          and relname in ('product_list_counts', 'product_list_facets', 'search_keywords', 'search_keyword_counts')`,
      );
      const tables = ['products', 'product_options', 'product_artists', kept?.tables].filter(Boolean);
      await database.db.execute(`vacuum (analyze) ${tables.join(', ')}`);
      console.info(`vacuum (analyze): ${round((performance.now() - started) / 1000, 1)} s`);
    }
    if (process.env.BENCH_UPKEEP !== 'false') {
      // As the shop does when it starts (catalogue-upkeep.plugin.ts).
      const started = performance.now();
      const { compacted, ready } = await keepCatalogueCountsTidy(database.db);
      console.info(
        `upkeep: ${compacted} kept counts compacted, ${ready} common words kept counted, in ${round((performance.now() - started) / 1000, 1)} s`,
      );
    }
    loadBefore = loadavg().map((n) => round(n, 2));
    // Every connection of the pool opened and used once, as on a shop that has been serving a while.
    const warmUp: Case = { name: 'warm-up', categoryId: 0, stockStatus: 'inStock', sort: 'bestSelling' };
    await Promise.all([1, 2, 3, 4].map(() => ask(uncached(database), warmUp, 3)));
    for (const c of cases) {
      const result = await measureCase(database, c, runs);
      results.push(result);
      console.info(
        `${result.name}: cold ${result.coldMs} ms, warm ${result.warmMs} ms (total ${result.totalCount}, load ${result.load1})`,
      );
    }
  } finally {
    await database.close();
  }
  const loadAfter = loadavg().map((n) => round(n, 2));
  return {
    database: target.driver,
    location: describeTarget(target),
    runs,
    loadBefore,
    loadAfter,
    cases: results,
  } satisfies CasesResult;
}

if (isMain(import.meta.url)) {
  const runs = Number(process.env.BENCH_RUNS ?? 7);
  const match = process.env.BENCH_MATCH;
  const cases = match ? CASES.filter((c) => c.name.includes(match)) : CASES;
  const result = await measureCases(catalogueTarget(), cases, runs);
  console.info(
    `\n${result.location}; warm = median of ${runs} runs; load average before ${result.loadBefore.join(' ')}, after ${result.loadAfter.join(' ')}\n${table(
      ['case', 'page', 'rows', 'total', 'cold ms', 'warm ms', 'warm min', 'warm max', 'load 1m'],
      result.cases.map((c) => [
        c.name,
        c.page,
        c.rows,
        c.totalCount,
        c.coldMs,
        c.warmMs,
        c.warmMinMs,
        c.warmMaxMs,
        c.load1,
      ]),
    )}`,
  );
  const name = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
  console.info(`written to ${await writeResult(`catalogue-cases-100k-${result.database}${name}`, result)}`);
}
