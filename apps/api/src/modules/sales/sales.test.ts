import { fromMinorUnits } from '@kshop/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artists,
  buyers,
  categories,
  orderDetails,
  orders,
  productArtists,
  productOptions,
  products,
} from '../../db/schema.js';
import { parseCsv } from '../../lib/csv.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';
import { assignPersonInCharge } from '../orders/person-in-charge.js';
import { moveOrder } from '../orders/status-moves.js';
import { REPORT_COLUMNS } from './sales.service.js';

let shop: TestShop;
let korea: Auth;
let global: Auth;
let staff: { authorization: string; id: string };
/** The orders that count as sales in March 2026, by currency. */
const counted = { KRW: [] as string[], USD: [] as string[] };
const RANGE = 'from=2026-03-01&to=2026-03-31';

async function order(
  auth: Auth,
  currency: 'KRW' | 'USD',
  lines: { productOptionUuid: string; quantity: number }[],
  placedAt: string,
  moves: ('CONFIRMED' | 'PAID' | 'CANCELLED')[],
) {
  const res = await placeOrder(shop, auth, await orderPayload(shop, currency, lines));
  expect(res.statusCode, res.body).toBe(200);
  const { uuid, orderNumber } = body(res).data as { uuid: string; orderNumber: string };
  if (moves.length) await assignPersonInCharge(shop.db, orderNumber, staff.id, null);
  for (const to of moves) await moveOrder(shop.db, orderNumber, to, staff.id, undefined, 'Test');
  await shop.db
    .update(orders)
    .set({ createdAt: new Date(placedAt) })
    .where(eq(orders.id, uuid));
  return uuid;
}

beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  staff = await staffSession(shop, 'sales-desk@kshop.example');
  const [one, two, three] = [
    await stockedOption(shop, 100),
    await stockedOption(shop, 100),
    await stockedOption(shop, 100),
  ];
  const line = (o: { id: string }, quantity: number) => ({ productOptionUuid: o.id, quantity });
  // 2 March 23:30 in Seoul (14:30 UTC), and 3 March 00:30 in Seoul (still 2 March in UTC).
  counted.KRW.push(
    await order(korea, 'KRW', [line(one, 2), line(two, 3)], '2026-03-02T14:30:00Z', ['CONFIRMED']),
    await order(korea, 'KRW', [line(one, 1)], '2026-03-02T15:30:00Z', ['CONFIRMED', 'PAID']),
  );
  counted.USD.push(await order(global, 'USD', [line(three, 4)], '2026-03-10T01:00:00Z', ['CONFIRMED']));
  // Not sales: still pending, cancelled, or placed the day before the range (28 Feb 23:59 in Seoul).
  await order(korea, 'KRW', [line(two, 5)], '2026-03-03T03:00:00Z', []);
  await order(global, 'USD', [line(three, 1)], '2026-03-04T03:00:00Z', ['CONFIRMED', 'CANCELLED']);
  await order(korea, 'KRW', [line(one, 7)], '2026-02-28T14:59:00Z', ['CONFIRMED']);
});
afterAll(() => shop?.close());

const get = (url: string, who: { authorization?: string } = staff) =>
  shop.app.inject({
    url: `/api/v1/admin/sales${url}`,
    headers: who.authorization ? { authorization: who.authorization } : {},
  });
const data = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
};

