/**
 * EXPLAIN ANALYZE of the catalogue queries on the 100,000-product catalogue (catalogue-100k.ts), on PGlite
 * or PostgreSQL like the other scripts, and each query's time run plainly (median of 5). The statements
 * have the shapes apps/api/src/modules/catalog/ builds for a listing and a search (page ids from a list
 * index, then the products: catalog.repository.ts; totals from the kept list counts:
 * kept-counts.repository.ts, and for a search counted or, for a common keyword, kept: search.repository.ts),
 * with the parameters written in. Needs the database to itself on PGlite: stop any shop on it.
 */
import {
  type CatalogueTarget,
  catalogueTarget,
  describeTarget,
  openTarget,
  rows,
} from './support/catalogue-db.js';
import { isMain, round, spread, table, writeResult } from './support/report.js';

const RUNS = 5;
const KEYWORD = process.env.BENCH_KEYWORD ?? 'album';

const columns = `p.id, p.category_id, p.title, p.vendor, p.image_urls[1], p.release_date,
  p.tags, p.in_stock, p.status_id, p.nation_code2, p.total_sales_quantity, p.total_sales_amount_krw,
  p.total_sales_amount_usd, p.sales_start_at, p.sales_end_at, p.event_type, p.event_apply_start_at,
  p.event_apply_end_at, p.created_at, p.updated_at, p.deleted_at,
  o.id, o.price_krw, o.price_usd, o.compared_price_krw, o.compared_price_usd`;

/** A page as the repository reads it: its ids from a list index, then those products with their options. */
const page = (where: string, order: string, offset: number, limit = 20) => `select ${columns}
from (select id from products where (${where}) order by ${order} limit ${limit} offset ${offset}) page
inner join products p on p.id = page.id
inner join product_options o on (o.product_id = p.id and o.is_default = true)
order by p.created_at desc, p.id asc`;

const LATEST = 'created_at desc, id asc';
/** The mirrored order, for pages past the middle: read from the end. */
const LATEST_FROM_END = 'created_at asc, id desc';

const word = KEYWORD.replace(/[^\p{L}\p{N} ]/gu, '');
/** A listed product, as the list indexes' predicate (apps/api/src/db/listed.ts). */
const listWhere = 'deleted_at is null and is_published';
const searchWhere = `${listWhere} and search_text like '%${word}%'`;
/** A search walking a list index: its words as strpos, which the trigram index does not answer. */
const walkWhere = `${listWhere} and strpos(search_text, '${word}') > 0`;

export const QUERIES: { name: string; sql: string }[] = [
  { name: 'list page 1', sql: page(listWhere, LATEST, 0) },
  { name: 'list page 2000', sql: page(listWhere, LATEST, 39_980) },
  { name: 'list last page (from the end)', sql: page(listWhere, LATEST_FROM_END, 0) },
  // A list's total, summed from the rows the product triggers keep.
  { name: 'list count', sql: 'select coalesce(sum(n), 0) from product_list_counts' },
  { name: `search '${KEYWORD}' page 1`, sql: page(walkWhere, LATEST, 0) },
  { name: `search '${KEYWORD}' count`, sql: `select count(*) from products where ${searchWhere}` },
  // The count kept for a common keyword (migration 0019), once a search has kept it.
  {
    name: `search '${KEYWORD}' kept count`,
    sql: `select k.ready, coalesce(sum(c.n), 0) from search_keywords k
      left join search_keyword_counts c on c.words = k.words where k.words = array['${word}'] group by k.ready`,
  },
  // For comparison: counting every listed product, as lists did before they kept their totals.
  { name: 'list count, counted', sql: `select count(*) from products where ${listWhere}` },
];

export interface ExplainResult {
  database: 'pglite' | 'postgres';
  location: string;
  queries: { name: string; sql: string; plan: string; medianMs: number; minMs: number; maxMs: number }[];
}

export async function explainCatalogue(target: CatalogueTarget): Promise<ExplainResult> {
  const database = await openTarget(target);
  try {
    const queries: ExplainResult['queries'] = [];
    for (const query of QUERIES) {
      const plan = await rows<{ 'QUERY PLAN': string }>(database, `explain analyze ${query.sql}`);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        await database.db.execute(query.sql);
        times.push(performance.now() - started);
      }
      const { min, median, max } = spread(times);
      queries.push({
        ...query,
        plan: plan.map((line) => line['QUERY PLAN']).join('\n'),
        medianMs: round(median, 1),
        minMs: round(min, 1),
        maxMs: round(max, 1),
      });
    }
    return { database: target.driver, location: describeTarget(target), queries };
  } finally {
    await database.close();
  }
}

if (isMain(import.meta.url)) {
  const result = await explainCatalogue(catalogueTarget());
  for (const q of result.queries) console.info(`\n== ${q.name} (${result.database})\n${q.plan}`);
  console.info(
    `\n${result.location}, each query run ${RUNS} times:\n${table(
      ['query', 'median ms', 'min ms', 'max ms'],
      result.queries.map((q) => [q.name, q.medianMs, q.minMs, q.maxMs]),
    )}`,
  );
  console.info(`written to ${await writeResult(`explain-100k-${result.database}`, result)}`);
}
