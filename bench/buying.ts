/**
 * Buying on a 100,000-product catalogue (made by catalogue-100k.ts when missing), against the built shop
 * with RATE_LIMIT=false, on PGlite or on PostgreSQL when BENCH_DATABASE_URL is set:
 *
 *  (a) list, search and detail under autocannon, 50 connections, guest and member;
 *  (b) 50 approved buyers ordering 20 options holding 1,000 pieces in all, as fast as they can, until the
 *      stock runs out: orders/s, latency, 409 refusals, and a check in the database that nothing was
 *      oversold;
 *  (c) the same 50 buyers adding, reading, changing and removing cart lines for BENCH_DURATION seconds.
 *
 * On PGlite the buyers and the stock are written before the shop starts (the embedded database allows one
 * process) and the oversell check reads the database after it stops; PostgreSQL is done the same way.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { refreshProductDerived } from '../apps/api/dist/db/derived.js';
import { buyers as buyersTable } from '../apps/api/dist/db/schema.js';
import { DEMO_PASSWORD } from '../apps/api/dist/db/seed/index.js';
import { hashPassword } from '../apps/api/dist/lib/password.js';
import { type Shop, startShop } from '../e2e/support/server.js';
import { describeCatalogue, ensureCatalogue, shortError } from './catalogue-100k.js';
import { CONNECTIONS, call, commonWord, type EndpointResult, load, type Target } from './http.js';
import {
  type CatalogueTarget,
  catalogueTarget,
  describeTarget,
  list,
  openTarget,
  rows,
} from './support/catalogue-db.js';
import { JsonClient, percentile } from './support/client.js';
import { isMain, resultsDir, round, table, writeResult } from './support/report.js';

const BUYERS = 50;
const ORDER_OPTIONS = 20;
const STOCK_PER_OPTION = 50;
/** Lines already in every cart while the cart loop runs, so GET /cart reads a cart of some size. */
const CART_PREFILL = 5;
const CART_LOOP_OPTIONS = 5;
const MEMBER_EMAIL = 'korea@demo.kshop.example';
const LISTING = 'page=1&limit=20&sort=latest&stockStatus=all';
/** BENCH_LOG_LEVEL (e.g. info) raises the shop's log level and keeps its output in results/. */
const SERVER_ENV = {
  RATE_LIMIT: 'false',
  ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
};

type Currency = 'KRW' | 'USD';

interface BenchBuyer {
  email: string;
  currency: Currency;
  token: string;
}

interface OrderOption {
  id: string;
  productId: string;
  title: string;
  priceKrw: number;
  priceUsd: number;
}

interface CartOption {
  id: string;
  minimum: number;
}

interface Setup {
  buyers: Omit<BenchBuyer, 'token'>[];
  orderOptions: OrderOption[];
  cartOptions: CartOption[];
}

export interface Latency {
  p50: number;
  p99: number;
  max: number;
}

export interface OrderResult {
  buyers: number;
  options: number;
  stockPieces: number;
  attempts: number;
  placed: number;
  piecesSold: number;
  refusedNotEnoughStock: number;
  otherFailures: number;
  failureSamples: string[];
  seconds: number;
  ordersPerSecond: number;
  attemptsPerSecond: number;
  /** Every POST /order, placed or refused. */
  latencyMs: Latency;
  placedLatencyMs: Latency;
  refusedLatencyMs: Latency;
  /** The five slowest POST /order: when they were sent (seconds into the phase), how long they took. */
  slowest: { startedAtS: number; ms: number; status: number }[];
  timedOut: boolean;
}

export interface OversellCheck {
  ok: boolean;
  problems: string[];
  options: { id: string; stock: number; holdStock: number; ordered: number; acknowledged: number }[];
  ordersInDatabase: number;
  piecesLeft: number;
}

export interface CartCall {
  name: string;
  requests: number;
  perSecond: number;
  latencyMs: Latency;
  failures: number;
}

export interface CartResult {
  buyers: number;
  seconds: number;
  loops: number;
  requestsPerSecond: number;
  calls: CartCall[];
  failureSamples: string[];
}

export interface LoadSample {
  at: string;
  phase: string;
  loadavg: [number, number, number];
}

export interface BuyingResult {
  database: 'pglite' | 'postgres';
  location: string;
  products: number;
  connections: number;
  durationSeconds: number;
  load: LoadSample[];
  catalogue: EndpointResult[];
  orders: OrderResult;
  oversell: OversellCheck;
  cart: CartResult;
}