/** The stored lines of the orders that count, with what they group by. */
async function countedLines(currency: 'KRW' | 'USD') {
  const rows = await shop.db
    .select({
      orderId: orders.id,
      buyer: buyers.companyName,
      amount: orderDetails.amount,
      quantity: orderDetails.quantity,
      productId: products.id,
      category: categories.name,
    })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(productOptions, eq(productOptions.id, orderDetails.productOptionId))
    .innerJoin(products, eq(products.id, productOptions.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(orders.id, counted[currency]));
  return rows;
}

type Row = { key: string | null; label: string; amount: number; quantity: number; orders: number };
const sumBy = <T>(
  rows: T[],
  keyOf: (r: T) => string,
  currency: 'KRW' | 'USD',
  amountOf: (r: T) => number,
) => {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(keyOf(r), (sums.get(keyOf(r)) ?? 0) + amountOf(r));
  return new Map([...sums].map(([k, v]) => [k, fromMinorUnits(v, currency)]));
};

describe('sales series', () => {
  it('sums order lines per Korean day and currency, pending, cancelled and out-of-range orders left out', async () => {
    const series = await data(`/series?${RANGE}&interval=day`);
    expect(series.currencies.map((c: { currency: string }) => c.currency)).toEqual(['KRW', 'USD']);
    for (const currency of ['KRW', 'USD'] as const) {
      const { points } = series.currencies.find((c: { currency: string }) => c.currency === currency);
      expect(points).toHaveLength(31);
      expect(points[0].period).toBe('2026-03-01');
      expect(points[30].period).toBe('2026-03-31');
      const lines = await countedLines(currency);
      const total = fromMinorUnits(
        lines.reduce((s, l) => s + l.amount, 0),
        currency,
      );
      expect(points.reduce((s: number, p: { amount: number }) => s + p.amount, 0)).toBeCloseTo(total, 2);
      expect(points.reduce((s: number, p: { quantity: number }) => s + p.quantity, 0)).toBe(
        lines.reduce((s, l) => s + l.quantity, 0),
      );
    }
    const krw = series.currencies[0].points;
    const day = (d: string) => krw.find((p: { period: string }) => p.period === d);
    const [first, second] = counted.KRW;
    const linesOf = async (id: string) =>
      (await countedLines('KRW')).filter((l) => l.orderId === id).reduce((s, l) => s + l.amount, 0);
    expect(day('2026-03-02')).toEqual({
      period: '2026-03-02',
      amount: await linesOf(first!),
      quantity: 5,
      orders: 1,
    });
    expect(day('2026-03-03')).toEqual({
      period: '2026-03-03',
      amount: await linesOf(second!),
      quantity: 1,
      orders: 1,
    });
    expect(day('2026-03-01').amount).toBe(0);
    const usd = series.currencies[1].points;
    expect(
      usd.filter((p: { amount: number }) => p.amount > 0).map((p: { period: string }) => p.period),
    ).toEqual(['2026-03-10']);
  });

  it('groups by weeks starting on Monday in Seoul', async () => {
    const series = await data(`/series?${RANGE}&interval=week`);
    const krw = series.currencies[0].points;
    expect(krw.map((p: { period: string }) => p.period)).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);
    expect(krw[0].amount).toBe(0);
    expect(krw[1].orders).toBe(2);
    expect(krw[1].quantity).toBe(6);
    expect(series.currencies[1].points[2]).toMatchObject({ period: '2026-03-09', quantity: 4, orders: 1 });
  });
});

