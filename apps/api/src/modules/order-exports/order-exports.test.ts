import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetails, orders } from '../../db/schema.js';
import { parseCsv } from '../../lib/csv.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';
import { EXPORT_COLUMNS } from './order-exports.js';

let shop: TestShop;
let korea: Auth;
let global: Auth;
let staff: Auth;
const placed: string[] = [];
/** A buyer's PO number that a spreadsheet would run as a formula, were it not defused. */
const FORMULA_PO = '=HYPERLINK("https://evil.example","PO 4500")';
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  staff = await staffSession(shop, 'export-desk@kshop.example', 'STAFF');
  const [a, b, c] = [
    await stockedOption(shop, 50),
    await stockedOption(shop, 50),
    await stockedOption(shop, 50),
  ];
  for (const [auth, currency, lines, poReference] of [
    [
      korea,
      'KRW',
      [
        { productOptionUuid: a.id, quantity: 2 },
        { productOptionUuid: b.id, quantity: 3 },
      ],
      FORMULA_PO,
    ],
    [global, 'USD', [{ productOptionUuid: c.id, quantity: 4 }], undefined],
  ] as const) {
    const res = await placeOrder(shop, auth, {
      ...(await orderPayload(shop, currency, [...lines])),
      poReference,
    });
    expect(res.statusCode).toBe(200);
    placed.push(body(res).data.orderNumber);
  }
});
afterAll(() => shop?.close());

const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

/** The stored lines of the placed orders, as the export should list them. */
async function storedLines() {
  const rows = await shop.db
    .select({
      orderNumber: orders.orderNumber,
      quantity: orderDetails.quantity,
      title: orderDetails.productTitle,
    })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId));
  return rows
    .filter((r) => placed.includes(r.orderNumber))
    .map((r) => [r.orderNumber, r.title, String(r.quantity)])
    .sort();
}

describe('order exports', () => {
  it('the CSV has one row per order line of the filtered orders, with amounts in each currency', async () => {
    const res = await shop.app.inject({
      url: `/api/v1/admin/orders.csv?from=${today}&to=${today}`,
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kshop-orders-.*\.csv"$/);
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual([...EXPORT_COLUMNS]);
    const col = (name: (typeof EXPORT_COLUMNS)[number]) => EXPORT_COLUMNS.indexOf(name);
    const ours = rows.filter((r) => placed.includes(r[col('order_number')]!));
    expect(
      ours.map((r) => [r[col('order_number')], r[col('product_title')], r[col('quantity')]]).sort(),
    ).toEqual(await storedLines());
    // Each line names its option's SKU (issue 12).
    for (const row of ours) expect(row[col('sku')]).toMatch(/^KS\d{6}$/);
    for (const row of ours) {
      expect(Number(row[col('amount')])).toBeCloseTo(
        Number(row[col('unit_price')]) * Number(row[col('quantity')]),
      );
    }
    const usd = ours.find((r) => r[col('currency')] === 'USD')!;
    expect(usd[col('order_number')]).toBe(placed[1]);
    // Where each order ships: Korea for the Korean company, unsaid for the Global one's checkout without a country.
    const krw = ours.find((r) => r[col('currency')] === 'KRW')!;
    expect([krw[col('ship_to_country')], usd[col('ship_to_country')]]).toEqual(['KR', '']);
    // The buyer's PO number (issue 35), defused: a spreadsheet shows it and never runs it.
    expect([krw[col('po_reference')], usd[col('po_reference')]]).toEqual([`'${FORMULA_PO}`, '']);

    // The list's order-number filter finds an order by its PO number, here as in the list.
    const byPo = await shop.app.inject({
      url: `/api/v1/admin/orders.csv?orderNumber=${encodeURIComponent('po 4500')}`,
      headers: staff,
    });
    expect(byPo.statusCode).toBe(200);
    expect(
      new Set(
        parseCsv(byPo.body.replace(/^\uFEFF/, ''))
          .slice(1)
          .map((r) => r[col('order_number')]),
      ),
    ).toEqual(new Set([placed[0]]));

    const pendingOnly = await shop.app.inject({
      url: '/api/v1/admin/orders.csv?status=CANCELLED',
      headers: staff,
    });
    expect(parseCsv(pendingOnly.body.replace(/^\uFEFF/, '')).slice(1)).toEqual([]);
  });

  it('the workbook holds the same rows', async () => {
    const res = await shop.app.inject({ url: `/api/v1/admin/orders.xlsx?from=${today}`, headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const xml = Object.entries(files)
      .filter(([name]) => name.startsWith('xl/'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    for (const orderNumber of placed) expect(xml).toContain(orderNumber);
    // Texts are text cells, never formulas: the PO number is kept as the buyer gave it.
    expect(xml).toContain(`<t>${FORMULA_PO}</t>`);
    expect(xml).not.toContain('<f>');
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet.match(/<row /g)?.length).toBe(1 + (await storedLines()).length);
  });

  it('refuses buyers and guests, and bad filters with a 400', async () => {
    expect((await shop.app.inject({ url: '/api/v1/admin/orders.csv', headers: korea })).statusCode).toBe(401);
    expect((await shop.app.inject({ url: '/api/v1/admin/orders.xlsx' })).statusCode).toBe(401);
    expect(
      (await shop.app.inject({ url: '/api/v1/admin/orders.csv?from=yesterday', headers: staff })).statusCode,
    ).toBe(400);
  });
});