const buyerEmail = (i: number) => `buyer${String(i + 1).padStart(2, '0')}@bench.kshop.example`;
const latency = (samples: readonly number[]): Latency => ({
  p50: round(percentile(samples, 50), 1),
  p99: round(percentile(samples, 99), 1),
  max: round(Math.max(0, ...samples), 1),
});
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

const loadSamples: LoadSample[] = [];
function sampleLoad(phase: string) {
  const [one, five, fifteen] = os.loadavg();
  const sample: LoadSample = {
    at: new Date().toISOString(),
    phase,
    loadavg: [round(one ?? 0, 2), round(five ?? 0, 2), round(fifteen ?? 0, 2)],
  };
  loadSamples.push(sample);
  console.info(`  [load ${phase}: ${sample.loadavg.join(', ')} on ${os.cpus().length} CPUs]`);
}

/**
 * Writes what the run needs while no shop holds the database: 50 approved buyers (created once, their carts
 * and sessions cleared on every run), 20 options never ordered before holding 50 pieces each, and the
 * options the cart loop uses.
 */
async function prepare(target: CatalogueTarget): Promise<Setup> {
  const database = await openTarget(target);
  try {
    const emails = Array.from({ length: BUYERS }, (_, i) => buyerEmail(i));
    const existing = await rows<{ email: string }>(
      database,
      `select lower(email) as email from buyers where lower(email) in (${list(emails)}) and deleted_at is null`,
    );
    const known = new Set(existing.map((r) => r.email));
    const missing = emails.map((email, i) => ({ email, i })).filter(({ email }) => !known.has(email));
    if (missing.length > 0) {
      // One hash for all: argon2 takes about a tenth of a second, the password is the same.
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      const now = new Date();
      await database.db.insert(buyersTable).values(
        missing.map(({ email, i }) => ({
          email,
          passwordHash,
          status: 'APPROVED' as const,
          isKoreanCompany: i % 2 === 0,
          companyName: `Bench Buyer ${i + 1} Co., Ltd.`,
          representativeName: `Bench Buyer ${i + 1}`,
          businessRegistrationNumber: String(1_208_800_000 + i),
          phoneNumber: `+82 10-5555-${String(i).padStart(4, '0')}`,
          companyAddress: '396 World Cup buk-ro, Mapo-gu, Seoul',
          postalCode: '03925',
          personalInfoAgreedAt: now,
          termsAgreedAt: now,
        })),
      );
      console.info(`  created ${missing.length} approved buyers`);
    }
    const benchBuyers = `select id from buyers where lower(email) in (${list(emails)})`;
    await database.db.execute(`update buyers set status = 'APPROVED' where id in (${benchBuyers})`);
    await database.db.execute(`delete from cart_items where buyer_id in (${benchBuyers})`);
    await database.db.execute(`delete from buyer_sessions where buyer_id in (${benchBuyers})`);
    const currencies = await rows<{ email: string; is_korean_company: boolean }>(
      database,
      `select lower(email) as email, is_korean_company from buyers where id in (${benchBuyers})`,
    );
    const currencyOf = new Map(
      currencies.map((r) => [r.email, r.is_korean_company ? 'KRW' : 'USD'] as const),
    );

    // The newest products' default options that nobody ever ordered: each run sells fresh options, so the
    // ordered quantities in order_details are this run's alone. Distinct titles, because the 409 message
    // names the product.
    const candidates = await rows<{
      id: string;
      product_id: string;
      title: string;
      price_krw: string | number;
      price_usd: string | number;
    }>(
      database,
      `select o.id, o.product_id, p.title, o.price_krw, o.price_usd
       from product_options o join products p on p.id = o.product_id
       where o.is_default and p.deleted_at is null
         and not exists (select 1 from order_details d where d.product_option_id = o.id)
         and not exists (select 1 from cart_items c where c.product_option_id = o.id)
       order by p.created_at desc, p.id
       limit 400`,
    );
    const titles = new Set<string>();
    const orderOptions: OrderOption[] = [];
    for (const c of candidates) {
      if (titles.has(c.title) || orderOptions.length === ORDER_OPTIONS) continue;
      titles.add(c.title);
      orderOptions.push({
        id: c.id,
        productId: c.product_id,
        title: c.title,
        priceKrw: Number(c.price_krw),
        priceUsd: Number(c.price_usd),
      });
    }
    if (orderOptions.length < ORDER_OPTIONS) throw new Error('not enough unordered options to sell');
    await database.db.execute(
      `update product_options
       set stock = ${STOCK_PER_OPTION}, hold_stock = 0, minimum_order_quantity = 1, is_sold_out = false,
           updated_at = now()
       where id in (${list(orderOptions.map((o) => o.id))})`,
    );
    await refreshProductDerived(
      database.db,
      orderOptions.map((o) => o.productId),
    );

    const cartRows = await rows<{ id: string; minimum: number }>(
      database,
      `select o.id, o.minimum_order_quantity as minimum
       from product_options o join products p on p.id = o.product_id
       where o.is_default and p.deleted_at is null and not o.is_sold_out
         and o.stock - o.hold_stock >= o.minimum_order_quantity + 1
         and o.id not in (${list(orderOptions.map((o) => o.id))})
       order by p.created_at desc, p.id
       limit ${CART_PREFILL + CART_LOOP_OPTIONS}`,
    );
    if (cartRows.length < CART_PREFILL + CART_LOOP_OPTIONS) throw new Error('not enough options for carts');
    return {
      buyers: emails.map((email) => ({ email, currency: currencyOf.get(email) ?? 'KRW' })),
      orderOptions,
      cartOptions: cartRows.map((r) => ({ id: r.id, minimum: Number(r.minimum) })),
    };
  } finally {
    await database.close();
  }
}

