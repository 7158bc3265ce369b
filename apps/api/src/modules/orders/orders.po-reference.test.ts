import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyers, orders, productOptions } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';

/*
 * The buyer's own purchase-order number (issue 35): given at checkout or when staff take an order, kept on the
 * order, shown to its buyer and to staff, found by the staff order list's order-number search, named in the
 * order mails.
 */

let shop: TestShop;
let korea: Auth;
let global: Auth;
let clerk: Auth & { id: string };
beforeAll(async () => {
  shop = await createTestShop({ env: { SHOP_INBOX_EMAIL: 'po-inbox@kshop.example' } });
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  clerk = await staffSession(shop, 'po-clerk@kshop.example');
});
afterAll(() => shop?.close());

const orderCount = async () =>
  (await shop.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders))[0]!.n;
const storedPo = async (uuid: string) =>
  (await shop.db.select({ po: orders.poReference }).from(orders).where(eq(orders.id, uuid)))[0]?.po;
const get = (url: string, headers: Auth) => shop.app.inject({ url, headers });
const staffList = async (query: string) =>
  body(await get(`/api/v1/admin/orders?${query}`, clerk)).data.orderList as {
    orderNumber: string;
    poReference: string | null;
  }[];

describe("a storefront order with the buyer's PO number", () => {
  it('keeps it trimmed, shows it to its buyer and to staff, never to another member, and mails it', async () => {
    const option = await stockedOption(shop, 20);
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 2 }]);
    const res = await placeOrder(shop, korea, { ...payload, poReference: '  HB-4500012345 ' });
    expect(res.statusCode, res.body).toBe(200);
    const { uuid, orderNumber } = body(res).data as { uuid: string; orderNumber: string };
    expect(await storedPo(uuid)).toBe('HB-4500012345');

    const detail = body(await get(`/api/v1/order/detail/${uuid}`, korea)).data;
    expect(detail.poReference).toBe('HB-4500012345');
    const list = body(await get('/api/v1/order/list?page=1&limit=20', korea)).data.orderList;
    expect(list.find((o: { uuid: string }) => o.uuid === uuid).poReference).toBe('HB-4500012345');

    // Another member's order answers as a missing one, and their list never names it.
    const other = await get(`/api/v1/order/detail/${uuid}`, global);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('HB-4500012345');
    expect((await get('/api/v1/order/list?page=1&limit=20', global)).body).not.toContain('HB-4500012345');

    expect(body(await get(`/api/v1/admin/orders/${orderNumber}`, clerk)).data.poReference).toBe(
      'HB-4500012345',
    );

    // The buyer's receipt and the shop's notice name it.
    const receipt = await shop.smtp.waitFor((m) => m.subject === `Order ${orderNumber} received`);
    expect(receipt.text).toContain('Your PO number: HB-4500012345');
    const notice = await shop.smtp.waitFor((m) => m.subject === `New order ${orderNumber}`);
    expect(notice.text).toContain("The buyer's PO number: HB-4500012345");

    // So does the mail of a status change.
    const cancel = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/status`,
      headers: clerk,
      payload: { status: 'CANCELLED', reason: 'The buyer asked.' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const moved = await shop.smtp.waitFor((m) => m.subject.startsWith(`Order ${orderNumber}: `));
    expect(moved.text).toContain('Your PO number: HB-4500012345');
  });

  it("writes the Korean receipt with '귀사 발주번호' for a member who reads Korean", async () => {
    const choose = (language: string) =>
      shop.app.inject({ method: 'PUT', url: '/api/v1/user/language', headers: korea, payload: { language } });
    expect((await choose('ko')).statusCode).toBe(200);
    try {
      const option = await stockedOption(shop, 20);
      const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]);
      const res = await placeOrder(shop, korea, { ...payload, poReference: '발주-2026-77' });
      expect(res.statusCode, res.body).toBe(200);
      const { orderNumber } = body(res).data as { orderNumber: string };
      const receipt = await shop.smtp.waitFor((m) => m.subject === `[K-Shop] 주문 ${orderNumber} 접수`);
      expect(receipt.text).toContain('귀사 발주번호: 발주-2026-77');
    } finally {
      expect((await choose('en')).statusCode).toBe(200);
    }
  });

  it('leaves an order without one as it was: nothing stored, nothing in the mails', async () => {
    const option = await stockedOption(shop, 20);
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]);
    const res = await placeOrder(shop, korea, { ...payload, poReference: '   ' });
    expect(res.statusCode, res.body).toBe(200);
    const { uuid, orderNumber } = body(res).data as { uuid: string; orderNumber: string };
    expect(await storedPo(uuid)).toBeNull();
    expect(body(await get(`/api/v1/order/detail/${uuid}`, korea)).data.poReference).toBeNull();
    const receipt = await shop.smtp.waitFor((m) => m.subject === `Order ${orderNumber} received`);
    expect(receipt.text).not.toContain('PO number');
  });

  it('refuses 51 characters with the message, writing nothing', async () => {
    const option = await stockedOption(shop, 20);
    const before = await orderCount();
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 2 }]);
    const res = await placeOrder(shop, korea, { ...payload, poReference: 'P'.repeat(51) });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain('Your PO number must be at most 50 characters.');
    expect(await orderCount()).toBe(before);
    const [row] = await shop.db.select().from(productOptions).where(eq(productOptions.id, option.id));
    expect(row!.holdStock).toBe(0);

    const ok = await placeOrder(shop, korea, { ...payload, poReference: 'P'.repeat(50) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('answers a repeated Idempotency-Key as the first time, with one order and its PO number', async () => {
    const option = await stockedOption(shop, 20);
    const payload = {
      ...(await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }])),
      poReference: 'KEYED-PO-1',
    };
    const send = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: { ...korea, 'idempotency-key': 'po-reference-once' },
        payload,
      });
    const before = await orderCount();
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(body(again).data).toEqual(body(first).data);
    expect(await orderCount()).toBe(before + 1);
    expect(await storedPo(body(first).data.uuid)).toBe('KEYED-PO-1');
  });
});

describe('staff and the PO number', () => {
  it('find an order by part of its PO number in the order-number search, which still finds order numbers', async () => {
    const option = await stockedOption(shop, 20);
    const payload = await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 1 }]);
    const res = await placeOrder(shop, global, { ...payload, poReference: 'ACME/PO-99_%871' });
    expect(res.statusCode, res.body).toBe(200);
    const { orderNumber } = body(res).data as { orderNumber: string };

    const found = await staffList(`orderNumber=${encodeURIComponent('po-99_%8')}`);
    expect(found.map((o) => o.orderNumber)).toEqual([orderNumber]);
    expect(found[0]!.poReference).toBe('ACME/PO-99_%871');
    // LIKE's wildcards are the buyer's characters, not patterns.
    expect(await staffList(`orderNumber=${encodeURIComponent('PO-99__')}`)).toEqual([]);
    expect((await staffList(`orderNumber=${orderNumber}`)).map((o) => o.orderNumber)).toEqual([orderNumber]);
  });

  it('take an order by phone with the buyer’s PO number, which the order keeps', async () => {
    const option = await stockedOption(shop, 20);
    const [buyer] = await shop.db.select({ id: buyers.id }).from(buyers).where(eq(buyers.email, DEMO.korea));
    const receiverInfo = {
      companyEmail: 'orders@phone.example',
      receiverName: 'Park Jisoo',
      phoneNumber: '+82 10-5555-0101',
      postalCode: '04524',
      addressDetail: '7 Sejong-daero, Jung-gu, Seoul',
    };
    const take = (poReference: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/admin/orders',
        headers: clerk,
        payload: {
          buyerId: buyer!.id,
          lines: [{ productOptionId: option.id, quantity: 1 }],
          receiverInfo,
          poReference,
        },
      });
    const before = await orderCount();
    const refused = await take('T'.repeat(51));
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toContain('Your PO number must be at most 50 characters.');
    expect(await orderCount()).toBe(before);

    const res = await take(' PHONE-PO-31 ');
    expect(res.statusCode, res.body).toBe(200);
    const { orderNumber, uuid } = body(res).data as { orderNumber: string; uuid: string };
    expect(await storedPo(uuid)).toBe('PHONE-PO-31');
    expect(body(await get(`/api/v1/admin/orders/${orderNumber}`, clerk)).data.poReference).toBe(
      'PHONE-PO-31',
    );
    expect((await staffList('orderNumber=phone-po')).map((o) => o.orderNumber)).toEqual([orderNumber]);
    const receipt = await shop.smtp.waitFor((m) => m.subject === `Order ${orderNumber} received`);
    expect(receipt.text).toContain('Your PO number: PHONE-PO-31');
  });
});
