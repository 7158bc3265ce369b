/**
 * Browsing the catalogue's long tail while members order, on the built shop: PostgreSQL at
 * BENCH_DATABASE_URL (a scratch database, dropped afterwards), or PGlite in a copy of the seeded DATA_DIR
 * when it is not set.
 *
 * The long tail: every category × sort (latest, best-selling) × stock filter (all, in stock, sold out) ×
 * pages 1–3, 20 searches and 100 product details, each asked by a guest, a KRW member or a USD member at
 * random, with `Accept-Encoding: br`, by autocannon with 50 connections. Phases of BENCH_DURATION seconds
 * (default 15), each after 3 s of warm-up, in this order: browsing alone, with orders at 5/s, alone again,
 * with orders at 50/s (BENCH_ORDER_RATES to change the rates). The orders come from the two demo members
 * at a steady rate, each through the cart (add one option, then order it), on 40 options that hold plenty
 * of stock; their latency is cart add + order.
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/browse-while-ordering.ts
 *   npm run build && npx tsx bench/browse-while-ordering.ts            # PGlite
 *
 * BENCH_SHOP_ENV (JSON) adds environment to the shop, e.g. '{"CATALOGUE_CACHE":"false"}'.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/api/dist/db/client.js';
import { createScratchDatabase, freshDataDir, type Shop, startShop } from '../e2e/support/server.js';
import { percentile } from './support/client.js';
import { isMain, loadAverages, round, table, writeResult } from './support/report.js';
import { json } from './support/staff-session.js';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const WARM_UP = 3;
const RATES = (process.env.BENCH_ORDER_RATES ?? '5,50').split(',').map(Number);
const OPTIONS = 40;
const PASSWORD = 'Demo1234!';
const MEMBERS = [
  { email: 'korea@demo.kshop.example', currency: 'KRW', country: 'KR' },
  { email: 'global@demo.kshop.example', currency: 'USD', country: 'US' },
] as const;

type Browse = { requestsPerSecond: number; p99Ms: number; non2xx: number; errors: number };
type Ordering = {
  rate: number;
  placed: number;
  refused: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
};
type Phase = { name: string; browse: Browse; orders?: Ordering; loadAverage: number[] };

/** A small seeded generator, so every run asks the same mix. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

async function login(base: string, email: string): Promise<string> {
  const answer = await json(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (answer.status !== 200) throw new Error(`login of ${email}: ${answer.status}`);
  return (answer.body.data as { accessToken: string }).accessToken;
}

type CategoryNode = { id: number; children: CategoryNode[] };
const flatten = (nodes: CategoryNode[]): number[] => nodes.flatMap((n) => [n.id, ...flatten(n.children)]);

/** The long tail of catalogue calls, as paths. */
async function longTail(base: string): Promise<string[]> {
  const tree = (await json(`${base}/api/v1/category`)).body.data as CategoryNode[];
  const paths: string[] = [];
  for (const categoryId of flatten(tree))
    for (const sort of ['latest', 'bestSelling'])
      for (const stockStatus of ['all', 'inStock', 'outOfStock'])
        for (const page of [1, 2, 3])
          paths.push(
            `/api/v1/product/list?categoryId=${categoryId}&page=${page}&limit=20&sort=${sort}&stockStatus=${stockStatus}`,
          );
  const cards: { optionUuid: string; title: string }[] = [];
  for (let page = 1; cards.length < 200; page++) {
    const list = (await json(`${base}/api/v1/product/list?page=${page}&limit=50&sort=latest&stockStatus=all`))
      .body.data as { productOptionList: { optionUuid: string; title: string }[] };
    if (list.productOptionList.length === 0) break;
    cards.push(...list.productOptionList);
  }
  const words = [
    ...new Set(cards.flatMap((c) => c.title.split(/\s+/)).filter((w) => /^[A-Za-z]{3,}$/.test(w))),
  ];
  for (const word of words.slice(0, 20))
    paths.push(`/api/v1/product/search?keyword=${encodeURIComponent(word)}&page=1&limit=20&sort=latest`);
  for (const card of cards.slice(0, 100)) paths.push(`/api/v1/product/detail/${card.optionUuid}`);
  return paths;
}