async function logIn(client: JsonClient, email: string): Promise<string> {
  const { accessToken } = await client.data<{ accessToken: string }>('POST', '/api/v1/auth/login', {
    body: { email, password: DEMO_PASSWORD },
  });
  return accessToken;
}

/** Four at a time: each login is an argon2 check of about 19 MiB. */
async function logInAll(client: JsonClient, setup: Setup): Promise<BenchBuyer[]> {
  const result: BenchBuyer[] = [];
  for (let i = 0; i < setup.buyers.length; i += 4) {
    const group = setup.buyers.slice(i, i + 4);
    const tokens = await Promise.all(group.map((b) => logIn(client, b.email)));
    group.forEach((b, k) => {
      result.push({ ...b, token: tokens[k]! });
    });
  }
  return result;
}

async function catalogueTargets(shop: Shop, memberToken: string): Promise<Target[]> {
  const { productOptionList } = (await call(
    shop,
    '/api/v1/product/list?page=1&limit=100&sort=latest&stockStatus=all',
  )) as { productOptionList: { optionUuid: string; title: string }[] };
  const first = productOptionList[0];
  if (!first) throw new Error('the catalogue is empty');
  const keyword = commonWord(productOptionList.map((item) => item.title));
  const member = { authorization: `Bearer ${memberToken}` };
  const search = `/api/v1/product/search?keyword=${encodeURIComponent(keyword)}&${LISTING}`;
  const detail = `/api/v1/product/detail/${first.optionUuid}`;
  return [
    { name: 'list (guest)', path: `/api/v1/product/list?${LISTING}` },
    { name: 'list (member)', path: `/api/v1/product/list?${LISTING}`, headers: member },
    { name: `search '${keyword}' (guest)`, path: search },
    { name: `search '${keyword}' (member)`, path: search, headers: member },
    { name: 'detail (guest)', path: detail },
    { name: 'detail (member)', path: detail, headers: member },
  ];
}

/**
 * Every buyer orders 1 or 2 of the 20 options, 1 to 3 pieces each, back to back, until every option is
 * known to be gone. A 409 for a quantity q proves fewer than q pieces are left (stock only goes down here),
 * so the buyers stop asking for more than that; an option refused at quantity 1 is sold out.
 */
