/**
 * EXPLAIN ANALYZE of the catalogue queries on the 100,000-product catalogue (catalogue-100k.ts), on PGlite
 * or PostgreSQL like the other scripts, and each query's time run plainly (median of 5). The statements
 * are the ones apps/api/src/modules/catalog/catalog.repository.ts builds for a listing and a search, with
 * the parameters written in. Needs the database to itself on PGlite: stop any shop on it first.
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

const page = (
  where: string,
) => `select p.id, p.category_id, p.title, p.vendor, p.image_urls[1], p.release_date,
  p.tags, p.in_stock, p.status_id, p.nation_code2, p.total_sales_quantity, p.total_sales_amount_krw,
  p.total_sales_amount_usd, p.sales_start_at, p.sales_end_at, p.event_type, p.event_apply_start_at,
  p.event_apply_end_at, p.created_at, p.updated_at, p.deleted_at,
  o.id, o.price_krw, o.price_usd, o.compared_price_krw, o.compared_price_usd
from products p inner join product_options o on (o.product_id = p.id and o.is_default = true)
where (${where})
order by p.created_at desc, p.id asc limit 20 offset 0`;

const count = (where: string) => `select count(*)
from products p inner join product_options o on (o.product_id = p.id and o.is_default = true)
where (${where})`;

const searchWhere = `p.deleted_at is null and p.search_text like '%${KEYWORD.replace(/[^\p{L}\p{N} ]/gu, '')}%'`;

export const QUERIES: { name: string; sql: string }[] = [
  { name: 'list page', sql: page('p.deleted_at is null') },
  { name: 'list count', sql: count('p.deleted_at is null') },
  { name: `search '${KEYWORD}' page`, sql: page(searchWhere) },
  { name: `search '${KEYWORD}' count`, sql: count(searchWhere) },
  // For comparison: the same counts without the join, right when every product has its one default option.
  {
    name: 'list count, products only',
    sql: 'select count(*) from products p where (p.deleted_at is null)',
  },
  {
    name: `search '${KEYWORD}' count, products only`,
    sql: `select count(*) from products p where (${searchWhere})`,
  },
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
