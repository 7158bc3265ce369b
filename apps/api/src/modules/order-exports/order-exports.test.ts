import { fromMinorUnits, staffTexts, staffTextsKo } from '@kshop/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetails, orderMemos, orders } from '../../db/schema.js';
import { parseCsv } from '../../lib/csv.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, receiver, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';
import { vatSplit } from '../documents/documents.format.js';

let shop: TestShop;
let korea: Auth;
let global: Auth;
/** Staff accounts speak Korean unless they chose otherwise: this one chose English. */
let desk: Auth & { id: string };
let deskKo: Auth;
/** The shipped won order (memos, two parcels) and the new dollar order. */
let won: { uuid: string; orderNumber: string };
let dollar: { uuid: string; orderNumber: string };
const placed: string[] = [];
/** A buyer's PO number that a spreadsheet would run as a formula, were it not defused. */
const FORMULA_PO = '=HYPERLINK("https://evil.example","PO 4500")';
const EN = staffTexts.orderExports;
const KO = staffTextsKo.orderExports;

const admin = (who: Auth, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  shop.app.inject({ method, url: `/api/v1/admin${url}`, headers: who, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  const english = await staffSession(shop, 'export-desk@kshop.example', 'OWNER');
  desk = { authorization: english.authorization, id: english.id };
  expect((await admin(desk, 'PUT', '/me/language', { language: 'en' })).statusCode).toBe(200);
  deskKo = { authorization: (await staffSession(shop, 'export-desk-ko@kshop.example')).authorization };
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
  const numbered = await shop.db.select().from(orders).where(inArray(orders.orderNumber, placed));
  [won, dollar] = placed.map((orderNumber) => ({
    orderNumber,
    uuid: numbered.find((o) => o.orderNumber === orderNumber)!.id,
  })) as [typeof won, typeof dollar];

  // Fees and discounts: two discounts add up in one column; a voided fee counts no more.
  for (const content of ['Shipping fee/15000', 'Discount/-5000', 'Discount/-1000', 'Shipping fee/99999'])
    expect((await admin(desk, 'POST', `/orders/${won.orderNumber}/memos`, { content })).statusCode).toBe(200);
  const [voided] = await shop.db
    .select()
    .from(orderMemos)
    .where(and(eq(orderMemos.orderId, won.uuid), eq(orderMemos.content, 'Shipping fee/99999')));
  expect((await admin(desk, 'POST', `/orders/${won.orderNumber}/memos/${voided!.id}/void`)).statusCode).toBe(
    200,
  );
  expect(
    (await admin(desk, 'POST', `/orders/${dollar.orderNumber}/memos`, { content: 'Shipping fee/12.50' }))
      .statusCode,
  ).toBe(200);

  // The won order is paid and leaves in two parcels.
  expect(
    (await admin(desk, 'POST', `/orders/${won.orderNumber}/person-in-charge`, { staffId: desk.id }))
      .statusCode,
  ).toBe(200);
  for (const status of ['CONFIRMED', 'PAID'])
    expect((await admin(desk, 'POST', `/orders/${won.orderNumber}/status`, { status })).statusCode).toBe(200);
  const lines = await shop.db
    .select()
    .from(orderDetails)
    .where(eq(orderDetails.orderId, won.uuid))
    .orderBy(orderDetails.position);
  for (const [index, line] of lines.entries()) {
    const shipped = await admin(desk, 'POST', `/orders/${won.uuid}/shipments`, {
      carrier: 'CJ대한통운',
      trackingNumber: `TRK-A${index + 1}`,
      lines: [{ orderDetailId: line.id, quantity: line.quantity }],
    });
    expect(shipped.statusCode).toBe(200);
  }
});
afterAll(() => shop?.close());

const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
const seoulMinute = (at: Date) =>
  new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const storedOrder = async (uuid: string) =>
  (await shop.db.select().from(orders).where(eq(orders.id, uuid)))[0]!;

/** The CSV's header and rows, with a reader of a row's cell by its header. */
async function csvOf(who: Auth, path: string) {
  const res = await admin(who, 'GET', path);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
  const cell = (row: string[], name: string) => {
    expect(header, name).toContain(name);
    return row[header!.indexOf(name)]!;
  };
  const ours = rows.filter((r) => placed.includes(r[0]!));
  return { res, header: header!, rows, ours, cell };
}

describe('the orders export', () => {
  it('has one row per order, its amounts once, as the invoice adds them up', async () => {
    const { res, header, ours, cell } = await csvOf(desk, `/orders.csv?from=${today}&to=${today}`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kshop-orders-${today}.csv"`);
    expect(header).toEqual([
      EN.orderNumber,
      EN.poNumber,
      EN.orderDate,
      EN.status,
      EN.buyer,
      EN.businessRegistrationNumber,
      EN.buyerEmail,
      EN.currency,
      EN.goods,
      // One column for each kind of fee or discount, named as the memos name it.
      'Shipping fee',
      'Discount',
      EN.supplyAmount,
      EN.vat,
      EN.total,
      EN.paidOn,
      EN.receiver,
      EN.receiverAddress,
      EN.receiverPhone,
      EN.shippedOn,
      EN.carrier,
      EN.trackingNumbers,
      EN.personInCharge,
    ]);
    expect(ours.map((r) => r[0])).toEqual(placed);

    const [krw, usd] = ours as [string[], string[]];
    const wonOrder = await storedOrder(won.uuid);
    const dollarOrder = await storedOrder(dollar.uuid);
    // Goods, the fees and discounts (the voided fee left out) make the total, as on the invoice.
    expect(cell(krw, EN.goods)).toBe(String(wonOrder.productAmount));
    expect(cell(krw, 'Shipping fee')).toBe('15000');
    expect(cell(krw, 'Discount')).toBe('-6000');
    expect(cell(krw, EN.total)).toBe(String(wonOrder.finalAmount));
    expect(wonOrder.productAmount + 15000 - 6000).toBe(wonOrder.finalAmount);
    const { supply, vat } = vatSplit(wonOrder.finalAmount);
    expect([cell(krw, EN.supplyAmount), cell(krw, EN.vat)]).toEqual([String(supply), String(vat)]);
    // A dollar order: amounts in dollars, no VAT, and no discount column of its own.
    expect(cell(usd, EN.currency)).toBe('USD');
    expect(cell(usd, 'Shipping fee')).toBe('12.5');
    expect([cell(usd, 'Discount'), cell(usd, EN.supplyAmount), cell(usd, EN.vat)]).toEqual(['', '', '']);
    expect(Number(cell(usd, EN.total))).toBe(fromMinorUnits(dollarOrder.finalAmount, 'USD'));
    expect(Number(cell(usd, EN.goods)) + 12.5).toBeCloseTo(Number(cell(usd, EN.total)));
    // Summing the total column sums the orders: nothing is counted twice.
    const stored = await shop.db.select().from(orders).where(inArray(orders.orderNumber, placed));
    for (const currency of ['KRW', 'USD'] as const) {
      const sum = ours
        .filter((r) => cell(r, EN.currency) === currency)
        .reduce((s, r) => s + Number(cell(r, EN.total)), 0);
      const expected = stored
        .filter((o) => o.currencyCode === currency)
        .reduce((s, o) => s + fromMinorUnits(o.finalAmount, currency), 0);
      expect(sum, currency).toBeCloseTo(expected);
    }

    // Statuses in words, moments in Korean time.
    expect([cell(krw, EN.status), cell(usd, EN.status)]).toEqual(['Shipped', 'Assigning a person in charge']);
    expect(cell(krw, EN.orderDate)).toBe(seoulMinute(wonOrder.createdAt));
    expect(cell(krw, EN.paidOn)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cell(usd, EN.paidOn)).toBe('');

    // Where it went and how: the receiver, both parcels' tracking numbers, who was in charge.
    expect(cell(krw, EN.receiver)).toBe(receiver.receiverName);
    expect(cell(krw, EN.receiverAddress)).toContain(receiver.addressDetail);
    // A phone number written '+82 …' starts as a formula would: the CSV defuses it too.
    expect(cell(krw, EN.receiverPhone)).toBe(`'${receiver.phoneNumber}`);
    expect(cell(krw, EN.shippedOn)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cell(krw, EN.carrier)).toBe('CJ대한통운');
    expect(cell(krw, EN.trackingNumbers)).toBe('TRK-A1, TRK-A2');
    expect(cell(krw, EN.personInCharge)).toBe('export-desk@kshop.example');
    expect([cell(usd, EN.shippedOn), cell(usd, EN.trackingNumbers), cell(usd, EN.personInCharge)]).toEqual([
      '',
      '',
      '',
    ]);

    // The buyer's PO number (issue 35), defused: a spreadsheet shows it and never runs it.
    expect([cell(krw, EN.poNumber), cell(usd, EN.poNumber)]).toEqual([`'${FORMULA_PO}`, '']);
  });

  it("takes the list's filters", async () => {
    const byPo = await csvOf(desk, `/orders.csv?orderNumber=${encodeURIComponent('po 4500')}`);
    expect(byPo.rows.map((r) => r[0])).toEqual([won.orderNumber]);
    const shipped = await csvOf(desk, '/orders.csv?status=SHIPPED');
    expect(shipped.ours.map((r) => r[0])).toEqual([won.orderNumber]);
    expect((await csvOf(desk, '/orders.csv?status=CANCELLED')).rows).toEqual([]);
  });

  it('is a workbook of real dates and numbers, its texts never formulas', async () => {
    const res = await admin(desk, 'GET', `/orders.xlsx?from=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kshop-orders-${today}.xlsx"`);
    const [header, ...rows] = (await readSheet(res.rawPayload)) as unknown[][];
    const cell = (row: unknown[], name: string) => row[header!.indexOf(name)];
    const ours = rows.filter((r) => placed.includes(r[0] as string));
    expect(ours.map((r) => r[0])).toEqual(placed);
    const krw = ours[0]!;
    const wonOrder = await storedOrder(won.uuid);
    // A date cell holds the Korean wall clock, which Excel shows as it is.
    const ordered = cell(krw, EN.orderDate);
    expect(ordered).toBeInstanceOf(Date);
    expect((ordered as Date).toISOString().slice(0, 16).replace('T', ' ')).toBe(
      seoulMinute(wonOrder.createdAt),
    );
    expect(cell(krw, EN.paidOn)).toBeInstanceOf(Date);
    expect(cell(krw, EN.shippedOn)).toBeInstanceOf(Date);
    expect(cell(krw, EN.total)).toBe(wonOrder.finalAmount);
    expect(cell(krw, 'Discount')).toBe(-6000);
    expect(cell(ours[1]!, 'Shipping fee')).toBe(12.5);
    // Texts are text cells, never formulas: the PO number is kept as the buyer gave it.
    expect(cell(krw, EN.poNumber)).toBe(FORMULA_PO);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).not.toContain('<f>');
    expect(strFromU8(files['xl/styles.xml']!)).toContain('formatCode="yyyy-mm-dd hh:mm"');
  });

  it("speaks the staff member's language", async () => {
    const { header, ours, cell } = await csvOf(deskKo, `/orders.csv?from=${today}`);
    expect(header.slice(0, 4)).toEqual(['주문번호', '발주번호', '주문일시', '주문 상태']);
    for (const word of [KO.supplyAmount, KO.vat, KO.total, KO.trackingNumbers, KO.personInCharge])
      expect(header).toContain(word);
    expect(cell(ours[0]!, KO.status)).toBe('출고 완료');
    expect(cell(ours[0]!, KO.receiverAddress)).toContain(receiver.addressDetail);
    const lines = await csvOf(deskKo, `/order-lines.csv?from=${today}`);
    expect(lines.header).toContain(KO.shippedQuantity);
  });
});

describe('the order lines export', () => {
  it('has one row per line, without order totals', async () => {
    const { res, header, ours, cell } = await csvOf(desk, `/order-lines.csv?from=${today}&to=${today}`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kshop-order-lines-${today}.csv"`);
    expect(header).toEqual([
      EN.orderNumber,
      EN.orderDate,
      EN.status,
      EN.buyer,
      EN.product,
      EN.option,
      EN.sku,
      EN.barcode,
      EN.quantity,
      EN.shippedQuantity,
      EN.currency,
      EN.unitPrice,
      EN.amount,
    ]);
    const stored = await shop.db
      .select({
        orderNumber: orders.orderNumber,
        quantity: orderDetails.quantity,
        title: orderDetails.productTitle,
      })
      .from(orderDetails)
      .innerJoin(orders, eq(orders.id, orderDetails.orderId))
      .where(inArray(orders.orderNumber, placed));
    expect(ours.map((r) => [r[0], cell(r, EN.product), cell(r, EN.quantity)]).sort()).toEqual(
      stored.map((l) => [l.orderNumber, l.title, String(l.quantity)]).sort(),
    );
    for (const row of ours) {
      // Each line names its option's SKU (issue 12).
      expect(cell(row, EN.sku)).toMatch(/^KS\d{6}$/);
      expect(Number(cell(row, EN.amount))).toBeCloseTo(
        Number(cell(row, EN.unitPrice)) * Number(cell(row, EN.quantity)),
      );
      // The won order left in full; the dollar order has not shipped.
      const shippedAll = row[0] === won.orderNumber;
      expect(cell(row, EN.shippedQuantity)).toBe(shippedAll ? cell(row, EN.quantity) : '0');
      expect(cell(row, EN.status)).toBe(shippedAll ? 'Shipped' : 'Assigning a person in charge');
    }
  });

  it('is a workbook of real dates and numbers', async () => {
    const res = await admin(desk, 'GET', `/order-lines.xlsx?from=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kshop-order-lines-${today}.xlsx"`);
    const [header, ...rows] = (await readSheet(res.rawPayload)) as unknown[][];
    const ours = rows.filter((r) => placed.includes(r[0] as string));
    expect(ours).toHaveLength(3);
    for (const row of ours) {
      expect(row[header!.indexOf(EN.orderDate)]).toBeInstanceOf(Date);
      expect(typeof row[header!.indexOf(EN.quantity)]).toBe('number');
      expect(typeof row[header!.indexOf(EN.amount)]).toBe('number');
    }
  });
});

describe('both exports', () => {
  it('refuse buyers and guests, and bad filters with a 400', async () => {
    for (const path of ['orders', 'order-lines']) {
      expect((await admin(korea, 'GET', `/${path}.csv`)).statusCode).toBe(401);
      expect((await shop.app.inject({ url: `/api/v1/admin/${path}.xlsx` })).statusCode).toBe(401);
      const bad = await admin(desk, 'GET', `/${path}.csv?from=yesterday`);
      expect(bad.statusCode).toBe(400);
    }
  });
});