async function placeOrders(
  client: JsonClient,
  buyers: BenchBuyer[],
  options: OrderOption[],
  timeLimitSeconds: number,
) {
  const mostLeft = new Map(options.map((o) => [o.id, STOCK_PER_OPTION]));
  const byTitle = new Map(options.map((o) => [o.title, o]));
  const acknowledged = new Map(options.map((o) => [o.id, 0]));
  const all: number[] = [];
  const placedMs: number[] = [];
  const refusedMs: number[] = [];
  const failureSamples: string[] = [];
  const slowest: OrderResult['slowest'] = [];
  let placed = 0;
  let refused = 0;
  let otherFailures = 0;
  const started = performance.now();
  const deadline = started + timeLimitSeconds * 1000;
  let timedOut = false;

  async function buyer(who: BenchBuyer, index: number) {
    const receiverInfo = {
      companyName: `Bench Buyer ${index + 1} Co., Ltd.`,
      companyEmail: who.email,
      receiverName: `Receiver ${index + 1}`,
      postalCode: '03925',
      addressDetail: '396 World Cup buk-ro, Mapo-gu, Seoul, 12th floor',
      phoneNumber: '+82 10-5555-0000',
    };
    while (true) {
      if (performance.now() > deadline) {
        timedOut = true;
        return;
      }
      const open = options.filter((o) => mostLeft.get(o.id)! > 0);
      if (open.length === 0) return;
      const lineCount = Math.min(open.length, Math.random() < 0.5 ? 1 : 2);
      const chosen: OrderOption[] = [];
      while (chosen.length < lineCount) {
        const pick = open[randomInt(0, open.length - 1)]!;
        if (!chosen.includes(pick)) chosen.push(pick);
      }
      const lines = chosen.map((o) => ({
        option: o,
        quantity: randomInt(1, Math.min(3, mostLeft.get(o.id)!)),
      }));
      const minor = lines.reduce(
        (sum, l) => sum + (who.currency === 'KRW' ? l.option.priceKrw : l.option.priceUsd) * l.quantity,
        0,
      );
      const sentAt = performance.now();
      const answer = await client.request<{ uuid: string }>('POST', '/api/v1/order', {
        token: who.token,
        body: {
          currencyCode: who.currency,
          finalPaymentAmount: who.currency === 'KRW' ? minor : minor / 100,
          receiverInfo,
          productOptionList: lines.map((l) => ({ productOptionUuid: l.option.id, quantity: l.quantity })),
        },
      });
      all.push(answer.ms);
      slowest.push({
        startedAtS: round((sentAt - started) / 1000, 2),
        ms: round(answer.ms),
        status: answer.status,
      });
      slowest.sort((a, b) => b.ms - a.ms).splice(5);
      if (answer.status === 200) {
        placed++;
        placedMs.push(answer.ms);
        for (const l of lines) acknowledged.set(l.option.id, acknowledged.get(l.option.id)! + l.quantity);
        continue;
      }
      const message = answer.body.message ?? '';
      const notEnoughStock = answer.status === 409 && message.startsWith('Not enough stock left for ');
      const title = notEnoughStock
        ? message.slice('Not enough stock left for '.length).split('. Please')[0]
        : undefined;
      const line =
        title === undefined ? undefined : lines.find((l) => l.option.id === byTitle.get(title)?.id);
      if (line) {
        refused++;
        refusedMs.push(answer.ms);
        mostLeft.set(line.option.id, Math.min(mostLeft.get(line.option.id)!, line.quantity - 1));
        continue;
      }
      otherFailures++;
      if (failureSamples.length < 5) failureSamples.push(`${answer.status} ${message}`);
      if (otherFailures > 100) throw new Error(`POST /order keeps failing: ${failureSamples.join(' | ')}`);
    }
  }

  await Promise.all(buyers.map((b, i) => buyer(b, i)));
  const seconds = (performance.now() - started) / 1000;
  const piecesSold = [...acknowledged.values()].reduce((a, b) => a + b, 0);
  const result: OrderResult = {
    buyers: buyers.length,
    options: options.length,
    stockPieces: options.length * STOCK_PER_OPTION,
    attempts: all.length,
    placed,
    piecesSold,
    refusedNotEnoughStock: refused,
    otherFailures,
    failureSamples,
    seconds: round(seconds, 2),
    ordersPerSecond: round(placed / seconds, 1),
    attemptsPerSecond: round(all.length / seconds, 1),
    latencyMs: latency(all),
    placedLatencyMs: latency(placedMs),
    refusedLatencyMs: latency(refusedMs),
    slowest,
    timedOut,
  };
  return { result, acknowledged };
}