/** Browses `paths` as a guest or either member at random until stopped or `seconds` have passed. */
function browse(base: string, paths: string[], tokens: string[], seconds: number) {
  const next = random(20_261_127);
  const viewers = [undefined, ...tokens];
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              const viewer = viewers[Math.floor(next() * viewers.length)];
              return {
                ...request,
                method: 'GET',
                path: paths[Math.floor(next() * paths.length)]!,
                headers: {
                  'accept-encoding': 'br',
                  ...(viewer ? { authorization: `Bearer ${viewer}` } : {}),
                },
              };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  return { done, stop: () => instance?.stop() };
}

type Buyer = { token: string; currency: 'KRW' | 'USD'; country: string; email: string; options: Priced[] };
type Priced = { id: string; unit: number };

/** Each member's own options with the member's unit price (from the product detail, as the storefront reads it). */
async function pricedOptions(base: string, token: string, ids: string[]): Promise<Priced[]> {
  const priced: Priced[] = [];
  for (const id of ids) {
    const detail = await json(`${base}/api/v1/product/detail/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const option = (detail.body.data as { currentOption: { productPrice: { totalPrice: number } } })
      .currentOption;
    priced.push({ id, unit: option.productPrice.totalPrice });
  }
  return priced;
}

/** Orders at `rate` per second, the members in turn, each through the cart, until `stop` resolves. */
async function orderAtRate(
  base: string,
  buyers: Buyer[],
  rate: number,
  stop: Promise<void>,
): Promise<Ordering> {
  const ms: number[] = [];
  let placed = 0;
  let refused = 0;
  let failed = 0;
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const running = new Set<Promise<void>>();
  const one = async (buyer: Buyer, option: Priced) => {
    const auth = { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' };
    const started = performance.now();
    const added = await json(`${base}/api/v1/cart`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ productOptionAndQuantityList: [{ productOptionUuid: option.id, quantity: 1 }] }),
    });
    if (added.status !== 200) {
      if (added.status === 409) refused++;
      else failed++;
      return;
    }
    const order = await json(`${base}/api/v1/order`, {
      method: 'POST',
      headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        currencyCode: buyer.currency,
        finalPaymentAmount: option.unit,
        receiverInfo: {
          companyName: 'Browse Bench Co., Ltd.',
          companyEmail: buyer.email,
          receiverName: 'Bench Receiver',
          postalCode: '03925',
          addressDetail: '396 World Cup buk-ro, Mapo-gu',
          phoneNumber: '+82 10-5556-0000',
          country: buyer.country,
        },
        productOptionList: [{ productOptionUuid: option.id, quantity: 1 }],
      }),
    });
    ms.push(performance.now() - started);
    if (order.status === 200) placed++;
    else if (order.status === 409) refused++;
    else failed++;
  };
  const interval = 1000 / rate;
  const start = performance.now();
  for (let i = 0; !stopped; i++) {
    const buyer = buyers[i % buyers.length]!;
    const option = buyer.options[Math.floor(i / buyers.length) % buyer.options.length]!;
    const task = one(buyer, option).catch(() => {
      failed++;
    });
    running.add(task);
    void task.finally(() => running.delete(task));
    const due = start + (i + 1) * interval;
    await Promise.race([sleep(Math.max(0, due - performance.now())), stop]);
  }
  await Promise.all(running);
  return {
    rate,
    placed,
    refused,
    failed,
    p50Ms: round(percentile(ms, 50), 1),
    p99Ms: round(percentile(ms, 99), 1),
  };
}

/** 40 default options of listed products, each with plenty of stock, ordered one piece at a time. */
const PREPARE = `
  with chosen as (
    select o.id from product_options o join products p on p.id = o.product_id
    where o.is_default and p.deleted_at is null and p.is_published
    order by p.created_at desc, p.id limit ${OPTIONS}
  )
  update product_options set stock = 10000000, hold_stock = 0, minimum_order_quantity = 1, order_multiple = 1,
    max_per_order = null, is_sold_out = false
  where id in (select id from chosen) returning id`;

async function startBenchShop(): Promise<{
  shop: Shop;
  optionIds: string[];
  database: 'postgres' | 'pglite';
}> {
  const env = { RATE_LIMIT: 'false', ...JSON.parse(process.env.BENCH_SHOP_ENV ?? '{}') };
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, 'bench_browse');
    const shop = await startShop({ databaseUrl: scratch.url, adminDatabaseUrl: null, env });
    const db = await openDatabase({ driver: 'postgres', url: scratch.url, poolSize: 1 });
    const optionIds = await prepare(db);
    await db.close();
    return {
      shop: {
        ...shop,
        stop: async () => {
          await shop.stop();
          await scratch.drop();
        },
      },
      optionIds,
      database: 'postgres',
    };
  }
  const dataDir = await freshDataDir({ seeded: true });
  const db = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
  const optionIds = await prepare(db);
  await db.close();
  const shop = await startShop({ dataDir, adminDatabaseUrl: null, env });
  return {
    shop: {
      ...shop,
      stop: async () => {
        await shop.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    },
    optionIds,
    database: 'pglite',
  };
}

async function prepare(db: Awaited<ReturnType<typeof openDatabase>>): Promise<string[]> {
  const { rows } = (await db.db.execute(PREPARE)) as unknown as { rows: { id: string }[] };
  await db.db.execute(
    `update products set in_stock = true where id in (select product_id from product_options where id in (${rows
      .map((r) => `'${r.id}'`)
      .join(', ')}))`,
  );
  return rows.map((r) => r.id);
}

export async function measureBrowseWhileOrdering() {
  const { shop, optionIds, database } = await startBenchShop();
  try {
    const tokens = await Promise.all(MEMBERS.map((m) => login(shop.url, m.email)));
    const buyers: Buyer[] = await Promise.all(
      MEMBERS.map(async (m, i) => ({
        token: tokens[i]!,
        currency: m.currency,
        country: m.country,
        email: m.email,
        options: await pricedOptions(
          shop.url,
          tokens[i]!,
          optionIds.filter((_, j) => j % MEMBERS.length === i),
        ),
      })),
    );
    const paths = await longTail(shop.url);
    const phases: Phase[] = [];
    const run = async (name: string, rate?: number) => {
      let release = () => {};
      const stop = new Promise<void>((resolve) => {
        release = resolve;
      });
      const ordering = rate ? orderAtRate(shop.url, buyers, rate, stop) : undefined;
      await browse(shop.url, paths, tokens, WARM_UP).done;
      const loaded = await browse(shop.url, paths, tokens, DURATION).done;
      release();
      const orders = await ordering;
      phases.push({
        name,
        browse: {
          requestsPerSecond: round(loaded.requests.average),
          p99Ms: round(loaded.latency.p99, 1),
          non2xx: loaded.non2xx,
          errors: loaded.errors + loaded.timeouts,
        },
        orders,
        loadAverage: loadAverages(),
      });
    };
    for (const rate of RATES) {
      await run('browsing alone');
      await run(`with ${rate} orders/s`, rate);
    }
    return { database, connections: CONNECTIONS, durationSeconds: DURATION, paths: paths.length, phases };
  } finally {
    await shop.stop();
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
        'load',
      ],
      result.phases.map((p) => [
        p.name,
        p.browse.requestsPerSecond,
        p.browse.p99Ms,
        p.browse.non2xx + p.browse.errors,
        p.orders ? `${p.orders.placed}/${p.orders.refused}/${p.orders.failed}` : '',
        p.orders ? `${p.orders.p50Ms}/${p.orders.p99Ms}` : '',
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
