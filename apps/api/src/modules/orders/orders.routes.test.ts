import { messages } from '@kshop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, buyers, cartItems, orders, productOptions, products, staff } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, receiver, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';
import { addMemo, moveOrder, NOT_ACTIVE_STAFF } from './orders.service.js';

let shop: TestShop;
let korea: Auth;
let global: Auth;
beforeAll(async () => {
  shop = await createTestShop({ env: { SHOP_INBOX_EMAIL: 'inbox@kshop.example' } });
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
});
afterAll(() => shop?.close());

const optionRow = async (id: string) =>
  (await shop.db.select().from(productOptions).where(eq(productOptions.id, id)))[0]!;
const orderCount = async () =>
  (await shop.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders))[0]!.n;

describe('placing an order', () => {
  it('holds the stock, empties those cart lines, and answers a readable order number', async () => {
    const a = await stockedOption(shop, 20);
    const b = await stockedOption(shop, 20);
    await shop.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: korea,
      payload: {
        productOptionAndQuantityList: [
          { productOptionUuid: a.id, quantity: 2 },
          { productOptionUuid: b.id, quantity: 1 },
        ],
      },
    });
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: a.id, quantity: 2 }]);
    const res = await placeOrder(shop, korea, payload);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Order has been placed successfully.');
    expect(body(res).data.orderNumber).toMatch(/^\d{8}-\d{4,}$/);

    expect((await optionRow(a.id)).holdStock).toBe(2);
    expect((await optionRow(a.id)).stock).toBe(20);
    const lines = await shop.db.select().from(cartItems).where(eq(cartItems.productOptionId, a.id));
    expect(lines).toEqual([]);
    expect(await shop.db.select().from(cartItems).where(eq(cartItems.productOptionId, b.id))).toHaveLength(1);

    const detail = body(
      await shop.app.inject({ url: `/api/v1/order/detail/${body(res).data.uuid}`, headers: korea }),
    ).data;
    expect(detail).toMatchObject({
      status: 'PENDING',
      currencyCode: 'KRW',
      beforeDiscountProductAmount: a.priceKrw * 2,
      finalPaymentAmount: a.priceKrw * 2,
      orderMemos: [],
      receiverInfo: { receiverName: receiver.receiverName, postalCode: receiver.postalCode },
    });
    expect(detail.orderDetails[0]).toMatchObject({ quantity: 2, amount: a.priceKrw * 2 });
    expect(detail.orderDetails[0].productOption.productTitle).toBe(a.product.title);

    const toBuyer = await shop.smtp.mailsTo(DEMO.korea);
    expect(toBuyer.some((m) => m.subject.includes(body(res).data.orderNumber))).toBe(true);
    expect(
      (await shop.smtp.mailsTo('inbox@kshop.example')).some((m) => m.subject.includes('New order')),
    ).toBe(true);
  });

  it('charges a global company in dollars', async () => {
    const option = await stockedOption(shop, 5);
    const res = await placeOrder(
      shop,
      global,
      await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 1 }]),
    );
    expect(res.statusCode).toBe(200);
    const detail = body(
      await shop.app.inject({ url: `/api/v1/order/detail/${body(res).data.uuid}`, headers: global }),
    ).data;
    expect(detail.currencyCode).toBe('USD');
    expect(detail.finalPaymentAmount).toBe(option.priceUsd / 100);
  });

  it('refuses a tampered amount or another currency and changes nothing', async () => {
    const option = await stockedOption(shop, 10);
    const before = await orderCount();
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]);
    const cheaper = await placeOrder(shop, korea, {
      ...payload,
      finalPaymentAmount: payload.finalPaymentAmount - 100,
    });
    expect(cheaper.statusCode).toBe(409);
    expect(body(cheaper).message).toBe(messages.order.pricesChanged);
    const dollars = await placeOrder(shop, korea, { ...payload, currencyCode: 'USD' });
    expect(dollars.statusCode).toBe(409);
    expect(await orderCount()).toBe(before);
    expect((await optionRow(option.id)).holdStock).toBe(0);
  });

  it('refuses the whole order when one line lacks stock, holding nothing', async () => {
    const plenty = await stockedOption(shop, 100);
    const scarce = await stockedOption(shop, 1);
    const payload = await orderPayload(shop, 'KRW', [
      { productOptionUuid: plenty.id, quantity: 3 },
      { productOptionUuid: scarce.id, quantity: 2 },
    ]);
    const res = await placeOrder(shop, korea, payload);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe(messages.order.notEnoughStock(scarce.product.title));
    expect((await optionRow(plenty.id)).holdStock).toBe(0);
    expect((await optionRow(scarce.id)).holdStock).toBe(0);
  });

  it('checks minimums, members and the payload', async () => {
    const option = await stockedOption(shop, 50, { minimumOrderQuantity: 10 });
    const few = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 9 }]),
    );
    expect(body(few)).toMatchObject({ statusCode: 400, message: 'Minimum order quantity is 10' });
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 10 }]);
    expect((await shop.app.inject({ method: 'POST', url: '/api/v1/order', payload })).statusCode).toBe(401);
    expect((await placeOrder(shop, await shop.loginAs(DEMO.pending), payload)).statusCode).toBe(403);
    const noAddress = await placeOrder(shop, korea, {
      ...payload,
      receiverInfo: { ...receiver, addressDetail: '' },
    });
    expect(body(noAddress)).toMatchObject({ statusCode: 400, message: 'Address is required' });
    const empty = await placeOrder(shop, korea, { ...payload, productOptionList: [] });
    expect(body(empty)).toMatchObject({ statusCode: 400, message: 'Cart is empty' });
  });
});

