/**
 * Placing orders on PostgreSQL, alone: 50 approved buyers each ordering back to back for
 * BENCH_ORDER_SECONDS, on a fresh scratch database holding the demo catalogue (or, with
 * BENCH_ORDER_DATABASE, on an existing shop database such as the 100,000-product catalogue, which is kept).
 *
 * The buyers order 1 or 2 of 20 options (the default options of 20 products), 1 to 3 pieces a line. Four of
 * the options are scarce (40 pieces), so some orders are refused for stock while the run goes on; the others
 * hold plenty. Afterwards the database is checked: no option holds more than its stock, every option's
 * ordered pieces equal its hold and what the shop confirmed, and the orders stored equal the orders
 * confirmed.
 *
 * Run from the root after `npm run build`:
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ordering.ts
 * BENCH_ORDER_IDEMPOTENCY=1 sends an Idempotency-Key with every order, as the storefront does;
 * BENCH_ORDER_ROUND_TRIPS=1 relays the shop's database connections through a counter and reports round
 * trips per order (the relay costs CPU: compare latencies from runs without it).
 * BENCH_ORDER_BROWSE=N has N connections browse the catalogue's long tail (support/long-tail.ts: guests and the
 * demo members) for the whole measured run, as a live shop's visitors do while orders flow, and reports it.
 * BENCH_ORDER_SMTP=1 sends the shop's mails to an SMTP server in this process, as a deployment with SMTP_URL
 * does, instead of the outbox folder (two mails per order); BENCH_ORDER_SMTP_URL_QUERY adds settings to the
 * URL (for example `pool=false`).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { startSmtpPeer } from '../apps/api/src/test/smtp-peer.js';
import { createScratchDatabase, startShop } from '../e2e/support/server.js';
import { JsonClient, percentile } from './support/client.js';
import { browse, login, longTail } from './support/long-tail.js';
import { isMain, loadAverages, round, table, writeResult } from './support/report.js';
import { countRoundTrips } from './support/round-trips.js';
import { shopCpuSeconds } from './support/shop-metrics.js';

const BUYERS = Number(process.env.BENCH_ORDER_BUYERS ?? 50);
const SECONDS = Number(process.env.BENCH_ORDER_SECONDS ?? 20);
const WARM_UP_SECONDS = Number(process.env.BENCH_ORDER_WARM_UP ?? 3);
const OPTIONS = 20;
export const SCARCE = 4;
const SCARCE_STOCK = 40;
const PLENTY = 1_000_000;
/** Send an Idempotency-Key with every order, as the storefront's checkout does. */
export const WITH_KEYS = process.env.BENCH_ORDER_IDEMPOTENCY === '1';
/** Relay the shop's database connections through a counter of round trips (costs the bench some CPU). */
const COUNT_ROUND_TRIPS = process.env.BENCH_ORDER_ROUND_TRIPS === '1';
/** Mail through SMTP to a server in this process rather than to the outbox folder. */
const WITH_SMTP = process.env.BENCH_ORDER_SMTP === '1';
/** Connections browsing the long tail while the measured orders run; 0 for orders alone. */
const BROWSE_CONNECTIONS = Number(process.env.BENCH_ORDER_BROWSE ?? 0);
const SMTP_URL_QUERY = process.env.BENCH_ORDER_SMTP_URL_QUERY ?? '';
const DEMO_BUYER = 'korea@demo.kshop.example';
const PASSWORD = 'Demo1234!';

type Currency = 'KRW' | 'USD';
interface Buyer {
  email: string;
  currency: Currency;
  token: string;
}
interface Option {
  id: string;
  title: string;
  priceKrw: number;
  priceUsd: number;
  stock: number;
}

const buyerEmail = (i: number) => `orderer${String(i + 1).padStart(2, '0')}@bench.kshop.example`;
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
/** CPU seconds used so far by the database server's backends serving this database (Linux /proc). */
async function databaseCpuSeconds(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      // Another machine's database, or a backend that just ended: not counted.
    }
  }
  return total;
}

