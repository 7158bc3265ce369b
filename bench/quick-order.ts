/**
 * Quick order of 500 lines (issue 35): a member's list of BENCH_QUICK_ORDER_LINES (default 500) SKUs, each with a
 * quantity, checked (`POST /api/v1/quick-order/check`) and added to an empty cart (`/quick-order/add`, a fresh
 * Idempotency-Key each time) through the built shop over HTTP, BENCH_QUICK_ORDER_RUNS times (default 7), check and
 * add taking turns; the cart is emptied between runs (not timed). On PostgreSQL (BENCH_DATABASE_URL, a scratch
 * database) or PGlite (a copy of the seeded data). Afterwards it checks that every run added every line.
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/quick-order.ts
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../apps/api/dist/db/client.js';
import { sqlRows, startPreparedShop } from './support/prepared-shop.js';
import { isMain, loadAverages, round, table, writeResult } from './support/report.js';

const LINES = Number(process.env.BENCH_QUICK_ORDER_LINES ?? 500);
const RUNS = Number(process.env.BENCH_QUICK_ORDER_RUNS ?? 7);
const BUYER = { email: 'korea@demo.kshop.example', password: 'Demo1234!' };

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** LINES new options with their own SKUs on orderable products of the demo catalogue, 1,000 of each in stock. */
async function prepare(db: Database): Promise<{ code: string; quantity: number }[]> {
  const products = await sqlRows<{ id: string }>(
    db,
    `select p.id from products p where p.deleted_at is null and p.is_published and not p.preorder
       and (p.sales_start_at is null or p.sales_start_at <= now())
       and (p.sales_end_at is null or p.sales_end_at > now() + interval '1 day')
     order by p.id limit 50`,
  );
  if (products.length === 0) throw new Error('no orderable product');
  await db.db.execute(
    `insert into product_options (product_id, option_name_key1, option_name_value1, stock, price_krw, price_usd, sku)
     select p.id, 'VERSION', 'Bench ' || i, 1000, 15000 + (i % 7) * 1000, 12 + (i % 7), 'QOB' || lpad(i::text, 5, '0')
     from generate_series(1, ${LINES}) i
     join (select id, row_number() over (order by id) - 1 as n from products
           where id in (${products.map((p) => `'${p.id}'`).join(', ')})) p on p.n = i % ${products.length}`,
  );
  // As copied from a spreadsheet: codes as typed, some in lower case, quantities of 1 to 12.
  return Array.from({ length: LINES }, (_, index) => {
    const code = `QOB${String(index + 1).padStart(5, '0')}`;
    return { code: index % 10 === 0 ? code.toLowerCase() : code, quantity: 1 + ((index * 7) % 12) };
  });
}

type Answer<T> = { statusCode: number; message: string; data: T };

export async function measureQuickOrder() {
  const {
    shop,
    prepared: lines,
    database,
    stopAndInspect,
  } = await startPreparedShop('bench_quick_order', prepare);
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${shop.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as Answer<T>;
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${answer.message}`);
    return answer.data;
  };
  const { accessToken } = await call<{ accessToken: string }>('POST', '/api/v1/auth/login', BUYER);
  const auth = { authorization: `Bearer ${accessToken}` };
  const emptyCart = async () => {
    const cart = await call<{ cartList: { uuid: string }[] }>('GET', '/api/v1/cart', undefined, auth);
    for (const line of cart.cartList) await call('DELETE', '/api/v1/cart', { cartUuid: line.uuid }, auth);
  };
  const request = { lines: lines.map((l, index) => ({ ...l, line: index + 1 })) };

  const loadBefore = loadAverages();
  await emptyCart();
  // One of each first, untimed: the first request of a kind warms the shop's code paths.
  await call('POST', '/api/v1/quick-order/check', request, auth);
  const checkMs: number[] = [];
  const addMs: number[] = [];
  const added: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    const checked = await call<{ addableCount: number }>('POST', '/api/v1/quick-order/check', request, auth);
    checkMs.push(performance.now() - started);
    if (checked.addableCount !== LINES)
      throw new Error(`the check found ${checked.addableCount} lines to add`);
    started = performance.now();
    const done = await call<{ added: unknown[] }>('POST', '/api/v1/quick-order/add', request, {
      ...auth,
      'idempotency-key': randomUUID(),
    });
    addMs.push(performance.now() - started);
    added.push(done.added.length);
    await emptyCart();
  }
  const loadAfter = loadAverages();
  return stopAndInspect(async (db) => {
    const [left] = await sqlRows<{ n: number }>(db, `select count(*)::int as n from cart_items`);
    return {
      database,
      lines: LINES,
      runs: RUNS,
      checkMs: { median: round(median(checkMs), 1), all: checkMs.map((ms) => round(ms, 1)) },
      addMs: { median: round(median(addMs), 1), all: addMs.map((ms) => round(ms, 1)) },
      everyRunAddedEveryLine: added.every((n) => n === LINES),
      cartLinesLeft: left?.n ?? -1,
      loadAverage: { before: loadBefore, after: loadAfter },
    };
  });
}

if (isMain(import.meta.url)) {
  const result = await measureQuickOrder();
  process.stdout.write(
    `${table(
      ['database', 'lines', 'check (median ms)', 'add (median ms)', 'every line added'],
      [
        [
          result.database,
          result.lines,
          result.checkMs.median,
          result.addMs.median,
          String(result.everyRunAddedEveryLine),
        ],
      ],
    )}\n`,
  );
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  await writeResult(`quick-order-${result.database}`, result);
}
