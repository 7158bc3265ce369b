/**
 * What the catalogue's kept rows cost its writers, on the 100,000-product catalogue on PostgreSQL
 * (catalogue-100k.ts; run catalogue-cases-100k.ts once first, so that the common words are kept counted as
 * on a running shop). The writes run on a copy of that database, made for the run and dropped after it.
 * Each write runs in a transaction that is rolled back, so every round starts from the same catalogue, and is
 * timed with the product triggers as they are ('now') and as they were before the artists' and
 * tags' rows and the keywords' spans (migrations 0027, 0028; 'before': the facet triggers disabled and the
 * keyword trigger of migration 0019 put back, inside the same transaction), alternated A B A B.
 *
 * The writes: the stock state of 20,000 products flipped (as an import may), a sales fold of 1,000 products
 * (as `foldSales` adds the sales of a second of orders), and 500 products' tags replaced (a bulk edit).
 * BENCH_ROUNDS sets the rounds (default 5). Needs BENCH_DATABASE_URL.
 */
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { catalogueTarget, describeTarget } from './support/catalogue-db.js';
import { isMain, round, spread, table, writeResult } from './support/report.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const WRITES = [
  {
    name: 'stock state of 20,000 products flipped',
    sql: `update products set in_stock = not in_stock
      where id in (select id from products order by md5(id::text) limit 20000)`,
  },
  {
    name: 'sales fold of 1,000 products',
    sql: `update products set total_sales_quantity = total_sales_quantity + 1 + (hashtext(id::text) & 3)
      where id in (select id from products order by md5(id::text) desc limit 1000)`,
  },
  {
    name: "500 products' tags replaced",
    sql: `update products set tags = case when 'sale' = any(tags) then array['hot'] else array['sale', 'new'] end
      where id in (select id from products order by md5(id::text || 'tags') limit 500)`,
  },
];

/** The keyword trigger's function as migration 0019 made it, before 0028 gave it the spans. */
async function keywordTriggerBefore(): Promise<string> {
  const file = path.resolve(import.meta.dirname, '../apps/api/drizzle/0019_search_keyword_counts.sql');
  const statements = (await readFile(file, 'utf8')).split('--> statement-breakpoint');
  const created = statements.find((s) => s.includes('CREATE FUNCTION count_keyword_matches()'));
  if (!created) throw new Error('count_keyword_matches not found in migration 0019');
  return created.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION');
}

const FACET_TRIGGERS = [
  'products_list_facets_insert',
  'products_list_facets_update',
  'products_list_facets_delete',
];

export async function measureWrites() {
  const target = catalogueTarget();
  if (target.driver !== 'postgres') throw new Error('set BENCH_DATABASE_URL: this bench runs on PostgreSQL');
  // On a copy: a rolled-back write leaves its dead rows and index entries behind, which would slow the
  // catalogue's list benches until a vacuum (and bloat its indexes for good).
  const copy = `${target.databaseName}_writes`;
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${copy}" with (force)`);
  await admin.query(`create database "${copy}" template "${target.databaseName}"`);
  const url = new URL(target.url);
  url.pathname = `/${copy}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const before = await keywordTriggerBefore();
  const [kept] = (await client.query('select count(*)::int as n from search_keywords where ready')).rows;
  const times = new Map<string, number[]>();
  const loads: number[] = [];
  try {
    for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++) {
      for (const write of WRITES) {
        // A B A B: the order of the two alternates from round to round.
        const variants = roundIndex % 2 === 0 ? ['before', 'now'] : ['now', 'before'];
        for (const variant of variants) {
          await client.query('begin');
          try {
            if (variant === 'before') {
              for (const trigger of FACET_TRIGGERS) {
                await client.query(`alter table products disable trigger ${trigger}`);
              }
              await client.query(before);
            }
            const started = performance.now();
            await client.query(write.sql);
            const key = `${write.name}|${variant}`;
            times.set(key, [...(times.get(key) ?? []), performance.now() - started]);
          } finally {
            await client.query('rollback');
          }
        }
        loads.push(loadavg()[0]!);
      }
    }
  } finally {
    await client.end();
    await admin.query(`drop database if exists "${copy}" with (force)`);
    await admin.end();
  }
  const rows = WRITES.map((write) => {
    const [b, n] = ['before', 'now'].map((variant) => spread(times.get(`${write.name}|${variant}`) ?? []));
    return {
      write: write.name,
      beforeMs: round(b!.median, 1),
      nowMs: round(n!.median, 1),
      ratio: round(n!.median / b!.median, 2),
      beforeRange: `${round(b!.min)}–${round(b!.max)}`,
      nowRange: `${round(n!.min)}–${round(n!.max)}`,
    };
  });
  const load = spread(loads);
  console.info(
    `${describeTarget(target)}; ${kept?.n ?? 0} keywords kept counted; medians of ${ROUNDS} alternated rounds; load ${round(load.min, 2)}–${round(load.max, 2)}`,
  );
  console.info(
    table(
      ['write', 'before ms', 'now ms', 'now / before', 'before range', 'now range'],
      rows.map((r) => [r.write, r.beforeMs, r.nowMs, r.ratio, r.beforeRange, r.nowRange]),
    ),
  );
  console.info(`written to ${await writeResult('catalogue-writes-100k', { keptKeywords: kept?.n, rows })}`);
}

if (isMain(import.meta.url)) await measureWrites();
