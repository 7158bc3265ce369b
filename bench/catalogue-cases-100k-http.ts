/**
 * The cases of catalogue-cases-100k.ts through HTTP, on the built shop serving the 100,000-product catalogue,
 * first with nobody ordering, then while the two demo members order at BENCH_ORDER_RATE a second (default
 * 50; support/order-stream.ts). Each phase starts the shop afresh, so nothing is kept in it: cold is a
 * case's first request, as a KRW member with `Accept-Encoding: br`; warm is the median of BENCH_RUNS
 * requests right after (default 7), what the next buyers get. PostgreSQL's own buffers stay as warm as the
 * cases before left them.
 *
 * Before the shop starts, the catalogue's tables are vacuumed and analysed (PostgreSQL), the shop's start-up
 * upkeep is run (the kept counts compacted, the common words kept counted), 40 options are given plenty of
 * stock for the orders, and the last and middle pages are found on the database directly. A
 * first-search case is timed as the first search ever for its word on PostgreSQL (its kept counts are dropped
 * right before); on PGlite, whose database the shop owns while it runs, it is timed as it comes. Each phase
 * also gives the shop's start-up time (to its first ready answer) and its memory after the cases.
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/catalogue-100k.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/catalogue-cases-100k-http.ts
 *
 * With the catalogue options of catalogue-100k.ts; BENCH_MATCH keeps the cases whose name contains it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { keepCatalogueCountsTidy } from '../apps/api/dist/modules/catalog/catalogue-upkeep.repository.js';
import { type Shop, startShop } from '../e2e/support/server.js';
import { ask, CASES, type Case, forgetKeyword, uncached } from './catalogue-cases-100k.js';
import {
  CATALOGUE_SIZE,
  type CatalogueTarget,
  catalogueTarget,
  countProducts,
  describeTarget,
  openTarget,
} from './support/catalogue-db.js';
import { type Ordering, orderStream } from './support/order-stream.js';
import { orderingMembers, plentyOfStock } from './support/ordering-members.js';
import { isMain, loadAverages, round, spread, table, writeResult } from './support/report.js';
import { scrapeMetrics } from './support/shop-metrics.js';

const PAGE_SIZE = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ORDER_RATE = Number(process.env.BENCH_ORDER_RATE ?? 50);

type Timing = { coldMs: number; warmMs: number; status: number; totalCount: number };
type PhaseResult = {
  name: string;
  cases: Record<string, Timing>;
  orders?: Ordering;
  /** From the shop's start to its first ready answer, and its memory and kept answers after the cases. */
  startupMs: number;
  rssMb: number;
  keptAnswers: number;
  loadAverage: number[];
};

/**
 * The catalogue made ready before the shop starts: the page each case asks for (its own, or the last or middle
 * one of its list, read on the database) and the options the members order.
 */
async function prepareCatalogue(
  target: CatalogueTarget,
  cases: Case[],
): Promise<{ pages: Map<string, number>; optionIds: string[] }> {
  const database = await openTarget(target);
  try {
    const products = await countProducts(database);
    if (products < CATALOGUE_SIZE) {
      throw new Error(`${describeTarget(target)} holds ${products} products: run catalogue-100k.ts first`);
    }
    if (target.driver === 'postgres') {
      await database.db.execute(
        'vacuum (analyze) products, product_options, product_artists, product_list_counts, search_keywords',
      );
    }
    // The upkeep the shop runs when it starts, done here first as catalogue-cases-100k.ts does: on a freshly
    // generated catalogue it takes a while, and the embedded database would run the first cases behind it.
    await keepCatalogueCountsTidy(database.db);
    const pages = new Map<string, number>();
    for (const c of cases) {
      if (c.page !== 'last' && c.page !== 'middle') {
        pages.set(c.name, c.page ?? 1);
        continue;
      }
      const { totalCount } = await ask(uncached(database), c, 1);
      const count = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));
      pages.set(c.name, c.page === 'last' ? count : Math.ceil(count / 2));
    }
    return { pages, optionIds: await plentyOfStock(database) };
  } finally {
    await database.close();
  }
}

function urlOf(c: Case, page: number): string {
  const query = new URLSearchParams({
    page: String(page),
    limit: String(PAGE_SIZE),
    sort: c.sort ?? 'latest',
    stockStatus: c.stockStatus ?? 'all',
  });
  if (c.keyword !== undefined) {
    query.set('keyword', c.keyword);
    return `/api/v1/product/search?${query}`;
  }
  if (c.categoryId !== undefined) query.set('categoryId', String(c.categoryId));
  if (c.artistId !== undefined) query.set('artistId', String(c.artistId));
  if (c.tag !== undefined) query.set('tag', c.tag);
  return `/api/v1/product/list?${query}`;
}

async function timedGet(base: string, path: string, token: string) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
  });
  const body = (await res.json()) as { data?: { totalCount?: number } };
  return { ms: performance.now() - started, status: res.status, totalCount: body.data?.totalCount ?? -1 };
}