const latency = (ms: readonly number[]) => ({
  p50: round(percentile(ms, 50), 1),
  p99: round(percentile(ms, 99), 1),
  max: round(Math.max(0, ...ms), 1),
});

/** 50 approved buyers (the demo buyer's password hash, half KRW, half USD) and 20 fresh options to sell. */
export async function prepareOrdering(
  client: pg.Client,
): Promise<{ buyers: Omit<Buyer, 'token'>[]; options: Option[] }> {
  const emails = Array.from({ length: BUYERS }, (_, i) => buyerEmail(i));
  await client.query(
    `insert into buyers (email, password_hash, status, is_korean_company, company_name, representative_name,
       business_registration_number, phone_number, company_address, postal_code, personal_info_agreed_at,
       terms_agreed_at)
     select e.email, d.password_hash, 'APPROVED', e.i % 2 = 0, 'Order Bench ' || e.i || ' Co., Ltd.',
       'Order Bench ' || e.i, (1208900000 + e.i)::text, '+82 10-5556-0000', '396 World Cup buk-ro, Mapo-gu, Seoul',
       '03925', now(), now()
     from unnest($1::text[]) with ordinality as e(email, i)
     cross join (select password_hash from buyers where lower(email) = $2) d
     where not exists (select 1 from buyers b where lower(b.email) = e.email)`,
    [emails, DEMO_BUYER],
  );
  await client.query("update buyers set status = 'APPROVED' where lower(email) = any($1::text[])", [emails]);
  await client.query(
    'delete from cart_items where buyer_id in (select id from buyers where lower(email) = any($1::text[]))',
    [emails],
  );
  const { rows: currencies } = await client.query<{ email: string; korean: boolean }>(
    'select lower(email) as email, is_korean_company as korean from buyers where lower(email) = any($1::text[])',
    [emails],
  );
  const korean = new Map(currencies.map((r) => [r.email, r.korean]));
  // Default options nobody ordered yet, of products with distinct titles (a 409 names the product).
  const { rows: candidates } = await client.query<{
    id: string;
    product_id: string;
    title: string;
    price_krw: string;
    price_usd: string;
  }>(
    `select o.id, o.product_id, p.title, o.price_krw, o.price_usd
     from product_options o join products p on p.id = o.product_id
     where o.is_default and p.deleted_at is null
       and not exists (select 1 from order_details d where d.product_option_id = o.id)
       and not exists (select 1 from cart_items c where c.product_option_id = o.id)
     order by p.created_at desc, p.id limit 400`,
  );
  const titles = new Set<string>();
  const options: Option[] = [];
  for (const c of candidates) {
    if (titles.has(c.title) || options.length === OPTIONS) continue;
    titles.add(c.title);
    options.push({
      id: c.id,
      title: c.title,
      priceKrw: Number(c.price_krw),
      priceUsd: Number(c.price_usd),
      stock: options.length < SCARCE ? SCARCE_STOCK : PLENTY,
    });
  }
  if (options.length < OPTIONS) throw new Error('not enough options nobody ordered');
  for (const o of options) {
    await client.query(
      `update product_options set stock = $2, hold_stock = 0, minimum_order_quantity = 1, is_sold_out = false,
         updated_at = now() where id = $1`,
      [o.id, o.stock],
    );
  }
  await client.query(
    'update products set in_stock = true where id in (select product_id from product_options where id = any($1::uuid[]))',
    [options.map((o) => o.id)],
  );
  return {
    buyers: emails.map((email) => ({ email, currency: korean.get(email) === false ? 'USD' : 'KRW' })),
    options,
  };
}

