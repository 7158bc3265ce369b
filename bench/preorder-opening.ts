/**
 * A pre-order opening, the busiest minute a K-pop wholesaler has: a new release goes on sale, 200 members
 * open its detail page and order it within BENCH_OPENING_SECONDS (default 60), while 50 guests browse the
 * catalogue's long tail. On the built shop: PostgreSQL at BENCH_DATABASE_URL (a scratch database), or PGlite
 * in a copy of the seeded DATA_DIR.
 *
 * The release has two versions with 300 pieces each; each member, at a random moment of the minute, opens
 * the detail page, adds 1 to 3 pieces of one version to the cart and orders them (with an Idempotency-Key,
 * as the storefront does). Demand (about 800 pieces) exceeds stock, so later orders are refused for stock.
 * Afterwards the database is checked: no version holds more than its stock, each version's held stock
 * equals the pieces of the open order lines, and every order the shop acknowledged is stored.
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/preorder-opening.ts
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../apps/api/dist/db/client.js';
import { percentile } from './support/client.js';
import { browse, DEMO_PASSWORD, login, longTail, seeded } from './support/long-tail.js';
import { sqlRows, startPreparedShop } from './support/prepared-shop.js';
import { isMain, loadAverages, round, table, writeResult } from './support/report.js';
import { json } from './support/staff-session.js';

const MEMBERS = Number(process.env.BENCH_OPENING_MEMBERS ?? 200);
const SECONDS = Number(process.env.BENCH_OPENING_SECONDS ?? 60);
const GUESTS = 50;
const STOCK = 300;
const memberEmail = (i: number) => `preorder${String(i + 1).padStart(3, '0')}@bench.kshop.example`;

type Release = { productId: string; options: { id: string }[] };

/** The members (approved, half Korean, half global, with the demo buyer's password) and the release. */
async function prepare(db: Database): Promise<Release> {
  const emails = Array.from({ length: MEMBERS }, (_, i) => `'${memberEmail(i)}'`).join(', ');
  await db.db.execute(
    `insert into buyers (email, password_hash, status, is_korean_company, company_name, representative_name,
       business_registration_number, phone_number, company_address, postal_code, personal_info_agreed_at,
       terms_agreed_at)
     select e.email, d.password_hash, 'APPROVED', e.i % 2 = 0, 'Preorder Bench ' || e.i || ' Co., Ltd.',
       'Preorder Bench ' || e.i, (1308900000 + e.i)::text, '+82 10-5556-0000', '396 World Cup buk-ro, Mapo-gu, Seoul',
       '03925', now(), now()
     from unnest(array[${emails}]) with ordinality as e(email, i)
     cross join (select password_hash from buyers where lower(email) = 'korea@demo.kshop.example') d`,
  );
  // The newest listed product with two options or more becomes the release: two versions, 300 pieces each.
  const [product] = await sqlRows<{ id: string }>(
    db,
    `select p.id from products p
     where p.deleted_at is null and p.is_published
       and (select count(*) from product_options o where o.product_id = p.id) >= 2
     order by p.created_at desc, p.id limit 1`,
  );
  if (!product) throw new Error('no product with two options');
  const options = await sqlRows<{ id: string }>(
    db,
    `select id from product_options where product_id = '${product.id}' order by sort_order, id limit 2`,
  );
  await db.db.execute(
    `update product_options set stock = ${STOCK}, hold_stock = 0, minimum_order_quantity = 1, order_multiple = 1,
       max_per_order = null, is_sold_out = false
     where id in (${options.map((o) => `'${o.id}'`).join(', ')})`,
  );
  await db.db.execute(
    `update product_options set is_sold_out = true
     where product_id = '${product.id}' and id not in (${options.map((o) => `'${o.id}'`).join(', ')})`,
  );
  await db.db.execute(
    `update products set in_stock = true, tags = array['pre'], release_date = current_date + 30
     where id = '${product.id}'`,
  );
  return { productId: product.id, options };
}

type Outcome = { placed: number; refused: number; failed: number; failures: string[] };

