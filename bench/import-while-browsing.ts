/**
 * Storefront latency while the back office imports a large catalogue CSV, on the built shop: PGlite, or
 * PostgreSQL when BENCH_DATABASE_URL is set.
 *
 * 1. The product list (page 1, latest, as a member) under autocannon with 50 connections for BENCH_DURATION
 *    seconds (default 20), with nothing else running: req/s, p99 and max.
 * 2. The same load again while a staff member imports a CSV of BENCH_IMPORT_ROWS rows (default 10,000: new
 *    products of five options each); the load stops when the import has ended. Prints the list's p99 and max
 *    during the import, the import's duration, and the slowest of the /healthz checks made every 100 ms
 *    meanwhile.
 *
 * Works against a shop whose import answers at once with a job (202, then polled) as well as one that
 * answers only when the import is done (200), so a build from before the import became a job can be
 * measured with this same script (run it from that build's tree).
 */
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { startStaffedShop } from '../e2e/support/staffed-shop.js';
import { isMain, round, table, writeResult } from './support/report.js';
import { buyerSession, json, ownerSession } from './support/staff-session.js';

const CONNECTIONS = 50;
const MEMBER = { email: 'korea@demo.kshop.example', password: 'Demo1234!' };
const STAFF_EMAIL = 'bench-owner@kshop.example';
const STAFF_PASSWORD = 'Bench-Import-2026!';
const LIST = '/api/v1/product/list?page=1&limit=20&sort=latest&stockStatus=all';
const HEADER =
  'product_uuid,title,vendor,category_id,tags,release_date,artist_ids,option_uuid,option_key1,option_value1,option_key2,option_value2,price_krw,price_usd,compared_price_krw,compared_price_usd,stock,minimum_order_quantity,sold_out,is_default';

type Load = {
  requestsPerSecond: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
};
type Result = {
  database: 'pglite' | 'postgres';
  connections: number;
  importRows: number;
  loadAverageBefore: number[];
  listAlone: Load & { durationSeconds: number };
  listDuringImport: Load;
  importMs: number;
  importOutcome: unknown;
  healthzMaxMs: number;
  loadAverageAfter: number[];
};

/** New products of five options each, one row per option. */
export function importCsv(rows: number): string {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    const product = Math.floor(i / 5);
    const option = i % 5;
    lines.push(
      [
        '',
        `Bench Import Album ${product}`,
        'Bench Label',
        9,
        'new',
        '2027-01-15',
        1,
        '',
        'VERSION',
        `V${option + 1}`,
        '',
        '',
        18000 + option * 1000,
        14.5 + option,
        '',
        '',
        100,
        1,
        'false',
        option === 0 ? 'true' : 'false',
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const loadOf = (result: autocannon.Result): Load => ({
  requestsPerSecond: round(result.requests.average),
  p99Ms: round(result.latency.p99, 1),
  maxMs: round(result.latency.max, 1),
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
});

function cannon(url: string, headers: Record<string, string>, duration: number) {
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ url, headers, connections: CONNECTIONS, duration }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
  return { done, stop: () => instance?.stop() };
}

export async function measureImportWhileBrowsing(): Promise<Result> {
  const durationSeconds = Number(process.env.BENCH_DURATION ?? 20);
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  // The staffed shop makes its scratch database next to TEST_DATABASE_URL; only BENCH_DATABASE_URL counts here.
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  // The import of the build before jobs answered only when done, after the default request timeout.
  const shop = await startStaffedShop({ env: { RATE_LIMIT: 'false', REQUEST_TIMEOUT_MS: '600000' } });
  try {
    const staff = await ownerSession(shop, STAFF_EMAIL, STAFF_PASSWORD);
    const member = await buyerSession(shop.url, MEMBER.email, MEMBER.password);
    const listed = await json(`${shop.url}${LIST}`, { headers: member });
    if (listed.status !== 200) throw new Error(`the list answered ${listed.status}`);
    const csv = importCsv(rows);

    const loadAverageBefore = loadavg().map((l) => round(l, 2));
    const alone = cannon(`${shop.url}${LIST}`, member, durationSeconds);
    const listAlone = { ...loadOf(await alone.done), durationSeconds };

    const during = cannon(`${shop.url}${LIST}`, member, 3_600);
    await sleep(1_000);
    let healthzMaxMs = 0;
    let importing = true;
    const healthChecks = (async () => {
      while (importing) {
        const started = performance.now();
        await (await fetch(`${shop.url}/healthz`)).arrayBuffer();
        healthzMaxMs = Math.max(healthzMaxMs, performance.now() - started);
        await sleep(100);
      }
    })();
    const started = performance.now();
    const upload = await json(`${shop.url}/api/v1/admin/catalogue/import`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', ...staff },
      body: csv,
    });
    let importOutcome: unknown = upload.body;
    if (upload.status === 202) {
      const { jobId } = upload.body.data as { jobId: string };
      for (;;) {
        const job = await json(`${shop.url}/api/v1/admin/catalogue/imports/${jobId}`, { headers: staff });
        const state = job.body.data as { status: string; result: unknown; failure: unknown };
        if (state.status === 'done' || state.status === 'failed') {
          importOutcome = state;
          break;
        }
        await sleep(100);
      }
    } else if (upload.status !== 200) {
      throw new Error(`the import answered ${upload.status}: ${upload.body.message}`);
    }
    const importMs = round(performance.now() - started);
    importing = false;
    during.stop();
    const listDuringImport = loadOf(await during.done);
    await healthChecks;
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      connections: CONNECTIONS,
      importRows: rows,
      loadAverageBefore,
      listAlone,
      listDuringImport,
      importMs,
      importOutcome,
      healthzMaxMs: round(healthzMaxMs, 1),
      loadAverageAfter: loadavg().map((l) => round(l, 2)),
    };
  } finally {
    await shop.stop();
  }
}

export function describeImportWhileBrowsing(result: Result): string {
  const outcome = result.importOutcome as { status?: string; message?: string };
  return [
    `Product list (${result.database}), ${result.connections} connections; import of ${result.importRows} rows:`,
    table(
      ['phase', 'req/s', 'p99 ms', 'max ms', 'requests', 'non-2xx', 'errors'],
      [
        ['list alone', ...row(result.listAlone)],
        ['list during import', ...row(result.listDuringImport)],
      ],
    ),
    `import took ${result.importMs} ms (${outcome.status ?? outcome.message}); slowest /healthz during it ${result.healthzMaxMs} ms`,
    `load average before ${result.loadAverageBefore.join(' ')}, after ${result.loadAverageAfter.join(' ')}`,
  ].join('\n');
}

const row = (load: Load) => [
  load.requestsPerSecond,
  load.p99Ms,
  load.maxMs,
  load.requests,
  load.non2xx,
  load.errors,
];

if (isMain(import.meta.url)) {
  const result = await measureImportWhileBrowsing();
  process.stdout.write(`${describeImportWhileBrowsing(result)}\n`);
  const file = await writeResult(`import-while-browsing-${result.database}`, result);
  process.stdout.write(`written to ${file}\n`);
}