describe('the company on an order', () => {
  it('comes from the buyer profile, whatever company name the request carries', async () => {
    const option = await stockedOption(shop, 10);
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]);
    const res = await placeOrder(shop, korea, {
      ...payload,
      receiverInfo: { ...payload.receiverInfo, companyName: 'X' },
    });
    expect(res.statusCode).toBe(200);
    const [profile] = await shop.db.select().from(buyers).where(eq(buyers.email, DEMO.korea));
    const [order] = await shop.db
      .select()
      .from(orders)
      .where(eq(orders.id, body(res).data.uuid));
    expect(order!.receiverCompanyName).toBe(profile!.companyName);
    expect(order!.receiverCompanyName).not.toBe('X');
    expect(order!.businessRegistrationNumber).toBe(profile!.businessRegistrationNumber);
    const detail = body(
      await shop.app.inject({ url: `/api/v1/order/detail/${body(res).data.uuid}`, headers: korea }),
    ).data;
    expect(detail.receiverInfo.companyName).toBe(profile!.companyName);
    const inbox = await shop.smtp.waitFor((m) => m.subject === `New order ${body(res).data.orderNumber}`);
    // Quoted-printable soft line breaks aside, the shop's inbox reads the profile's company too.
    expect(inbox.raw.replace(/=\r?\n/g, '')).toContain(`from ${profile!.companyName} waits`);
  });
});