/** Reads the sold options back (after the shop stopped) and checks that nothing was sold twice. */
async function checkOversell(
  target: CatalogueTarget,
  options: OrderOption[],
  acknowledged: Map<string, number>,
  placed: number,
): Promise<OversellCheck> {
  const database = await openTarget(target);
  try {
    const ids = list(options.map((o) => o.id));
    const found = await rows<{ id: string; stock: number; hold_stock: number; ordered: string | number }>(
      database,
      `select o.id, o.stock, o.hold_stock,
         coalesce((select sum(d.quantity) from order_details d where d.product_option_id = o.id), 0) as ordered
       from product_options o where o.id in (${ids})`,
    );
    const [orders] = await rows<{ n: string | number }>(
      database,
      `select count(distinct order_id) as n from order_details where product_option_id in (${ids})`,
    );
    const problems: string[] = [];
    const perOption = found.map((r) => ({
      id: r.id,
      stock: Number(r.stock),
      holdStock: Number(r.hold_stock),
      ordered: Number(r.ordered),
      acknowledged: acknowledged.get(r.id) ?? 0,
    }));
    if (perOption.length !== options.length)
      problems.push(`${options.length - perOption.length} options missing`);
    for (const o of perOption) {
      if (o.holdStock > o.stock) problems.push(`${o.id}: hold_stock ${o.holdStock} > stock ${o.stock}`);
      if (o.stock !== STOCK_PER_OPTION) problems.push(`${o.id}: stock changed to ${o.stock}`);
      // hold_stock was set to 0 before the shop started: its increase is its value.
      if (o.ordered !== o.holdStock)
        problems.push(`${o.id}: ordered ${o.ordered} but hold_stock ${o.holdStock}`);
      if (o.ordered !== o.acknowledged)
        problems.push(`${o.id}: ordered ${o.ordered} but the shop confirmed ${o.acknowledged}`);
    }
    const ordersInDatabase = Number(orders?.n ?? 0);
    if (ordersInDatabase !== placed) problems.push(`${ordersInDatabase} orders stored, ${placed} confirmed`);
    return {
      ok: problems.length === 0,
      problems,
      options: perOption,
      ordersInDatabase,
      piecesLeft: perOption.reduce((sum, o) => sum + o.stock - o.holdStock, 0),
    };
  } finally {
    await database.close();
  }
}

/**
 * Every buyer, CART_PREFILL lines already in its cart, loops for `seconds`: POST /cart (add one option),
 * GET /cart (the cart, to learn the new line's id), PATCH /cart (one more piece), DELETE /cart.
 */
async function cartLoops(
  client: JsonClient,
  buyers: BenchBuyer[],
  options: CartOption[],
  seconds: number,
): Promise<CartResult> {
  const prefill = options.slice(0, CART_PREFILL);
  const looped = options.slice(CART_PREFILL);
  for (const b of buyers) {
    await client.data('POST', '/api/v1/cart', {
      token: b.token,
      body: {
        productOptionAndQuantityList: prefill.map((o) => ({ productOptionUuid: o.id, quantity: o.minimum })),
      },
    });
  }
  const samples = new Map<string, number[]>(
    ['POST /cart', 'GET /cart', 'PATCH /cart', 'DELETE /cart'].map((name) => [name, []]),
  );
  const failures = new Map<string, number>();
  const failureSamples: string[] = [];
  let loops = 0;
  const record = (name: string, answer: { status: number; ms: number; body: { message?: string } }) => {
    samples.get(name)!.push(answer.ms);
    const ok = answer.status >= 200 && answer.status < 300;
    if (!ok) {
      failures.set(name, (failures.get(name) ?? 0) + 1);
      if (failureSamples.length < 5) failureSamples.push(`${name} ${answer.status} ${answer.body.message}`);
    }
    return ok;
  };
  const started = performance.now();
  const end = started + seconds * 1000;

  async function buyer(who: BenchBuyer, index: number) {
    const option = looped[index % looped.length]!;
    while (performance.now() < end) {
      const token = who.token;
      record(
        'POST /cart',
        await client.request('POST', '/api/v1/cart', {
          token,
          body: {
            productOptionAndQuantityList: [{ productOptionUuid: option.id, quantity: option.minimum }],
          },
        }),
      );
      const cart = await client.request<{ cartList: { uuid: string; productOption: { uuid: string } }[] }>(
        'GET',
        '/api/v1/cart',
        { token },
      );
      record('GET /cart', cart);
      const line = cart.body.data?.cartList.find((l) => l.productOption.uuid === option.id);
      if (!line) {
        if (failureSamples.length < 5) failureSamples.push('the added line is not in the cart');
        if ([...failures.values()].reduce((a, b) => a + b, 0) > 100)
          throw new Error(failureSamples.join(' | '));
        continue;
      }
      record(
        'PATCH /cart',
        await client.request('PATCH', '/api/v1/cart', {
          token,
          body: { cartUuid: line.uuid, quantity: option.minimum + 1 },
        }),
      );
      record(
        'DELETE /cart',
        await client.request('DELETE', '/api/v1/cart', { token, body: { cartUuid: line.uuid } }),
      );
      loops++;
    }
  }

  await Promise.all(buyers.map((b, i) => buyer(b, i)));
  const elapsed = (performance.now() - started) / 1000;
  const calls = [...samples].map(([name, ms]) => ({
    name,
    requests: ms.length,
    perSecond: round(ms.length / elapsed, 1),
    latencyMs: latency(ms),
    failures: failures.get(name) ?? 0,
  }));
  return {
    buyers: buyers.length,
    seconds: round(elapsed, 2),
    loops,
    requestsPerSecond: round(calls.reduce((sum, c) => sum + c.requests, 0) / elapsed, 1),
    calls,
    failureSamples,
  };
}