/** POST /order on a kept-alive loopback connection, with an Idempotency-Key when BENCH_ORDER_IDEMPOTENCY=1. */
function postOrder(
  client: OrderClient,
  token: string,
  body: object,
): Promise<{ status: number; ms: number; body: { message?: string } }> {
  const payload = JSON.stringify(body);
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
    authorization: `Bearer ${token}`,
    ...(WITH_KEYS ? { 'idempotency-key': randomUUID() } : {}),
  };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL('/api/v1/order', client.base),
      { method: 'POST', agent: client.agent, headers, timeout: 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const ms = performance.now() - started;
          let parsed: { message?: string } = {};
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            parsed = { message: 'the answer was not JSON' };
          }
          resolve({ status: response.statusCode ?? 0, ms, body: parsed });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('POST /api/v1/order: no answer within 30 s')));
    request.on('error', reject);
    request.end(payload);
  });
}

interface OrderClient {
  base: string;
  agent: http.Agent;
}

interface Phase {
  attempts: number;
  placed: number;
  refused: number;
  otherFailures: number;
  failureSamples: string[];
  allMs: number[];
  placedMs: number[];
  refusedMs: number[];
}

/**
 * Every buyer orders back to back until `seconds` have passed. A 409 for quantity q of a scarce option
 * proves fewer than q pieces are left (nothing releases stock here), so the buyers ask for less after it.
 */
async function orderFor(
  client: OrderClient,
  buyers: Buyer[],
  options: Option[],
  mostLeft: Map<string, number>,
  acknowledged: Map<string, number>,
  seconds: number,
): Promise<Phase> {
  const phase: Phase = {
    attempts: 0,
    placed: 0,
    refused: 0,
    otherFailures: 0,
    failureSamples: [],
    allMs: [],
    placedMs: [],
    refusedMs: [],
  };
  const byTitle = new Map(options.map((o) => [o.title, o]));
  const end = performance.now() + seconds * 1000;
  async function buyer(who: Buyer, index: number) {
    const receiverInfo = {
      companyName: `Order Bench ${index + 1} Co., Ltd.`,
      companyEmail: who.email,
      receiverName: `Receiver ${index + 1}`,
      postalCode: '03925',
      addressDetail: '396 World Cup buk-ro, Mapo-gu, Seoul, 12th floor',
      phoneNumber: '+82 10-5556-0000',
    };
    while (performance.now() < end) {
      const open = options.filter((o) => mostLeft.get(o.id)! > 0);
      const chosen: Option[] = [];
      const lineCount = Math.min(open.length, Math.random() < 0.5 ? 1 : 2);
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
      const answer = await postOrder(client, who.token, {
        currencyCode: who.currency,
        finalPaymentAmount: who.currency === 'KRW' ? minor : minor / 100,
        receiverInfo,
        productOptionList: lines.map((l) => ({ productOptionUuid: l.option.id, quantity: l.quantity })),
      });
      phase.attempts++;
      phase.allMs.push(answer.ms);
      if (answer.status === 200) {
        phase.placed++;
        phase.placedMs.push(answer.ms);
        for (const l of lines) acknowledged.set(l.option.id, acknowledged.get(l.option.id)! + l.quantity);
        continue;
      }
      const message = answer.body.message ?? '';
      const prefix = 'Not enough stock left for ';
      const title =
        answer.status === 409 && message.startsWith(prefix)
          ? message.slice(prefix.length).split('. Please')[0]
          : undefined;
      const line =
        title === undefined ? undefined : lines.find((l) => l.option.id === byTitle.get(title)?.id);
      if (line) {
        phase.refused++;
        phase.refusedMs.push(answer.ms);
        mostLeft.set(line.option.id, Math.min(mostLeft.get(line.option.id)!, line.quantity - 1));
        continue;
      }
      phase.otherFailures++;
      if (phase.failureSamples.length < 5) phase.failureSamples.push(`${answer.status} ${message}`);
      if (phase.otherFailures > 100)
        throw new Error(`POST /order keeps failing: ${phase.failureSamples.join(' | ')}`);
    }
  }
  await Promise.all(buyers.map((b, i) => buyer(b, i)));
  return phase;
}

