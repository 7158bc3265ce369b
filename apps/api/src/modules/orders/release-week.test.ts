import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyers, orderDetails, products, shipments } from '../../db/schema.js';
import { parseCsv } from '../../lib/csv.js';
import { readWorkbookRows, type WorkbookLimits } from '../../lib/xlsx/workbook-rows.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';
import { releaseWeekColumns } from './release-week.js';

// An album released on 10 March: staff read what shipped per Korean day, and what counted for the charts.

let shop: TestShop;
let korea: Auth;
let global: Auth;
let staff: Auth;
let owner: { authorization: string; id: string };
let product: { uuid: string; options: { uuid: string; sku: string }[] };
let koreaCompany: string;
const RELEASE = '2026-03-10';
const FORMULA_COMPANY = '=HYPERLINK("https://evil.example","Tokyo Wave")';
const MB = 1024 * 1024;
const READ_LIMITS: WorkbookLimits = {
  rows: 1_000,
  columns: 100,
  cells: 100_000,
  partBytes: 10 * MB,
  smallPartBytes: MB,
  totalBytes: 20 * MB,
};

const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  shop.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization: owner.authorization },
    ...(payload ? { payload } : {}),
  });

/** An order of the album moved on to PREPARING, so that it can ship. */
async function preparingOrder(
  auth: Auth,
  currency: 'KRW' | 'USD',
  lines: [number, number][],
  country?: string,
) {
  const payload = await orderPayload(
    shop,
    currency,
    lines.map(([option, quantity]) => ({ productOptionUuid: product.options[option]!.uuid, quantity })),
  );
  const res = await placeOrder(shop, auth, {
    ...payload,
    receiverInfo: { ...payload.receiverInfo, ...(country ? { country } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const placed = body(res).data as { uuid: string; orderNumber: string };
  await admin('POST', `/orders/${placed.orderNumber}/person-in-charge`, { staffId: owner.id });
  for (const status of ['CONFIRMED', 'PAID', 'PREPARING'])
    expect((await admin('POST', `/orders/${placed.orderNumber}/status`, { status })).statusCode).toBe(200);
  return placed;
}

/** Ships `quantity` of the order's line of `option` through the API, then dates the parcel `at` (UTC). */
async function ship(order: { uuid: string }, option: number, quantity: number, at: string) {
  const [line] = (
    await shop.db.select().from(orderDetails).where(eq(orderDetails.orderId, order.uuid))
  ).filter((l) => l.productOptionId === product.options[option]!.uuid);
  const res = await admin('POST', `/orders/${order.uuid}/shipments`, {
    carrier: 'CJ Logistics',
    trackingNumber: `TRK-${at}`,
    lines: [{ orderDetailId: line!.id, quantity }],
  });
  expect(res.statusCode, res.body).toBe(200);
  await shop.db
    .update(shipments)
    .set({ createdAt: new Date(at) })
    .where(eq(shipments.id, body(res).data.shipmentUuid));
}

beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  staff = await staffSession(shop, 'release-desk@kshop.example', 'STAFF');
  owner = await staffSession(shop, 'release-owner@kshop.example', 'OWNER');
  const option = (value: string, barcode: string | null, isDefault = false) => ({
    optionNameKey1: 'VERSION',
    optionNameValue1: value,
    barcode,
    priceKrw: 15000,
    priceUsd: 12,
    stock: 50,
    isDefault,
  });
  const created = await admin('POST', '/products', {
    title: 'Release Week Test Album',
    vendor: 'Release Week Entertainment',
    categoryId: 9,
    options: [option('Photobook A', '8809000000011', true), option('Digipack', null)],
  });
  expect(created.statusCode, created.body).toBe(200);
  product = body(created).data;
  await shop.db.update(buyers).set({ companyName: FORMULA_COMPANY }).where(eq(buyers.email, DEMO.global));
  koreaCompany = (await shop.db.select().from(buyers).where(eq(buyers.email, DEMO.korea)))[0]!.companyName;

  const fromKorea = await preparingOrder(korea, 'KRW', [
    [0, 5],
    [1, 3],
  ]);
  const toJapan = await preparingOrder(global, 'USD', [[0, 6]], 'JP');
  // 14:30 UTC is 23:30 in Korea, the day before the release; 23:30 UTC the next morning is the release day.
  await ship(fromKorea, 0, 1, '2026-03-09T14:30:00Z');
  await ship(fromKorea, 0, 2, '2026-03-09T23:30:00Z');
  // The sixth day after the release (16 March, Korea): the week's last day, for both buyers.
  await ship(fromKorea, 0, 2, '2026-03-16T10:00:00Z');
  await ship(toJapan, 0, 4, '2026-03-16T14:59:00Z');
  // 15:00 UTC on 16 March is midnight on the 17th in Korea: the seventh day, after the week.
  await ship(fromKorea, 1, 3, '2026-03-16T15:00:00Z');
  // The Japanese order is cancelled after four units shipped: those four did ship and still count.
  expect(
    (await admin('POST', `/orders/${toJapan.orderNumber}/status`, { status: 'CANCELLED', reason: 'Test' }))
      .statusCode,
  ).toBe(200);
});
afterAll(() => shop?.close());

const reportUrl = (format?: string, id = product.uuid) =>
  `/api/v1/admin/products/${id}/release-week${format ? `?format=${format}` : ''}`;
const setRelease = (releaseDate: string | null) =>
  shop.db.update(products).set({ releaseDate }).where(eq(products.id, product.uuid));

describe('the release-week report', () => {
  it('counts units per Korean day, option and buyer, marking the release day to the sixth day after', async () => {
    await setRelease(RELEASE);
    const res = await shop.app.inject({ url: reportUrl(), headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    const data = body(res).data;
    expect(data).toMatchObject({
      productUuid: product.uuid,
      title: 'Release Week Test Album',
      releaseDate: RELEASE,
      releaseWeekEnd: '2026-03-16',
    });
    const [a, digipack] = product.options;
    const row = (
      day: string,
      option: typeof a,
      barcode: string | null,
      name: string,
      companyName: string,
      country: string,
      units: number,
      inReleaseWeek: boolean,
    ) => ({
      day,
      optionUuid: option!.uuid,
      sku: option!.sku,
      barcode,
      optionNameValue1: name,
      optionNameValue2: null,
      companyName,
      country,
      units,
      inReleaseWeek,
    });
    const koreaA = (day: string, units: number, inWeek: boolean) =>
      row(day, a, '8809000000011', 'Photobook A', koreaCompany, 'KR', units, inWeek);
    expect(data.rows).toHaveLength(5);
    expect(data.rows[0]).toEqual(koreaA('2026-03-09', 1, false));
    expect(data.rows[1]).toEqual(koreaA('2026-03-10', 2, true));
    // The same day and option: one row per buyer (sorted by company; the database's collation decides the order).
    expect(data.rows.slice(2, 4)).toEqual(
      expect.arrayContaining([
        koreaA('2026-03-16', 2, true),
        row('2026-03-16', a, '8809000000011', 'Photobook A', FORMULA_COMPANY, 'JP', 4, true),
      ]),
    );
    expect(data.rows[4]).toEqual(row('2026-03-17', digipack, null, 'Digipack', koreaCompany, 'KR', 3, false));
    expect(data.totals).toEqual({ inReleaseWeek: 8, before: 1, after: 3, shipped: 12 });
  });

  it('marks nothing in the week for a product without a release date, and says so', async () => {
    await setRelease(null);
    const res = await shop.app.inject({ url: reportUrl(), headers: staff });
    const data = body(res).data;
    expect(data.releaseDate).toBeNull();
    expect(data.releaseWeekEnd).toBeNull();
    expect(data.rows).toHaveLength(5);
    expect(data.rows.every((r: { inReleaseWeek: boolean }) => !r.inReleaseWeek)).toBe(true);
    expect(data.totals).toEqual({ inReleaseWeek: 0, before: 0, after: 0, shipped: 12 });
  });

  it('downloads a CSV with headers in the asked language, the week in words and formulas defused', async () => {
    await setRelease(RELEASE);
    const res = await shop.app.inject({
      url: reportUrl('csv'),
      headers: { ...staff, 'accept-language': 'ko-KR,ko;q=0.9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kshop-release-week-.*\.csv"$/);
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual(releaseWeekColumns('ko'));
    expect(header).toContain('발매 주간');
    expect(rows[0]).toEqual([
      '2026-03-09',
      product.options[0]!.sku,
      '8809000000011',
      'Photobook A',
      koreaCompany,
      'KR',
      '1',
      '아니요',
    ]);
    expect(rows.map((r) => r[7])).toEqual(['아니요', '예', '예', '예', '아니요']);
    expect(rows.find((r) => r[5] === 'JP')![4]).toBe(`'${FORMULA_COMPANY}`);
    expect(rows.at(-1)!.slice(0, 3)).toEqual(['2026-03-17', product.options[1]!.sku, '']);
  });

  it('downloads a workbook with the same rows: units as numbers, texts never formulas', async () => {
    await setRelease(RELEASE);
    const res = await shop.app.inject({ url: reportUrl('xlsx'), headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const read = await readWorkbookRows(res.rawPayload, READ_LIMITS);
    if (!read.ok) throw new Error(read.problem);
    const [header, ...rows] = read.rows;
    expect(header).toEqual(releaseWeekColumns('en'));
    expect(rows[1]).toEqual([
      '2026-03-10',
      product.options[0]!.sku,
      '8809000000011',
      'Photobook A',
      koreaCompany,
      'KR',
      '2',
      'Yes',
    ]);
    expect(rows.find((r) => r[5] === 'JP')![4]).toBe(FORMULA_COMPANY);
    expect(rows.map((r) => r[7])).toEqual(['No', 'Yes', 'Yes', 'Yes', 'No']);
  });

  it('answers 404 for an unknown or deleted product and 400 for a malformed id', async () => {
    const unknown = await shop.app.inject({
      url: reportUrl(undefined, '00000000-0000-4000-8000-000000000000'),
      headers: staff,
    });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('Product not found.');
    const malformed = await shop.app.inject({ url: reportUrl(undefined, 'not-a-uuid'), headers: staff });
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed).message).toBe('productUuid must be a valid id.');
    const doomed = await admin('POST', '/products', {
      title: 'Release Week Deleted Album',
      vendor: 'Release Week Entertainment',
      categoryId: 9,
      options: [
        { optionNameKey1: 'VERSION', optionNameValue1: 'Only', priceKrw: 1000, priceUsd: 1, stock: 1 },
      ],
    });
    const doomedId = body(doomed).data.uuid;
    expect((await admin('DELETE', `/products/${doomedId}`)).statusCode).toBe(200);
    const deleted = await shop.app.inject({ url: reportUrl(undefined, doomedId), headers: staff });
    expect(deleted.statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    expect((await shop.app.inject({ url: reportUrl() })).statusCode).toBe(401);
    expect((await shop.app.inject({ url: reportUrl('csv'), headers: korea })).statusCode).toBe(401);
  });
});