export async function measurePreorderOpening() {
  const {
    shop,
    prepared: release,
    database,
    stopAndInspect,
  } = await startPreparedShop('bench_preorder', prepare);
  let result: Record<string, unknown>;
  const acknowledged: string[] = [];
  try {
    const paths = await longTail(shop.url);
    const tokens: { token: string; email: string; korean: boolean }[] = [];
    for (let i = 0; i < MEMBERS; i += 10)
      tokens.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, MEMBERS - i) }, async (_, j) => ({
            token: await login(shop.url, memberEmail(i + j), DEMO_PASSWORD),
            email: memberEmail(i + j),
            korean: (i + j + 1) % 2 === 0,
          })),
        )),
      );
    const next = seeded(2_027);
    const detailMs: number[] = [];
    const orderMs: number[] = [];
    const outcome: Outcome = { placed: 0, refused: 0, failed: 0, failures: [] };
    const fail = (what: string) => {
      outcome.failed++;
      if (outcome.failures.length < 5) outcome.failures.push(what);
    };
    const member = async (who: (typeof tokens)[number]) => {
      await sleep(next() * SECONDS * 1000);
      const auth = { authorization: `Bearer ${who.token}` };
      const option = release.options[Math.floor(next() * release.options.length)]!;
      const quantity = 1 + Math.floor(next() * 3);
      let started = performance.now();
      const detail = await json(`${shop.url}/api/v1/product/detail/${option.id}`, { headers: auth });
      detailMs.push(performance.now() - started);
      if (detail.status !== 200) return fail(`detail ${detail.status}`);
      const unit = (detail.body.data as { currentOption: { productPrice: { totalPrice: number } } })
        .currentOption.productPrice.totalPrice;
      const added = await json(`${shop.url}/api/v1/cart`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ productOptionAndQuantityList: [{ productOptionUuid: option.id, quantity }] }),
      });
      if (added.status === 409) return void outcome.refused++;
      if (added.status !== 200) return fail(`cart ${added.status} ${added.body.message}`);
      started = performance.now();
      const order = await json(`${shop.url}/api/v1/order`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({
          currencyCode: who.korean ? 'KRW' : 'USD',
          finalPaymentAmount: Math.round(unit * quantity * 100) / 100,
          receiverInfo: {
            companyName: 'Preorder Bench Co., Ltd.',
            companyEmail: who.email,
            receiverName: 'Bench Receiver',
            postalCode: '03925',
            addressDetail: '396 World Cup buk-ro, Mapo-gu',
            phoneNumber: '+82 10-5556-0000',
            country: who.korean ? 'KR' : 'US',
          },
          productOptionList: [{ productOptionUuid: option.id, quantity }],
        }),
      });
      orderMs.push(performance.now() - started);
      if (order.status === 200) {
        outcome.placed++;
        acknowledged.push((order.body.data as { orderNumber: string }).orderNumber);
      } else if (order.status === 409) outcome.refused++;
      else fail(`order ${order.status} ${order.body.message}`);
    };
    const loadBefore = loadAverages();
    const guests = browse(shop.url, paths, [undefined], SECONDS + 5, GUESTS);
    await Promise.all(tokens.map(member));
    guests.stop();
    const browsed = await guests.done;
    result = {
      database,
      members: MEMBERS,
      seconds: SECONDS,
      guests: GUESTS,
      orders: outcome,
      detailMs: { p50: round(percentile(detailMs, 50), 1), p99: round(percentile(detailMs, 99), 1) },
      orderMs: { p50: round(percentile(orderMs, 50), 1), p99: round(percentile(orderMs, 99), 1) },
      browse: {
        requestsPerSecond: round(browsed.requests.average),
        p99Ms: round(browsed.latency.p99, 1),
        non2xx: browsed.non2xx,
        errors: browsed.errors + browsed.timeouts,
      },
      loadAverage: { before: loadBefore, after: loadAverages() },
    };
  } catch (error) {
    await stopAndInspect(async () => undefined);
    throw error;
  }
  const check = await stopAndInspect(async (db) => {
    const ids = release.options.map((o) => `'${o.id}'`).join(', ');
    const stock = await sqlRows<{ id: string; stock: number; hold: number; open: number }>(
      db,
      `select o.id, o.stock, o.hold_stock as hold,
         coalesce((select sum(d.quantity - d.shipped_quantity) from order_details d join orders r on r.id = d.order_id
                   where d.product_option_id = o.id and r.status not in ('CANCELLED', 'SHIPPED')), 0)::int as open
       from product_options o where o.id in (${ids})`,
    );
    const [stored] = await sqlRows<{ n: number }>(
      db,
      `select count(*)::int as n from orders where order_number in (${acknowledged.map((n) => `'${n}'`).join(', ') || "''"})`,
    );
    return {
      oversold: stock.filter((s) => s.hold > s.stock).length,
      holdsMatchOpenLines: stock.every((s) => s.hold === s.open),
      acknowledged: acknowledged.length,
      stored: stored?.n ?? 0,
      stock,
    };
  });
  return { ...result, check };
}

if (isMain(import.meta.url)) {
  const result = await measurePreorderOpening();
  const r = result as unknown as {
    database: string;
    orders: Outcome;
    detailMs: { p50: number; p99: number };
    orderMs: { p50: number; p99: number };
    browse: { requestsPerSecond: number; p99Ms: number; non2xx: number; errors: number };
    check: { oversold: number; holdsMatchOpenLines: boolean; acknowledged: number; stored: number };
    loadAverage: { before: number[]; after: number[] };
  };
  process.stdout.write(
    `${[
      `Pre-order opening (${r.database}): ${MEMBERS} members within ${SECONDS} s, ${GUESTS} guests browsing`,
      table(
        [
          'orders placed/refused/failed',
          'detail p50/p99 ms',
          'order p50/p99 ms',
          'browse req/s',
          'browse p99 ms',
          'browse non-2xx',
        ],
        [
          [
            `${r.orders.placed}/${r.orders.refused}/${r.orders.failed}`,
            `${r.detailMs.p50}/${r.detailMs.p99}`,
            `${r.orderMs.p50}/${r.orderMs.p99}`,
            r.browse.requestsPerSecond,
            r.browse.p99Ms,
            r.browse.non2xx + r.browse.errors,
          ],
        ],
      ),
      `oversold versions: ${r.check.oversold}; holds equal open lines: ${r.check.holdsMatchOpenLines}; acknowledged orders ${r.check.acknowledged}, stored ${r.check.stored}`,
      r.orders.failures.length ? `failures: ${r.orders.failures.join('; ')}` : '',
      `load average before ${r.loadAverage.before.join(' ')}, after ${r.loadAverage.after.join(' ')}`,
    ].join('\n')}\n`,
  );
  const file = await writeResult(`preorder-opening-${r.database}`, result);
  process.stdout.write(`written to ${file}\n`);
}