/** Nothing sold twice: holds within stock, ordered pieces = hold = confirmed pieces, orders stored = confirmed. */
async function checkOversell(
  client: pg.Client,
  options: Option[],
  acknowledged: Map<string, number>,
  placed: number,
) {
  const ids = options.map((o) => o.id);
  const { rows } = await client.query<{ id: string; stock: number; hold_stock: number; ordered: string }>(
    `select o.id, o.stock, o.hold_stock,
       coalesce((select sum(d.quantity) from order_details d where d.product_option_id = o.id), 0) as ordered
     from product_options o where o.id = any($1::uuid[])`,
    [ids],
  );
  const { rows: stored } = await client.query<{ n: string }>(
    'select count(distinct order_id) as n from order_details where product_option_id = any($1::uuid[])',
    [ids],
  );
  const problems: string[] = [];
  for (const r of rows) {
    const option = options.find((o) => o.id === r.id)!;
    const ordered = Number(r.ordered);
    if (r.hold_stock > r.stock) problems.push(`${r.id}: hold ${r.hold_stock} > stock ${r.stock}`);
    if (r.stock !== option.stock) problems.push(`${r.id}: stock changed to ${r.stock}`);
    if (ordered !== r.hold_stock) problems.push(`${r.id}: ordered ${ordered} but hold ${r.hold_stock}`);
    if (ordered !== acknowledged.get(r.id))
      problems.push(`${r.id}: ordered ${ordered}, confirmed ${acknowledged.get(r.id)}`);
  }
  if (Number(stored[0]?.n) !== placed) problems.push(`${stored[0]?.n} orders stored, ${placed} confirmed`);
  const scarceLeft = rows
    .filter((r) => options.find((o) => o.id === r.id)!.stock === SCARCE_STOCK)
    .reduce((sum, r) => sum + r.stock - r.hold_stock, 0);
  return { ok: problems.length === 0, problems, scarceLeft };
}

/** Mails waiting in the shop's queue, or null on a build that sent them from the request. */
async function queuedMails(database: pg.Client): Promise<number | null> {
  const { rows } = await database.query<{ exists: boolean }>(
    "select to_regclass('mail_queue') is not null as exists",
  );
  if (!rows[0]?.exists) return null;
  return (await database.query<{ n: number }>('select count(*)::int as n from mail_queue')).rows[0]!.n;
}

/** Seconds until the queue is empty, polled every 250 ms for at most 120 s, and the mails sent per second. */
async function untilQueueEmpty(database: pg.Client, queued: number) {
  const started = performance.now();
  let left = queued;
  while (left > 0 && performance.now() - started < 120_000) {
    await new Promise((r) => setTimeout(r, 250));
    left = (await queuedMails(database)) ?? 0;
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds: round(seconds, 1), left, perSecond: round((queued - left) / seconds, 0) };
}

