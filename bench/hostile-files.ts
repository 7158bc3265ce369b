/**
 * Hostile files against the built shop (PGlite, or PostgreSQL when BENCH_DATABASE_URL is set), one after
 * another. For each: what the shop answered and how long the request took, the event loop's delay
 * meanwhile (p99 and max of `kshop_node_nodejs_eventloop_lag_*`, which start again at each scrape of
 * /metrics: scraped right before and right after), the shop's resident memory before and after, and whether
 * the shop lived (answers /healthz, and its process is the one that started).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CELL_AT_ZZZZZZ1,
  lyingWorkbook,
  ROW_100_MILLION,
  zipBombWorkbook,
} from '../apps/api/src/test/workbooks.js';
import { startStaffedShop } from '../e2e/support/staffed-shop.js';
import { isMain, loadAverages, round, table, writeResult } from './support/report.js';
import { scrapeMetrics } from './support/shop-metrics.js';
import { buyerSession, json, ownerSession } from './support/staff-session.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MEMBER = { email: 'korea@demo.kshop.example', password: 'Demo1234!' };
const HEADER =
  'product_uuid,title,vendor,category_id,tags,release_date,artist_ids,option_uuid,option_key1,option_value1,option_key2,option_value2,price_krw,price_usd,compared_price_krw,compared_price_usd,stock,minimum_order_quantity,sold_out,is_default';
const LONG_TITLE_VENDOR = 'Bench Hostile Label';
const TITLE_MAX = 300;
const MB = 1024 * 1024;

type Case = { name: string; send(): Promise<Response> };
type Outcome = {
  name: string;
  status: number;
  answer: string;
  requestMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  lived: boolean;
};

/** The figures of the shop's /metrics this bench reads; scraping also starts the delay monitor again. */
async function scrape(base: string) {
  const value = await scrapeMetrics(base);
  return {
    p99Ms: value('kshop_node_nodejs_eventloop_lag_p99_seconds') * 1000,
    maxMs: value('kshop_node_nodejs_eventloop_lag_max_seconds') * 1000,
    rssMb: value('kshop_node_process_resident_memory_bytes') / MB,
    startedAt: value('kshop_node_process_start_time_seconds'),
  };
}

/**
 * An order whose one line has the longest title the import and the product form take (300 characters; before the
 * import checked rows with the form's schema it took 10,000, which the API test of the worker pool still draws).
 */
async function orderWithLongTitle(base: string, staff: Record<string, string>) {
  const row = [
    '',
    'K'.repeat(TITLE_MAX),
    LONG_TITLE_VENDOR,
    9,
    'new',
    '',
    1,
    '',
    'VERSION',
    'V1',
    '',
    '',
    18000,
  ];
  const csv = `${HEADER}\r\n${[...row, 14.5, '', '', 100, 1, 'false', 'true'].join(',')}\r\n`;
  const started = await json(`${base}/api/v1/admin/catalogue/import`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', ...staff },
    body: csv,
  });
  if (started.status !== 202)
    throw new Error(`the import answered ${started.status}: ${started.body.message}`);
  const { jobId } = started.body.data as { jobId: string };
  for (;;) {
    const job = (await json(`${base}/api/v1/admin/catalogue/imports/${jobId}`, { headers: staff })).body
      .data as { status: string; failure: unknown };
    if (job.status === 'failed') throw new Error(`the import failed: ${JSON.stringify(job.failure)}`);
    if (job.status === 'done') break;
    await sleep(100);
  }
  // The option is found in the catalogue's export, by the vendor only this product has.
  const exported = await (await fetch(`${base}/api/v1/admin/catalogue.csv`, { headers: staff })).text();
  const line = exported.split('\r\n').find((l) => l.includes(`,${LONG_TITLE_VENDOR},`));
  const optionId = line?.split(',')[7];
  if (!optionId) throw new Error('the imported option is not in the export');
  const member = await buyerSession(base, MEMBER.email, MEMBER.password);
  const placed = await json(`${base}/api/v1/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...member },
    body: JSON.stringify({
      currencyCode: 'KRW',
      finalPaymentAmount: 18000,
      receiverInfo: {
        companyName: 'Hanbit Records Trading',
        companyEmail: 'orders@hanbit.example',
        receiverName: 'Kim Minji',
        postalCode: '06234',
        addressDetail: '12 Teheran-ro, Gangnam-gu, Seoul',
        phoneNumber: '+82 10-1234-5678',
      },
      productOptionList: [{ productOptionUuid: optionId, quantity: 1 }],
    }),
  });
  if (placed.status !== 200) throw new Error(`the order answered ${placed.status}: ${placed.body.message}`);
  return (placed.body.data as { uuid: string }).uuid;
}

/** An SVG certificate as a guest uploads it at sign-up: an upload link, then the file PUT to it. */
async function uploadSvg(base: string, bytes: Buffer) {
  const link = await json(`${base}/api/v1/s3/upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fileInfoList: [{ fileType: 'BUSINESS_CERT', fileName: 'deep.svg' }] }),
  });
  const { url, contentType } = (link.body.data as { urlList: { url: string; contentType: string }[] })
    .urlList[0]!;
  return fetch(url.startsWith('http') ? url : `${base}${url}`, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: bytes,
  });
}

