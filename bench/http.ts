/**
 * HTTP throughput of the catalogue API: autocannon with 50 connections for BENCH_DURATION seconds (default 20)
 * against each endpoint of a freshly seeded shop (PGlite, or PostgreSQL when BENCH_DATABASE_URL is set).
 * Load generator and server share the machine, so the figures compare runs on the same machine only.
 */
import autocannon from 'autocannon';
import { type Shop, startShop } from '../e2e/support/server.js';
import { isMain, round, table, writeResult } from './support/report.js';

export const CONNECTIONS = 50;
const MEMBER = { email: 'korea@demo.kshop.example', password: 'Demo1234!' };
const LISTING = 'page=1&limit=20&sort=latest&stockStatus=all';

export interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

export interface EndpointResult {
  name: string;
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  /** Connection errors, timeouts (no answer within 10 s) included. */
  errors: number;
  timeouts: number;
}

export interface HttpResult {
  database: 'pglite' | 'postgres';
  connections: number;
  durationSeconds: number;
  endpoints: EndpointResult[];
}

export async function call(shop: Shop, path: string, init?: RequestInit) {
  const response = await fetch(`${shop.url}${path}`, init);
  const body = (await response.json()) as { data?: unknown; message?: string };
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${path} answered ${response.status}: ${body.message}`);
  return body.data;
}

/** The most frequent word of four letters or more in the product titles: a keyword with many matches. */
export function commonWord(titles: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const title of titles) {
    for (const word of new Set(title.toLowerCase().match(/\p{L}{4,}/gu) ?? [])) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const [word] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!word) throw new Error('the demo catalogue has no product titles to take a search keyword from');
  return word;
}

/** Signs in the demo Korean member (₩ prices) and answers its access token. */
export async function memberToken(shop: Shop): Promise<string> {
  const { accessToken } = (await call(shop, '/api/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MEMBER),
  })) as { accessToken: string };
  return accessToken;
}

/** The first 100 products of the newest-first list, as a guest sees them. */
export async function newestProducts(shop: Shop) {
  const { productOptionList } = (await call(
    shop,
    '/api/v1/product/list?page=1&limit=100&sort=latest&stockStatus=all',
  )) as { productOptionList: { optionUuid: string; title: string }[] };
  return productOptionList;
}

async function targetsOf(shop: Shop): Promise<Target[]> {
  const accessToken = await memberToken(shop);
  const productOptionList = await newestProducts(shop);
  const first = productOptionList[0];
  if (!first) throw new Error('the demo catalogue is empty');
  const keyword = commonWord(productOptionList.map((item) => item.title));
  return [
    { name: 'list (guest)', path: `/api/v1/product/list?${LISTING}` },
    {
      name: 'list (member)',
      path: `/api/v1/product/list?${LISTING}`,
      headers: { authorization: `Bearer ${accessToken}` },
    },
    {
      name: `search '${keyword}'`,
      path: `/api/v1/product/search?keyword=${encodeURIComponent(keyword)}&${LISTING}`,
    },
    { name: 'detail', path: `/api/v1/product/detail/${first.optionUuid}` },
  ];
}

export async function load(shop: Shop, target: Target, durationSeconds: number): Promise<EndpointResult> {
  // One plain request first, so a wrong path fails loudly instead of producing 20 seconds of 404s.
  await call(shop, target.path, { headers: target.headers });
  const result = await autocannon({
    url: `${shop.url}${target.path}`,
    headers: target.headers,
    connections: CONNECTIONS,
    duration: durationSeconds,
  });
  return {
    name: target.name,
    path: target.path,
    requestsPerSecond: round(result.requests.average),
    p99Ms: round(result.latency.p99, 1),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export async function measureHttp(): Promise<HttpResult> {
  const durationSeconds = Number(process.env.BENCH_DURATION ?? 20);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const shop = await startShop({ adminDatabaseUrl: databaseUrl ?? null });
  try {
    const endpoints: EndpointResult[] = [];
    for (const target of await targetsOf(shop)) endpoints.push(await load(shop, target, durationSeconds));
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      connections: CONNECTIONS,
      durationSeconds,
      endpoints,
    };
  } finally {
    await shop.stop();
  }
}

export function describeHttp(result: HttpResult): string {
  return [
    `HTTP (${result.database}), ${result.connections} connections, ${result.durationSeconds} s per endpoint:`,
    table(
      ['endpoint', 'req/s', 'p99 ms', 'non-2xx', 'errors', 'of them timeouts'],
      result.endpoints.map((e) => [e.name, e.requestsPerSecond, e.p99Ms, e.non2xx, e.errors, e.timeouts]),
    ),
  ].join('\n');
}

/** Every answer must be a 2xx: anything else means the figures measured failures. Sets the exit code. */
export function reportFailures(result: HttpResult) {
  const failed = result.endpoints.filter((e) => e.non2xx + e.errors > 0);
  if (failed.length === 0) return;
  console.error(`non-2xx answers or errors on: ${failed.map((e) => e.name).join(', ')}`);
  process.exitCode = 1;
}

if (isMain(import.meta.url)) {
  const result = await measureHttp();
  console.info(describeHttp(result));
  console.info(`written to ${await writeResult('http', result)}`);
  reportFailures(result);
}