export async function measureOrdering() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const existing = process.env.BENCH_ORDER_DATABASE;
  const scratch = existing ? undefined : await createScratchDatabase(adminUrl, 'bench_orders');
  const url = new URL(adminUrl);
  if (existing) url.pathname = `/${existing}`;
  const databaseUrl = scratch?.url ?? url.toString();
  const relay = COUNT_ROUND_TRIPS ? await countRoundTrips(databaseUrl) : undefined;
  const smtp = WITH_SMTP ? await startSmtpPeer() : undefined;
  const smtpUrl = smtp && (SMTP_URL_QUERY ? `${smtp.url}?${SMTP_URL_QUERY}` : smtp.url);
  const shop = await startShop({
    databaseUrl: relay?.url ?? databaseUrl,
    env: { RATE_LIMIT: 'false', METRICS: 'true', ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}) },
    readyTimeoutMs: 180_000,
  });
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const api = new JsonClient(shop.url);
  const orders: OrderClient = { base: shop.url, agent: new http.Agent({ keepAlive: true, maxSockets: 256 }) };
  try {
    const setup = await prepareOrdering(database);
    const buyers: Buyer[] = [];
    for (let i = 0; i < setup.buyers.length; i += 4) {
      const group = setup.buyers.slice(i, i + 4);
      const tokens = await Promise.all(
        group.map((b) =>
          api.data<{ accessToken: string }>('POST', '/api/v1/auth/login', {
            body: { email: b.email, password: PASSWORD },
          }),
        ),
      );
      for (const [k, b] of group.entries()) buyers.push({ ...b, token: tokens[k]!.accessToken });
    }
    // Every buyer's connection is open before the clock starts.
    await Promise.all(
      buyers.map((b) => postOrder(orders, b.token, { currencyCode: b.currency, productOptionList: [] })),
    );
    const mostLeft = new Map(setup.options.map((o) => [o.id, o.stock]));
    const acknowledged = new Map(setup.options.map((o) => [o.id, 0]));
    const warmUp = await orderFor(orders, buyers, setup.options, mostLeft, acknowledged, WARM_UP_SECONDS);
    // The scratch database's order tables were empty when the shop's connections planned their statements
    // (foreign-key checks among them: a check on orders kept a plan that read every order). A live shop's
    // tables have statistics: autovacuum analyzes a table within its first minute of orders, and each
    // connection plans again. The warm-up takes the place of that minute.
    await database.query('analyze orders, order_details, idempotency_keys, pending_sales, mail_queue');
    const loadBefore = loadAverages();
    const cpuBefore = {
      server: await shopCpuSeconds(shop.url),
      database: await databaseCpuSeconds(database),
    };
    relay?.reset();
    const browsing = BROWSE_CONNECTIONS
      ? await (async () => {
          const paths = await longTail(shop.url);
          const viewers = [
            undefined,
            await login(shop.url, DEMO_BUYER),
            await login(shop.url, 'global@demo.kshop.example'),
          ];
          return browse(shop.url, paths, viewers, SECONDS + 60, BROWSE_CONNECTIONS);
        })()
      : undefined;
    const started = performance.now();
    const run = await orderFor(orders, buyers, setup.options, mostLeft, acknowledged, SECONDS);
    const seconds = (performance.now() - started) / 1000;
    browsing?.stop();
    const browsed = await browsing?.done;
    const roundTrips = relay?.count;
    const cpuAfter = {
      server: await shopCpuSeconds(shop.url),
      database: await databaseCpuSeconds(database),
    };
    const loadAfter = loadAverages();
    const mailsQueued = await queuedMails(database);
    const mailsSentAfter = mailsQueued ? await untilQueueEmpty(database, mailsQueued) : null;
    const oversell = await checkOversell(database, setup.options, acknowledged, warmUp.placed + run.placed);
    return {
      database: existing ?? 'scratch (demo catalogue)',
      mail: smtp
        ? `SMTP${SMTP_URL_QUERY ? ` (${SMTP_URL_QUERY})` : ''}, ${smtp.received.length} mails received`
        : 'outbox',
      /** Mails still waiting in the queue when the clock stopped (decision 0035); null before the queue. */
      mailsQueued,
      /** How long the shop, no longer ordered from, took to send those (at most 120 s), and at what rate. */
      mailsSentAfter,
      buyers: buyers.length,
      idempotencyKeys: WITH_KEYS,
      seconds: round(seconds, 2),
      ordersPerSecond: round(run.placed / seconds, 1),
      attemptsPerSecond: round(run.attempts / seconds, 1),
      placed: run.placed,
      refusedNotEnoughStock: run.refused,
      otherFailures: run.otherFailures + warmUp.otherFailures,
      failureSamples: [...warmUp.failureSamples, ...run.failureSamples],
      latencyMs: latency(run.allMs),
      placedLatencyMs: latency(run.placedMs),
      refusedLatencyMs: latency(run.refusedMs),
      warmUp: { seconds: WARM_UP_SECONDS, placed: warmUp.placed, refused: warmUp.refused },
      loadavg: { before: loadBefore, after: loadAfter },
      /** CPU milliseconds per attempted order: the shop's process, and the database's backends. */
      cpuMsPerOrder: {
        server: round(((cpuAfter.server - cpuBefore.server) * 1000) / run.attempts, 2),
        database: round(((cpuAfter.database - cpuBefore.database) * 1000) / run.attempts, 2),
      },
      /** Round trips to the database per attempted order (all the shop's connections), when counted. */
      roundTripsPerOrder: roundTrips === undefined ? null : round(roundTrips / run.attempts, 2),
      /** The long tail browsed meanwhile (BENCH_ORDER_BROWSE connections), when it was. */
      browsing: browsed
        ? {
            connections: BROWSE_CONNECTIONS,
            requestsPerSecond: round(browsed.requests.average),
            p99Ms: round(browsed.latency.p99, 1),
            non2xx: browsed.non2xx,
            errors: browsed.errors + browsed.timeouts,
          }
        : null,
      oversell,
    };
  } catch (err) {
    console.error(`the shop's last output:\n${shop.logs.slice(-4000)}`);
    throw err;
  } finally {
    api.close();
    orders.agent.destroy();
    await database.end();
    await shop.stop();
    await relay?.close();
    await smtp?.close();
    await scratch?.drop();
  }
}