export async function measureBuying(target: CatalogueTarget): Promise<BuyingResult> {
  const durationSeconds = Number(process.env.BENCH_DURATION ?? 20);
  const orderTimeLimit = Number(process.env.BENCH_ORDER_TIME_LIMIT ?? 120);
  sampleLoad('start');
  const catalogue = await ensureCatalogue(target, (line) => console.info(`  ${line}`));
  console.info(describeCatalogue(catalogue));

  console.info('preparing buyers and stock');
  const setup = await prepare(target);
  console.info('starting the shop');
  const shop = await startShop(
    target.driver === 'pglite'
      ? { dataDir: target.dataDir, adminDatabaseUrl: null, env: SERVER_ENV, readyTimeoutMs: 180_000 }
      : { databaseUrl: target.url, env: SERVER_ENV, readyTimeoutMs: 180_000 },
  );
  console.info(`  ready after ${round(shop.startupMs)} ms`);
  const client = new JsonClient(shop.url);
  let orders: { result: OrderResult; acknowledged: Map<string, number> };
  let endpoints: EndpointResult[];
  let cart: CartResult;
  try {
    const memberToken = await logIn(client, MEMBER_EMAIL);
    const buyers = await logInAll(client, setup);
    console.info(`  ${buyers.length} buyers logged in`);

    console.info(`(a) catalogue: ${CONNECTIONS} connections, ${durationSeconds} s per endpoint`);
    endpoints = [];
    for (const endpoint of await catalogueTargets(shop, memberToken)) {
      sampleLoad(endpoint.name);
      const measured = await load(shop, endpoint, durationSeconds);
      console.info(`  ${endpoint.name}: ${measured.requestsPerSecond} req/s, p99 ${measured.p99Ms} ms`);
      endpoints.push(measured);
    }

    console.info(`(b) orders: ${BUYERS} buyers, ${ORDER_OPTIONS} options x ${STOCK_PER_OPTION} pieces`);
    // Every buyer's connection is opened before the clock starts: on PGlite a server busy with queries
    // accepts new connections late (see README), which would measure connection set-up, not ordering.
    await Promise.all(buyers.map((b) => client.data('GET', '/api/v1/cart', { token: b.token })));
    sampleLoad('orders');
    orders = await placeOrders(client, buyers, setup.orderOptions, orderTimeLimit);
    console.info(
      `  ${orders.result.placed} orders in ${orders.result.seconds} s: ${orders.result.ordersPerSecond} orders/s`,
    );

    console.info(`(c) cart: ${BUYERS} buyers for ${durationSeconds} s`);
    sampleLoad('cart');
    cart = await cartLoops(client, buyers, setup.cartOptions, durationSeconds);
    sampleLoad('end');
  } catch (err) {
    console.error(`the shop's last output:\n${shop.logs.slice(-4000)}`);
    throw err;
  } finally {
    client.close();
    await shop.stop();
    if (process.env.BENCH_LOG_LEVEL) {
      await mkdir(resultsDir, { recursive: true });
      const file = path.join(resultsDir, `buying-${target.driver}-server.log`);
      await writeFile(file, shop.logs);
      console.info(`  the shop's output: ${file}`);
    }
  }
  const oversell = await checkOversell(target, setup.orderOptions, orders.acknowledged, orders.result.placed);
  return {
    database: target.driver,
    location: describeTarget(target),
    products: catalogue.products,
    connections: CONNECTIONS,
    durationSeconds,
    load: loadSamples,
    catalogue: endpoints,
    orders: orders.result,
    oversell,
    cart,
  };
}

