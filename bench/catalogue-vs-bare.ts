/**
 * The catalogue against the limit of its stack: the shop's list, search and detail calls beside a bare
 * `node:http` server that sends the very same bytes (same body, same content type) for every request. Both
 * run at once on this machine; autocannon (50 connections) loads them in turn, interleaved A B A B, so the
 * ratio shop / bare comes from the same minutes. A third target, the shop with its catalogue cache switched
 * off (CATALOGUE_CACHE=false), shows what the cache adds.
 *
 *   npm run build && npx tsx bench/catalogue-vs-bare.ts
 *
 * PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a scratch database
 * is made and dropped). BENCH_DURATION seconds per run (default 10), BENCH_ROUNDS rounds (default 3);
 * BENCH_ENDPOINTS names the calls to run (comma-separated, e.g. 'long tail'). The long tail (support/long-tail.ts)
 * is asked by a guest and a member at random; the bare server sends, for each path and viewer, the bytes the
 * shop sent (brotli where the shop compressed).
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { startShop } from '../e2e/support/server.js';
import { commonWord, memberToken, newestProducts } from './http.js';
import { bareServer } from './support/bare-server.js';
import { browse, longTail } from './support/long-tail.js';
import { isMain, round, spread, table, writeResult } from './support/report.js';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LISTING = 'page=1&limit=20&sort=latest&stockStatus=all';

type Endpoint = { name: string; path: string; headers?: Record<string, string> };
/** The long tail: every request a path of `paths` as a guest or the member, at random. */
const LONG_TAIL = 'long tail';
type Run = { requestsPerSecond: number; p99Ms: number; non2xx: number; errors: number };

/** The answer as it goes out to a client that takes brotli: its bytes and the headers that say what they are. */
function rawAnswer(base: string, path: string, authorization?: string) {
  return new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': 'br' };
    if (authorization) headers.authorization = authorization;
    http
      .get(new URL(path, base), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const kept: Record<string, string> = { 'content-type': String(response.headers['content-type']) };
          if (response.headers['content-encoding'])
            kept['content-encoding'] = String(response.headers['content-encoding']);
          resolve({ body: Buffer.concat(chunks), headers: kept });
        });
      })
      .on('error', reject);
  });
}