export type OrderingResult = Awaited<ReturnType<typeof measureOrdering>>;

export function describeOrdering(r: OrderingResult): string {
  return [
    `ordering on PostgreSQL, ${r.database}: ${r.buyers} buyers for ${r.seconds} s${r.idempotencyKeys ? ', with Idempotency-Keys' : ''}`,
    table(
      ['measure', 'value'],
      [
        ['orders/s', r.ordersPerSecond],
        ['attempts/s', r.attemptsPerSecond],
        ['orders placed', r.placed],
        ['refused 409 not enough stock', r.refusedNotEnoughStock],
        ['other failures', r.otherFailures],
        ['latency p50 / p99 / max ms (all)', `${r.latencyMs.p50} / ${r.latencyMs.p99} / ${r.latencyMs.max}`],
        ['latency p50 / p99 ms (placed)', `${r.placedLatencyMs.p50} / ${r.placedLatencyMs.p99}`],
        ['latency p50 / p99 ms (refused)', `${r.refusedLatencyMs.p50} / ${r.refusedLatencyMs.p99}`],
        [
          'oversell check',
          r.oversell.ok ? 'ok: nothing oversold' : `FAILED: ${r.oversell.problems.join('; ')}`,
        ],
        ['CPU ms per order: shop / database', `${r.cpuMsPerOrder.server} / ${r.cpuMsPerOrder.database}`],
        ['database round trips per order', r.roundTripsPerOrder ?? 'not counted (BENCH_ORDER_ROUND_TRIPS=1)'],
        [
          'browsing meanwhile: req/s, p99 ms, failures',
          r.browsing
            ? `${r.browsing.requestsPerSecond}, ${r.browsing.p99Ms}, ${r.browsing.non2xx + r.browsing.errors} (${r.browsing.connections} connections)`
            : 'none (BENCH_ORDER_BROWSE=N)',
        ],
        ['mail', r.mail],
        ['mails queued when the clock stopped', r.mailsQueued === null ? 'no queue' : String(r.mailsQueued)],
        [
          'then sent in s (mails/s, left)',
          r.mailsSentAfter
            ? `${r.mailsSentAfter.seconds} (${r.mailsSentAfter.perSecond}/s, ${r.mailsSentAfter.left} left)`
            : '-',
        ],
        ['load average before / after', `${r.loadavg.before.join('/')} | ${r.loadavg.after.join('/')}`],
      ],
    ),
    ...(r.failureSamples.length > 0 ? [`failures: ${r.failureSamples.join(' | ')}`] : []),
  ].join('\n');
}

if (isMain(import.meta.url)) {
  try {
    const result = await measureOrdering();
    console.info(describeOrdering(result));
    console.info(`written to ${await writeResult('ordering-postgres', result)}`);
    if (!result.oversell.ok || result.otherFailures > 0) process.exitCode = 1;
  } catch (err) {
    console.error(`ordering failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}
