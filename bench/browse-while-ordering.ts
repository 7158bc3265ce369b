/**
 * Browsing the catalogue's long tail while members order, on the built shop: PostgreSQL at
 * BENCH_DATABASE_URL (a scratch database, dropped afterwards), or PGlite in a copy of the seeded DATA_DIR
 * when it is not set.
 *
 * The long tail: every category × sort (latest, best-selling) × stock filter (all, in stock, sold out) ×
 * pages 1–3, 20 searches and 100 product details, each asked by a guest, a KRW member or a USD member at
 * random, with `Accept-Encoding: br`, by autocannon with 50 connections. Phases of BENCH_DURATION seconds
 * (default 15), each after 3 s of warm-up, for each order rate (BENCH_ORDER_RATES, default 5 and 50): the
 * orders alone (nobody browsing: their own cost), browsing alone, browsing with the orders. Each phase gives
 * the cores the whole machine kept busy (shop, database and clients share them). The orders come from the two demo members
 * at a steady rate, each through the cart (add one option, then order it), on 40 options that hold plenty
 * of stock; their latency is cart add + order. The orders run in a process of their own (support/order-stream.ts).
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/browse-while-ordering.ts
 *   npm run build && npx tsx bench/browse-while-ordering.ts            # PGlite
 *
 * BENCH_SHOP_ENV (JSON) adds environment to the shop, e.g. '{"CATALOGUE_CACHE":"false"}'. With
 * '{"METRICS":"true"}' each phase also reports the catalogue cache's hit rate, the shop's CPU and the most
 * requests seen waiting for a database connection (sampled every 100 ms).
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { browse, longTail } from './support/long-tail.js';
import { type Ordering, orderStream } from './support/order-stream.js';
import { orderingMembers, plentyOfStock } from './support/ordering-members.js';
import { startPreparedShop } from './support/prepared-shop.js';
import { isMain, loadAverages, machineCores, round, table, writeResult } from './support/report.js';
import { scrapeMetrics } from './support/shop-metrics.js';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const WARM_UP = 3;
const RATES = (process.env.BENCH_ORDER_RATES ?? '5,50').split(',').map(Number);
type Browse = { requestsPerSecond: number; p99Ms: number; non2xx: number; errors: number };

/** What the shop's metrics say of a phase: cached answers over lookups, CPU cores used, most waiting for the pool. */
type Inside = { cacheHitRate: number; shopCores: number; poolWaitingMost: number };

type Phase = {
  name: string;
  browse?: Browse;
  orders?: Ordering;
  inside?: Inside;
  /** Cores the whole machine kept busy (shop, database, clients). */
  machineCores: number;
  loadAverage: number[];
};

/** Watches the shop's metrics from now until `stop`, when the shop serves them. */
async function watchInside(base: string): Promise<{ stop: () => Promise<Inside | undefined> }> {
  const read = async () => {
    const value = await scrapeMetrics(base);
    return {
      at: performance.now(),
      hits: value('kshop_catalogue_cache_requests_total', 'outcome="hit"'),
      misses: value('kshop_catalogue_cache_requests_total', 'outcome="miss"'),
      cpu: value('kshop_node_process_cpu_seconds_total'),
      waiting: value('kshop_db_pool_connections', 'state="waiting"'),
    };
  };
  const first = await read().catch(() => undefined);
  if (!first || Number.isNaN(first.cpu)) return { stop: async () => undefined };
  let waitingMost = 0;
  const sampler = setInterval(() => {
    read().then(
      (now) => {
        if (now.waiting > waitingMost) waitingMost = now.waiting;
      },
      () => {},
    );
  }, 100);
  return {
    async stop() {
      clearInterval(sampler);
      const last = await read();
      const lookups = last.hits + last.misses - first.hits - first.misses;
      return {
        cacheHitRate: round(lookups ? (last.hits - first.hits) / lookups : 0, 3),
        shopCores: round((last.cpu - first.cpu) / ((last.at - first.at) / 1000), 2),
        poolWaitingMost: waitingMost,
      };
    },
  };
}

export async function measureBrowseWhileOrdering() {
  const {
    shop,
    prepared: optionIds,
    database,
    stop,
  } = await startPreparedShop('bench_browse', plentyOfStock);
  try {
    const { tokens, buyers } = await orderingMembers(shop.url, optionIds);
    const paths = await longTail(shop.url);
    const phases: Phase[] = [];
    const run = async (name: string, rate?: number) => {
      const ordering = rate ? orderStream({ base: shop.url, buyers, rate }) : undefined;
      await browse(shop.url, paths, [undefined, ...tokens], WARM_UP).done;
      const watching = await watchInside(shop.url);
      const machine = machineCores();
      const loaded = await browse(shop.url, paths, [undefined, ...tokens], DURATION).done;
      const cores = machine.stop();
      const inside = await watching.stop();
      const orders = await ordering?.stop();
      phases.push({
        name,
        browse: {
          requestsPerSecond: round(loaded.requests.average),
          p99Ms: round(loaded.latency.p99, 1),
          non2xx: loaded.non2xx,
          errors: loaded.errors + loaded.timeouts,
        },
        orders,
        inside,
        machineCores: cores,
        loadAverage: loadAverages(),
      });
    };
    /** The orders' own cost: the stream alone, nobody browsing. */
    const ordersAlone = async (rate: number) => {
      const ordering = orderStream({ base: shop.url, buyers, rate });
      await sleep(WARM_UP * 1000);
      const watching = await watchInside(shop.url);
      const machine = machineCores();
      await sleep(DURATION * 1000);
      const cores = machine.stop();
      const inside = await watching.stop();
      phases.push({
        name: `orders alone at ${rate}/s`,
        orders: await ordering.stop(),
        inside,
        machineCores: cores,
        loadAverage: loadAverages(),
      });
    };
    for (const rate of RATES) {
      await ordersAlone(rate);
      await run('browsing alone');
      await run(`with ${rate} orders/s`, rate);
    }
    return { database, connections: CONNECTIONS, durationSeconds: DURATION, paths: paths.length, phases };
  } finally {
    await stop();
  }
}

export function describeBrowseWhileOrdering(result: Awaited<ReturnType<typeof measureBrowseWhileOrdering>>) {
  return [
    `Long-tail browsing (${result.database}, ${result.paths} calls × 3 viewers, ${result.connections} connections, ${result.durationSeconds} s a phase):`,
    table(
      [
        'phase',
        'browse req/s',
        'browse p99 ms',
        'non-2xx',
        'orders placed/refused/failed',
        'order p50/p99 ms',
        'cache hits, shop cores, most waiting',
        'machine cores',
        'load',
      ],
      result.phases.map((p) => [
        p.name,
        p.browse?.requestsPerSecond ?? '',
        p.browse?.p99Ms ?? '',
        p.browse ? p.browse.non2xx + p.browse.errors : '',
        p.orders ? `${p.orders.placed}/${p.orders.refused}/${p.orders.failed}` : '',
        p.orders ? `${p.orders.p50Ms}/${p.orders.p99Ms}` : '',
        p.inside ? `${p.inside.cacheHitRate}, ${p.inside.shopCores}, ${p.inside.poolWaitingMost}` : '',
        p.machineCores,
        p.loadAverage.join(' '),
      ]),
    ),
  ].join('\n');
}

if (isMain(import.meta.url)) {
  const result = await measureBrowseWhileOrdering();
  process.stdout.write(`${describeBrowseWhileOrdering(result)}\n`);
  const file = await writeResult(`browse-while-ordering-${result.database}`, result);
  process.stdout.write(`written to ${file}\n`);
}