async function load(
  url: string,
  endpoint: Endpoint & { paths?: string[]; viewers?: (string | undefined)[] },
): Promise<Run> {
  if (endpoint.paths && endpoint.viewers) {
    const tail = await browse(url, endpoint.paths, endpoint.viewers, DURATION, CONNECTIONS).done;
    return {
      requestsPerSecond: tail.requests.average,
      p99Ms: tail.latency.p99,
      non2xx: tail.non2xx,
      errors: tail.errors + tail.timeouts,
    };
  }
  const result = await autocannon({
    url: `${url}${endpoint.path}`,
    headers: endpoint.headers,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function measureCatalogueVsBare() {
  const adminDatabaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const cached = await startShop({ adminDatabaseUrl });
  const uncached = await startShop({ adminDatabaseUrl, env: { CATALOGUE_CACHE: 'false' } });
  const bare = await bareServer();
  try {
    const accessToken = await memberToken(cached);
    const uncachedToken = await memberToken(uncached);
    const productOptionList = await newestProducts(cached);
    const keyword = commonWord(productOptionList.map((p) => p.title));
    const paths = await longTail(cached.url);
    const endpoints: (Endpoint & { member?: boolean })[] = [
      { name: LONG_TAIL, path: '' },
      { name: 'list (guest)', path: `/api/v1/product/list?${LISTING}` },
      { name: 'list (member)', path: `/api/v1/product/list?${LISTING}`, member: true },
      { name: `search '${keyword}'`, path: `/api/v1/product/search?keyword=${keyword}&${LISTING}` },
      { name: 'detail', path: `/api/v1/product/detail/${productOptionList[0]!.optionUuid}` },
    ];

    const runs = new Map<string, { bare: Run[]; cached: Run[]; uncached: Run[] }>();
    const only = process.env.BENCH_ENDPOINTS?.split(',');
    for (let r = 1; r <= ROUNDS; r++) {
      for (const endpoint of endpoints.filter((e) => !only || only.includes(e.name))) {
        const auth = (token: string) => (endpoint.member ? { authorization: `Bearer ${token}` } : undefined);
        const tail = endpoint.name === LONG_TAIL;
        const shopEndpoint = {
          ...endpoint,
          headers: auth(accessToken),
          ...(tail ? { paths, viewers: [undefined, accessToken] } : {}),
        };
        const uncachedEndpoint = {
          ...endpoint,
          headers: auth(uncachedToken),
          ...(tail ? { paths, viewers: [undefined, uncachedToken] } : {}),
        };
        const bareEndpoint = tail ? { ...endpoint, paths, viewers: [undefined, accessToken] } : endpoint;
        // The bare server sends what the shop sends for this call (for the long tail, for each path and viewer).
        if (tail) {
          const table = [];
          for (const path of paths)
            for (const authorization of ['', `Bearer ${accessToken}`])
              table.push({
                key: `${path}|${authorization}`,
                ...(await rawAnswer(cached.url, path, authorization)),
              });
          await bare.serveTable(table);
        } else {
          const sample = await fetch(`${cached.url}${endpoint.path}`, { headers: shopEndpoint.headers });
          await bare.serve(Buffer.from(await sample.arrayBuffer()), {
            'content-type': sample.headers.get('content-type') ?? '',
          });
        }
        const entry = runs.get(endpoint.name) ?? { bare: [], cached: [], uncached: [] };
        runs.set(endpoint.name, entry);
        entry.bare.push(await load(bare.url, bareEndpoint));
        entry.cached.push(await load(cached.url, shopEndpoint));
        entry.uncached.push(await load(uncached.url, uncachedEndpoint));
        console.info(
          `round ${r} ${endpoint.name}: bare ${round(entry.bare.at(-1)!.requestsPerSecond)} req/s, ` +
            `shop ${round(entry.cached.at(-1)!.requestsPerSecond)}, ` +
            `shop uncached ${round(entry.uncached.at(-1)!.requestsPerSecond)}`,
        );
      }
    }
    const median = (values: number[]) => spread(values).median;
    const rows = [...runs].map(([name, r]) => {
      const bareRps = median(r.bare.map((x) => x.requestsPerSecond));
      const cachedRps = median(r.cached.map((x) => x.requestsPerSecond));
      const uncachedRps = median(r.uncached.map((x) => x.requestsPerSecond));
      return {
        name,
        bareRps: round(bareRps),
        shopRps: round(cachedRps),
        uncachedRps: round(uncachedRps),
        shopShare: round((100 * cachedRps) / bareRps, 1),
        uncachedShare: round((100 * uncachedRps) / bareRps, 1),
        bareP99: median(r.bare.map((x) => x.p99Ms)),
        shopP99: median(r.cached.map((x) => x.p99Ms)),
        uncachedP99: median(r.uncached.map((x) => x.p99Ms)),
        failures: [...r.cached, ...r.uncached].reduce((sum, x) => sum + x.non2xx + x.errors, 0),
      };
    });
    console.info(
      `\n${table(
        [
          'endpoint',
          'bare req/s',
          'shop req/s',
          'shop % of bare',
          'uncached req/s',
          'uncached % of bare',
          'p99 bare / shop / uncached ms',
          'failures',
        ],
        rows.map((x) => [
          x.name,
          x.bareRps,
          x.shopRps,
          x.shopShare,
          x.uncachedRps,
          x.uncachedShare,
          `${x.bareP99} / ${x.shopP99} / ${x.uncachedP99}`,
          x.failures,
        ]),
      )}`,
    );
    await writeResult('catalogue-vs-bare', { durationSeconds: DURATION, rounds: ROUNDS, rows });
    return rows;
  } finally {
    await bare.close();
    await cached.stop();
    await uncached.stop();
  }
}

if (isMain(import.meta.url)) {
  const rows = await measureCatalogueVsBare();
  process.exit(rows.some((row) => row.failures > 0) ? 1 : 0);
}