async function startOn(target: CatalogueTarget): Promise<Shop> {
  const env = { RATE_LIMIT: 'false', METRICS: 'true' };
  return target.driver === 'postgres'
    ? startShop({ databaseUrl: target.url, adminDatabaseUrl: null, env })
    : startShop({ dataDir: target.dataDir, adminDatabaseUrl: null, env });
}

async function phase(
  target: CatalogueTarget,
  name: string,
  cases: Case[],
  pages: Map<string, number>,
  optionIds: string[],
  rate?: number,
): Promise<PhaseResult> {
  const shop = await startOn(target);
  try {
    const { tokens, buyers } = await orderingMembers(shop.url, optionIds);
    const ordering = rate ? orderStream({ base: shop.url, buyers, rate }) : undefined;
    if (ordering) await sleep(3_000);
    const timings: Record<string, Timing> = {};
    const token = tokens[0]!;
    for (const c of cases) {
      if (c.firstSearch && c.keyword && target.driver === 'postgres') {
        const database = await openTarget(target);
        await forgetKeyword(database, c.keyword).finally(() => database.close());
      }
      const path = urlOf(c, pages.get(c.name)!);
      const cold = await timedGet(shop.url, path, token);
      const warm: number[] = [];
      for (let run = 0; run < RUNS; run++) warm.push((await timedGet(shop.url, path, token)).ms);
      timings[c.name] = {
        coldMs: round(cold.ms, 1),
        warmMs: round(spread(warm).median, 1),
        status: cold.status,
        totalCount: cold.totalCount,
      };
    }
    const orders = await ordering?.stop();
    const metrics = await scrapeMetrics(shop.url);
    return {
      name,
      cases: timings,
      orders,
      startupMs: round(shop.startupMs),
      rssMb: round(metrics('kshop_node_process_resident_memory_bytes') / 2 ** 20),
      keptAnswers: metrics('kshop_catalogue_cache_entries'),
      loadAverage: loadAverages(),
    };
  } finally {
    await shop.stop();
  }
}

export async function measureCasesThroughHttp(target: CatalogueTarget, cases: Case[]) {
  const { pages, optionIds } = await prepareCatalogue(target, cases);
  const loadBefore = loadAverages();
  const phases = [
    await phase(target, 'nobody ordering', cases, pages, optionIds),
    await phase(target, `${ORDER_RATE} orders/s`, cases, pages, optionIds, ORDER_RATE),
  ];
  return { database: target.driver, location: describeTarget(target), runs: RUNS, loadBefore, pages, phases };
}

if (isMain(import.meta.url)) {
  const match = process.env.BENCH_MATCH;
  const cases = match ? CASES.filter((c) => c.name.includes(match)) : CASES;
  const result = await measureCasesThroughHttp(catalogueTarget(), cases);
  const [alone, ordering] = result.phases as [PhaseResult, PhaseResult];
  const worst = (p: PhaseResult, key: 'coldMs' | 'warmMs') =>
    Math.max(...Object.values(p.cases).map((t) => t[key]));
  console.info(
    `\n${result.location}; through HTTP, a KRW member; warm = median of ${result.runs} requests; load before ${result.loadBefore.join(' ')}\n${table(
      [
        'case',
        'page',
        'total',
        'status',
        'cold ms',
        'warm ms',
        `cold, ${ordering.name}`,
        `warm, ${ordering.name}`,
      ],
      cases.map((c) => [
        c.name,
        result.pages.get(c.name)!,
        alone.cases[c.name]!.totalCount,
        `${alone.cases[c.name]!.status}/${ordering.cases[c.name]!.status}`,
        alone.cases[c.name]!.coldMs,
        alone.cases[c.name]!.warmMs,
        ordering.cases[c.name]!.coldMs,
        ordering.cases[c.name]!.warmMs,
      ]),
    )}\n${result.phases.map((p) => `${p.name}: shop ready in ${p.startupMs} ms, ${p.rssMb} MB resident and ${p.keptAnswers} kept answers after the cases`).join('; ')}\nworst cold / warm: ${worst(alone, 'coldMs')} / ${worst(alone, 'warmMs')} ms nobody ordering (load ${alone.loadAverage.join(' ')}); ${worst(ordering, 'coldMs')} / ${worst(ordering, 'warmMs')} ms with ${ordering.name} (load ${ordering.loadAverage.join(' ')}), orders placed/refused/failed ${ordering.orders?.placed}/${ordering.orders?.refused}/${ordering.orders?.failed}, p50/p99 ${ordering.orders?.p50Ms}/${ordering.orders?.p99Ms} ms`,
  );
  console.info(
    `written to ${await writeResult(`catalogue-cases-100k-http-${result.database}`, { ...result, pages: Object.fromEntries(result.pages) })}`,
  );
}