export async function measureHostileFiles() {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const shop = await startStaffedShop({ env: { METRICS: 'true', RATE_LIMIT: 'false' } });
  try {
    const staff = await ownerSession(shop, 'bench-hostile@kshop.example', 'Bench-Hostile-2026!');
    const orderId = await orderWithLongTitle(shop.url, staff);
    const preview = (body: Buffer | string, contentType: string) => () =>
      fetch(`${shop.url}/api/v1/admin/catalogue/import/preview`, {
        method: 'POST',
        headers: { 'content-type': contentType, ...staff },
        body,
      });
    const nestedSvg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(30_000)}${'</g>'.repeat(30_000)}</svg>`,
    );
    const cases: Case[] = [
      { name: 'xlsx: one cell at ZZZZZZ1', send: preview(CELL_AT_ZZZZZZ1, XLSX) },
      { name: 'xlsx: <row r="100000000">', send: preview(ROW_100_MILLION, XLSX) },
      { name: 'xlsx: zip bomb, 1.1 MB to 1.1 GB', send: preview(zipBombWorkbook(1100 * MB), XLSX) },
      {
        name: 'xlsx: directory says 4 MB, holds 300 MB',
        send: preview(lyingWorkbook(300 * MB, 4 * MB), XLSX),
      },
      { name: 'csv: a line of 1,000,000 fields', send: preview(`${','.repeat(1_000_000)}\r\n`, 'text/csv') },
      { name: 'svg: 30,000 nested <g>', send: () => uploadSvg(shop.url, nestedSvg) },
      {
        name: 'pdf: invoice, 300-character title',
        send: () => fetch(`${shop.url}/api/v1/admin/orders/${orderId}/invoice.pdf`, { headers: staff }),
      },
    ];

    const first = await scrape(shop.url);
    const outcomes: Outcome[] = [];
    for (const hostile of cases) {
      const before = await scrape(shop.url);
      const started = performance.now();
      const response = await hostile.send();
      const bytes = Buffer.from(await response.arrayBuffer());
      const requestMs = performance.now() - started;
      const after = await scrape(shop.url);
      const health = await fetch(`${shop.url}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
      const type = response.headers.get('content-type') ?? '';
      outcomes.push({
        name: hostile.name,
        status: response.status,
        answer: type.startsWith('application/json')
          ? String(JSON.parse(bytes.toString()).message).slice(0, 70)
          : `${type} (${round(bytes.length / 1024)} KiB)`,
        requestMs: round(requestMs),
        loopDelayP99Ms: round(after.p99Ms, 1),
        loopDelayMaxMs: round(after.maxMs, 1),
        rssBeforeMb: round(before.rssMb),
        rssAfterMb: round(after.rssMb),
        lived: health === 200 && after.startedAt === first.startedAt,
      });
    }
    return {
      database: databaseUrl ? ('postgres' as const) : ('pglite' as const),
      loadAverageAfter: loadAverages(),
      outcomes,
    };
  } finally {
    await shop.stop();
  }
}

export function describeHostileFiles(result: Awaited<ReturnType<typeof measureHostileFiles>>): string {
  return [
    `Hostile files against the built shop (${result.database}):`,
    table(
      [
        'file',
        'status',
        'request ms',
        'loop p99 ms',
        'loop max ms',
        'RSS before MB',
        'RSS after MB',
        'lived',
      ],
      result.outcomes.map((o) => [
        o.name,
        o.status,
        o.requestMs,
        o.loopDelayP99Ms,
        o.loopDelayMaxMs,
        o.rssBeforeMb,
        o.rssAfterMb,
        o.lived ? 'yes' : 'NO',
      ]),
    ),
    ...result.outcomes.map((o) => `${o.name}: ${o.answer}`),
    `load average after ${result.loadAverageAfter.join(' ')}`,
  ].join('\n');
}

if (isMain(import.meta.url)) {
  const result = await measureHostileFiles();
  process.stdout.write(`${describeHostileFiles(result)}\n`);
  const file = await writeResult(`hostile-files-${result.database}`, result);
  process.stdout.write(`written to ${file}\n`);
}