export function describeBuying(r: BuyingResult): string {
  const o = r.orders;
  return [
    `buying (${r.database}, ${r.products.toLocaleString('en')} products), ${r.location}`,
    '',
    `(a) catalogue, ${r.connections} connections, ${r.durationSeconds} s per endpoint:`,
    table(
      ['endpoint', 'req/s', 'p99 ms', 'non-2xx', 'errors'],
      r.catalogue.map((e) => [e.name, e.requestsPerSecond, e.p99Ms, e.non2xx, e.errors]),
    ),
    '',
    `(b) orders, ${o.buyers} buyers, ${o.options} options holding ${o.stockPieces} pieces:`,
    table(
      ['measure', 'value'],
      [
        ['orders placed', o.placed],
        ['pieces sold', o.piecesSold],
        ['refused 409 not enough stock', o.refusedNotEnoughStock],
        ['other failures', o.otherFailures],
        ['seconds until sold out', o.seconds],
        ['orders/s', o.ordersPerSecond],
        ['attempts/s', o.attemptsPerSecond],
        ['latency p50 / p99 ms (all)', `${o.latencyMs.p50} / ${o.latencyMs.p99}`],
        ['latency p50 / p99 ms (placed)', `${o.placedLatencyMs.p50} / ${o.placedLatencyMs.p99}`],
        ['latency p50 / p99 ms (refused)', `${o.refusedLatencyMs.p50} / ${o.refusedLatencyMs.p99}`],
        ['pieces left', r.oversell.piecesLeft],
        [
          'oversell check',
          r.oversell.ok ? 'ok: nothing oversold' : `FAILED: ${r.oversell.problems.join('; ')}`,
        ],
      ],
    ),
    ...(o.failureSamples.length > 0 ? [`  failures: ${o.failureSamples.join(' | ')}`] : []),
    `  slowest orders (sent at s: took ms, status): ${o.slowest.map((x) => `${x.startedAtS}: ${x.ms} (${x.status})`).join(', ')}`,
    ...(o.timedOut ? ['  stopped by BENCH_ORDER_TIME_LIMIT before the stock ran out'] : []),
    '',
    `(c) cart, ${r.cart.buyers} buyers, ${r.cart.seconds} s, ${r.cart.loops} loops, ${r.cart.requestsPerSecond} req/s in all:`,
    table(
      ['call', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'failures'],
      r.cart.calls.map((c) => [
        c.name,
        c.perSecond,
        c.latencyMs.p50,
        c.latencyMs.p99,
        c.latencyMs.max,
        c.failures,
      ]),
    ),
    ...(r.cart.failureSamples.length > 0 ? [`  failures: ${r.cart.failureSamples.join(' | ')}`] : []),
    '',
    `load average (1, 5, 15 min) on ${os.cpus().length} CPUs: ${r.load.map((l) => `${l.phase} ${l.loadavg.join('/')}`).join(', ')}`,
  ].join('\n');
}

/** Failed calls, other order failures or an oversell make the run exit with 1. */
function reportFailures(r: BuyingResult) {
  const problems = [
    ...r.catalogue.filter((e) => e.non2xx + e.errors > 0).map((e) => `non-2xx answers on ${e.name}`),
    ...(r.orders.otherFailures > 0 ? ['orders failed for other reasons than stock'] : []),
    ...(r.oversell.ok ? [] : ['OVERSELL CHECK FAILED']),
    ...(r.cart.calls.some((c) => c.failures > 0) ? ['cart calls failed'] : []),
  ];
  if (problems.length === 0) return;
  console.error(problems.join('\n'));
  process.exitCode = 1;
}

if (isMain(import.meta.url)) {
  try {
    const result = await measureBuying(catalogueTarget());
    console.info(`\n${describeBuying(result)}`);
    console.info(`written to ${await writeResult(`buying-${result.database}`, result)}`);
    reportFailures(result);
  } catch (err) {
    console.error(`buying failed: ${shortError(err)}`);
    process.exitCode = 1;
  }
}