describe('naming the person in charge', () => {
  it('accepts an active staff member or nobody, and refuses any other id with 400 naming the field, writing nothing', async () => {
    const owner = await staffSession(shop, 'pic-owner@kshop.example', 'OWNER');
    const colleague = await staffSession(shop, 'pic-colleague@kshop.example');
    const gone = await staffSession(shop, 'pic-gone@kshop.example');
    await shop.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, gone.id));
    const option = await stockedOption(shop, 10);
    const placed = body(
      await placeOrder(
        shop,
        korea,
        await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
      ),
    ).data;
    const name = (staffId: string | null) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${placed.orderNumber}/person-in-charge`,
        headers: { authorization: owner.authorization },
        payload: { staffId },
      });
    const inCharge = async () =>
      (await shop.db.select().from(orders).where(eq(orders.id, placed.uuid)))[0]!.personInChargeStaffId;
    const audits = async () =>
      (await shop.db.select().from(auditLog).where(eq(auditLog.entityId, placed.orderNumber))).length;

    expect((await name(colleague.id)).statusCode).toBe(200);
    expect(await inCharge()).toBe(colleague.id);
    const written = await audits();
    for (const id of ['00000000-0000-4000-8000-000000000000', gone.id]) {
      const refused = await name(id);
      expect(body(refused)).toEqual({ statusCode: 400, message: NOT_ACTIVE_STAFF, data: null });
      expect(body(refused).message).toContain('staffId');
    }
    expect(await inCharge()).toBe(colleague.id);
    expect(await audits()).toBe(written);
    expect((await name(null)).statusCode).toBe(200);
    expect(await inCharge()).toBeNull();
  });
});

describe('reading orders', () => {
  it('lists a member own orders newest first, four to a page, and hides other members orders', async () => {
    const auth = await shop.loginAs(DEMO.global);
    const all = body(
      await shop.app.inject({ url: '/api/v1/order/list?page=1&limit=100', headers: auth }),
    ).data;
    const option = await stockedOption(shop, 50);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await placeOrder(
            shop,
            auth,
            await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 1 }]),
          )
        ).statusCode,
      ).toBe(200);
    }
    const first = body(await shop.app.inject({ url: '/api/v1/order/list?page=1', headers: auth })).data;
    expect(first.orderList).toHaveLength(4);
    expect(first.totalCount).toBe(all.totalCount + 5);
    const times = first.orderList.map((o: { createdAt: string }) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(first.orderList[0].orderDetails[0].productOption.thumbnailUrlArray.length).toBe(1);

    const theirs = first.orderList[0].uuid;
    const spy = await shop.app.inject({ url: `/api/v1/order/detail/${theirs}`, headers: korea });
    expect(spy.statusCode).toBe(404);
    expect(body(spy).message).toBe('Order not found.');
    const koreaList = body(
      await shop.app.inject({ url: '/api/v1/order/list?limit=100', headers: korea }),
    ).data;
    expect(koreaList.orderList.some((o: { uuid: string }) => o.uuid === theirs)).toBe(false);
  });
});

describe('staff moving orders', () => {
  it('ships from the held stock, cancels by releasing it, and refuses other moves', async () => {
    const option = await stockedOption(shop, 10);
    const shipped = body(
      await placeOrder(
        shop,
        korea,
        await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 4 }]),
      ),
    ).data;
    const cancelled = body(
      await placeOrder(
        shop,
        korea,
        await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 3 }]),
      ),
    ).data;
    expect((await optionRow(option.id)).holdStock).toBe(7);

    await expect(moveOrder(shop.db, shipped.orderNumber, 'SHIPPED')).rejects.toThrow('cannot become SHIPPED');
    for (const status of ['CONFIRMED', 'PAID', 'PREPARING', 'SHIPPED'] as const)
      await moveOrder(shop.db, shipped.orderNumber, status);
    expect(await optionRow(option.id)).toMatchObject({ stock: 6, holdStock: 3 });

    const [productBefore] = await shop.db.select().from(products).where(eq(products.id, option.productId));
    await moveOrder(shop.db, cancelled.orderNumber, 'CANCELLED');
    expect(await optionRow(option.id)).toMatchObject({ stock: 6, holdStock: 0 });
    const [productAfter] = await shop.db.select().from(products).where(eq(products.id, option.productId));
    expect(productAfter!.totalSalesQuantity).toBe(productBefore!.totalSalesQuantity - 3);
    await expect(moveOrder(shop.db, cancelled.orderNumber, 'CONFIRMED')).rejects.toThrow(
      'cannot become CONFIRMED',
    );
  });

  it('adds memos to the final amount, which the buyer then sees', async () => {
    const option = await stockedOption(shop, 10);
    const placed = body(
      await placeOrder(
        shop,
        korea,
        await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
      ),
    ).data;
    await addMemo(shop.db, placed.orderNumber, 'Shipping fee/15000');
    await addMemo(shop.db, placed.orderNumber, 'Discount/-5000');
    await expect(addMemo(shop.db, placed.orderNumber, 'no amount here')).rejects.toThrow('label/amount');
    await expect(addMemo(shop.db, placed.orderNumber, 'Fee/12.5')).rejects.toThrow('decimals');
    const detail = body(
      await shop.app.inject({ url: `/api/v1/order/detail/${placed.uuid}`, headers: korea }),
    ).data;
    expect(detail.orderMemos.map((m: { content: string }) => m.content)).toEqual([
      'Shipping fee/15000',
      'Discount/-5000',
    ]);
    expect(detail.finalPaymentAmount).toBe(option.priceKrw + 10000);
    expect(detail.beforeDiscountProductAmount).toBe(option.priceKrw);
  });
});

describe('simultaneous orders', () => {
  it('200 buyers racing for 50 pieces: exactly 50 orders, the rest a clear 409', async () => {
    const option = await stockedOption(shop, 50);
    const before = await orderCount();
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]);
    const answers = await Promise.all(Array.from({ length: 200 }, () => placeOrder(shop, korea, payload)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(50);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(150);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(body(answer).message).toBe(messages.order.notEnoughStock(option.product.title));
    }
    expect(await optionRow(option.id)).toMatchObject({ stock: 50, holdStock: 50 });
    expect(await orderCount()).toBe(before + 50);
  }, 120_000);
});
