import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyers, orderDetails } from '../../db/schema.js';
import { parseCsv } from '../../lib/csv.js';
import { readWorkbookRows, type WorkbookLimits } from '../../lib/xlsx/workbook-rows.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';
import { labelDemandColumns } from './label-demand.js';

// A pre-order closes: staff read, per version of the album, what buyers ordered and what to order from the label.

let shop: TestShop;
let korea: Auth;
let global: Auth;
let staff: Auth;
let owner: { authorization: string; id: string };
let product: { uuid: string; options: { uuid: string; sku: string }[] };
let koreaCompany: string;
const MB = 1024 * 1024;
/** Ample for the few rows read back here. */
const READ_LIMITS: WorkbookLimits = {
  rows: 1_000,
  columns: 100,
  cells: 100_000,
  partBytes: 10 * MB,
  smallPartBytes: MB,
  totalBytes: 20 * MB,
};
const FORMULA_COMPANY = '=HYPERLINK("https://evil.example","Tokyo Wave")';

const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  shop.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization: owner.authorization },
    ...(payload ? { payload } : {}),
  });

async function order(auth: Auth, currency: 'KRW' | 'USD', lines: [number, number][], receiverInfo = {}) {
  const payload = await orderPayload(
    shop,
    currency,
    lines.map(([option, quantity]) => ({ productOptionUuid: product.options[option]!.uuid, quantity })),
  );
  const res = await placeOrder(shop, auth, {
    ...payload,
    receiverInfo: { ...payload.receiverInfo, ...receiverInfo },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as { uuid: string; orderNumber: string };
}

beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  staff = await staffSession(shop, 'label-desk@kshop.example', 'STAFF');
  owner = await staffSession(shop, 'label-owner@kshop.example', 'OWNER');
  const option = (value: string, stock: number, isDefault = false) => ({
    optionNameKey1: 'VERSION',
    optionNameValue1: value,
    priceKrw: 15000,
    priceUsd: 12,
    stock,
    isDefault,
  });
  const created = await admin('POST', '/products', {
    title: 'Label Order Test Album',
    vendor: 'Label Order Entertainment',
    categoryId: 9,
    tags: ['pre'],
    options: [option('Photobook A', 30, true), option('Photobook B', 12), option('Digipack', 7)],
  });
  expect(created.statusCode, created.body).toBe(200);
  product = body(created).data;

  // Korea orders A and B, then A again; Global, a company whose name looks like a formula, orders A to Japan, and
  // B in an order that is cancelled. An order carries its buyer's company name.
  await shop.db.update(buyers).set({ companyName: FORMULA_COMPANY }).where(eq(buyers.email, DEMO.global));
  koreaCompany = (await shop.db.select().from(buyers).where(eq(buyers.email, DEMO.korea)))[0]!.companyName;
  const first = await order(korea, 'KRW', [
    [0, 3],
    [1, 2],
  ]);
  await order(global, 'USD', [[0, 5]], { country: 'JP' });
  await order(korea, 'KRW', [[0, 2]]);
  const cancelled = await order(global, 'USD', [[1, 4]]);
  expect(
    (await admin('POST', `/orders/${cancelled.orderNumber}/status`, { status: 'CANCELLED', reason: 'Test' }))
      .statusCode,
  ).toBe(200);

  // One piece of Korea's first order has left in a parcel.
  await admin('POST', `/orders/${first.orderNumber}/person-in-charge`, { staffId: owner.id });
  for (const status of ['CONFIRMED', 'PAID', 'PREPARING'])
    expect((await admin('POST', `/orders/${first.orderNumber}/status`, { status })).statusCode).toBe(200);
  const lines = await shop.db.select().from(orderDetails).where(eq(orderDetails.orderId, first.uuid));
  const lineA = lines.find((l) => l.productOptionId === product.options[0]!.uuid)!;
  const shipped = await admin('POST', `/orders/${first.uuid}/shipments`, {
    carrier: 'CJ Logistics',
    trackingNumber: 'TRK-LABEL',
    lines: [{ orderDetailId: lineA.id, quantity: 1 }],
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
});
afterAll(() => shop?.close());

const demandUrl = (format?: string) =>
  `/api/v1/admin/products/${product.uuid}/demand${format ? `?format=${format}` : ''}`;

describe('what to order from the label', () => {
  it('sums each option and each buyer over the orders that are not cancelled; shipped pieces are no longer open', async () => {
    const res = await shop.app.inject({ url: demandUrl(), headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    const data = body(res).data;
    expect(data.title).toBe('Label Order Test Album');
    const [a, b, digipack] = data.options;
    // A: 3 + 2 from Korea, 5 from Global, one shipped; its stock went down by the shipped piece.
    expect(a).toMatchObject({
      optionNameValue1: 'Photobook A',
      sku: product.options[0]!.sku,
      ordered: 10,
      shipped: 1,
      open: 9,
      stock: 29,
      toOrder: 0,
    });
    expect(a.buyers).toEqual([
      {
        companyName: koreaCompany,
        email: DEMO.korea,
        country: 'KR',
        ordered: 5,
        open: 4,
        orderCount: 2,
        firstOrderedAt: expect.any(String),
      },
      {
        companyName: FORMULA_COMPANY,
        email: DEMO.global,
        country: 'JP',
        ordered: 5,
        open: 5,
        orderCount: 1,
        firstOrderedAt: expect.any(String),
      },
    ]);
    expect(a.buyers[0].firstOrderedAt <= a.buyers[1].firstOrderedAt).toBe(true);
    // B: Global's 4 were cancelled, so only Korea's 2 count.
    expect(b).toMatchObject({ ordered: 2, shipped: 0, open: 2, stock: 12, toOrder: 0 });
    expect(b.buyers.map((x: { email: string }) => x.email)).toEqual([DEMO.korea]);
    // Nobody ordered the Digipack: listed with zeros.
    expect(digipack).toMatchObject({
      optionNameValue1: 'Digipack',
      ordered: 0,
      open: 0,
      stock: 7,
      buyers: [],
    });
    expect(data.totals).toEqual({ ordered: 12, shipped: 1, open: 11, stock: 48, toOrder: 0 });
  });

  it('downloads a CSV with headers in the asked language and formulas defused', async () => {
    const res = await shop.app.inject({
      url: demandUrl('csv'),
      headers: { ...staff, 'accept-language': 'ko-KR,ko;q=0.9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kshop-label-order-.*\.csv"$/);
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual(labelDemandColumns('ko'));
    expect(header).toContain('발주 필요 수량');
    // Option A, its two buyers, B, its buyer, the Digipack, the total.
    expect(rows.map((r) => r[0])).toEqual(['옵션', '거래처', '거래처', '옵션', '거래처', '옵션', '합계']);
    expect(rows[0]!.slice(1, 3)).toEqual(['Photobook A', product.options[0]!.sku]);
    expect(rows[0]!.slice(8)).toEqual(['10', '1', '9', '29', '0']);
    expect(rows[2]![3]).toBe(`'${FORMULA_COMPANY}`);
    expect(rows.at(-1)!.slice(8)).toEqual(['12', '1', '11', '48', '0']);

    const english = await shop.app.inject({ url: demandUrl('csv'), headers: staff });
    expect(parseCsv(english.body.replace(/^\uFEFF/, ''))[0]).toEqual(labelDemandColumns('en'));
  });

  it('downloads a workbook with the same rows: numbers as numbers, texts never formulas', async () => {
    const res = await shop.app.inject({ url: demandUrl('xlsx'), headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kshop-label-order-.*\.xlsx"$/);
    const sheet = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['xl/worksheets/sheet1.xml']!);
    expect(sheet).not.toMatch(/<f[ >]/);
    const read = await readWorkbookRows(res.rawPayload, READ_LIMITS);
    if (!read.ok) throw new Error(read.problem);
    const [header, ...rows] = read.rows;
    expect(header).toEqual(labelDemandColumns('en'));
    expect(rows.map((r) => r[0])).toEqual(['Option', 'Buyer', 'Buyer', 'Option', 'Buyer', 'Option', 'Total']);
    expect(rows[1]!.slice(3, 11)).toEqual([
      koreaCompany,
      DEMO.korea,
      'KR',
      '2',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      '5',
      '1',
      '4',
    ]);
    // The company that looks like a formula reads back as the text it is.
    expect(rows[2]![3]).toBe(FORMULA_COMPANY);
    expect(rows[5]!.slice(1, 3).concat(rows[5]!.slice(8))).toEqual([
      'Digipack',
      product.options[2]!.sku,
      '0',
      '0',
      '0',
      '7',
      '0',
    ]);
  });

  it('answers 404 for an unknown or deleted product and 400 for a malformed id or format', async () => {
    const unknown = await shop.app.inject({
      url: '/api/v1/admin/products/00000000-0000-4000-8000-000000000000/demand',
      headers: staff,
    });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('Product not found.');

    const malformed = await shop.app.inject({
      url: '/api/v1/admin/products/not-a-uuid/demand',
      headers: staff,
    });
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed).message).toBe('productUuid must be a valid id.');

    const badFormat = await shop.app.inject({ url: demandUrl('pdf'), headers: staff });
    expect(badFormat.statusCode).toBe(400);
    expect(body(badFormat).message).toBe('format must be one of csv, xlsx.');

    const doomed = await admin('POST', '/products', {
      title: 'Label Order Deleted Album',
      vendor: 'Label Order Entertainment',
      categoryId: 9,
      options: [
        { optionNameKey1: 'VERSION', optionNameValue1: 'Only', priceKrw: 1000, priceUsd: 1, stock: 1 },
      ],
    });
    const doomedId = body(doomed).data.uuid;
    expect((await admin('DELETE', `/products/${doomedId}`)).statusCode).toBe(200);
    const deleted = await shop.app.inject({
      url: `/api/v1/admin/products/${doomedId}/demand`,
      headers: staff,
    });
    expect(deleted.statusCode).toBe(404);
    expect(body(deleted).message).toBe('Product not found.');
  });

  it('is for staff only', async () => {
    expect((await shop.app.inject({ url: demandUrl() })).statusCode).toBe(401);
    expect((await shop.app.inject({ url: demandUrl('csv'), headers: korea })).statusCode).toBe(401);
  });
});