describe('top lists and reports', () => {
  it('ranks products, buyers, categories and artists by amount in each currency', async () => {
    for (const currency of ['KRW', 'USD'] as const) {
      const lines = await countedLines(currency);
      const expected = {
        product: sumBy(
          lines,
          (l) => l.productId,
          currency,
          (l) => l.amount,
        ),
        buyer: sumBy(
          lines,
          (l) => l.buyer,
          currency,
          (l) => l.amount,
        ),
        category: sumBy(
          lines,
          (l) => l.category,
          currency,
          (l) => l.amount,
        ),
      };
      for (const by of ['product', 'buyer', 'category'] as const) {
        const report = await data(`/report?${RANGE}&by=${by}`);
        const rows: Row[] = report.currencies.find((c: { currency: string }) => c.currency === currency).rows;
        const got = new Map(rows.map((r) => [by === 'product' ? r.key! : r.label, r.amount]));
        expect(got, `${by} ${currency}`).toEqual(expected[by]);
        for (let i = 1; i < rows.length; i++)
          expect(rows[i]!.amount).toBeLessThanOrEqual(rows[i - 1]!.amount);
        const top = await data(`/top?${RANGE}&by=${by}&limit=1`);
        const topRows: Row[] = top.currencies.find((c: { currency: string }) => c.currency === currency).rows;
        expect(topRows).toEqual(rows.slice(0, 1));
      }
    }
    const buyersKrw = (await data(`/top?${RANGE}&by=buyer`)).currencies[0].rows;
    expect(buyersKrw).toHaveLength(1);
    expect(buyersKrw[0]).toMatchObject({ orders: 2, quantity: 6 });

    // Each artist gets the whole of the lines of its products.
    const lines = await countedLines('KRW');
    const links = await shop.db
      .select({ productId: productArtists.productId, artistId: artists.id })
      .from(productArtists)
      .innerJoin(artists, eq(artists.id, productArtists.artistId))
      .where(inArray(productArtists.productId, [...new Set(lines.map((l) => l.productId))]));
    const artistLines = lines.flatMap((l) =>
      links.filter((k) => k.productId === l.productId).map((k) => ({ ...l, artist: String(k.artistId) })),
    );
    const byArtist: Row[] = (await data(`/report?${RANGE}&by=artist`)).currencies[0].rows;
    expect(new Map(byArtist.filter((r) => r.key).map((r) => [r.key!, r.amount]))).toEqual(
      sumBy(
        artistLines,
        (l) => l.artist,
        'KRW',
        (l) => l.amount,
      ),
    );
  });

  it('the CSV has the rows of the table', async () => {
    for (const by of ['product', 'artist', 'buyer', 'category'] as const) {
      const report = await data(`/report?${RANGE}&by=${by}`);
      const res = await get(`/report.csv?${RANGE}&by=${by}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="kshop-sales-by-${by}-2026-03-01-2026-03-31.csv"`,
      );
      const [header, ...rows] = parseCsv(res.body);
      expect(header).toEqual([...REPORT_COLUMNS]);
      const table = report.currencies.flatMap((c: { currency: string; rows: Row[] }) =>
        c.rows.map((r) => [
          c.currency,
          by,
          r.key ?? '',
          r.label,
          String(r.quantity),
          String(r.orders),
          String(r.amount),
        ]),
      );
      expect(rows).toEqual(table);
      expect(rows.length).toBeGreaterThan(1);
    }
  });

  it('an empty range answers no currencies', async () => {
    expect((await data('/series?from=2025-01-01&to=2025-01-07')).currencies).toEqual([]);
    expect((await data('/report?from=2025-01-01&to=2025-01-07&by=product')).currencies).toEqual([]);
  });
});

describe('bad requests and access', () => {
  it('refuses bad ranges and groups with a 400', async () => {
    const cases: [string, RegExp][] = [
      ['/series?from=2026-03-10&to=2026-03-01', /on or after from/],
      ['/series?from=2024-01-01&to=2026-01-01', /at most 731 days/],
      ['/series?from=2026-03-01', /to must be a date/],
      ['/series?from=yesterday&to=2026-03-01', /from must be a date/],
      ['/series?from=2026-02-30&to=2026-03-01', /from must be a date/],
      ['/series?from=2026-03-01&to=2026-03-02&interval=month', /interval must be one of/],
      ['/top?from=2026-03-01&to=2026-03-02&by=vendor', /by must be one of/],
      ['/top?from=2026-03-01&to=2026-03-02&by=product&limit=0', /limit/],
      ['/top?from=2026-03-01&to=2026-03-02&by=product&limit=51', /limit/],
      ['/report.csv?from=2026-03-01&to=2026-03-02', /by must be one of/],
      ["/report?from=2026-03-01'--&to=2026-03-02&by=product", /from must be a date/],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message, url).toMatch(message);
    }
    // Two years to the day is the longest range.
    expect((await get('/series?from=2024-03-01&to=2026-02-28&interval=week')).statusCode).toBe(200);
  });

  it('answers staff only', async () => {
    for (const url of [`/series?${RANGE}`, `/top?${RANGE}&by=buyer`, `/report.csv?${RANGE}&by=buyer`]) {
      expect((await get(url, korea)).statusCode).toBe(401);
      expect((await get(url, {})).statusCode).toBe(401);
    }
  });
});
