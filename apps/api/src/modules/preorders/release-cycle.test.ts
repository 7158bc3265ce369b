import { buyerTextsKo, koreaTime, REORDER_SKIPS, SHIPMENT_RULES, shopMessages } from '@kshop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyers,
  cartItems,
  orderDetails,
  orderStatusHistory,
  orders,
  preorderBuyerTotals,
  productOptions,
  products,
} from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, receiver, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';

/*
 * The release cycle (issue 34): order windows refused everywhere a buyer or staff can order, and pre-orders taken
 * against their option's caps instead of stock, given back when cancelled and shipped only from goods on hand.
 */

let shop: TestShop;
let korea: Auth;
let global: Auth;
let clerk: { authorization: string; id: string };
const ids = {} as Record<'korea' | 'global', string>;
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  clerk = await staffSession(shop, 'release-clerk@kshop.example');
  for (const key of ['korea', 'global'] as const) {
    const [row] = await shop.db.select({ id: buyers.id }).from(buyers).where(eq(buyers.email, DEMO[key]));
    ids[key] = row!.id;
  }
});
afterAll(() => shop?.close());

const DAY = 24 * 60 * 60 * 1000;
const addToCart = (auth: Auth, productOptionUuid: string, quantity: number, language?: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/cart',
    headers: { ...auth, ...(language ? { 'accept-language': language } : {}) },
    payload: { productOptionAndQuantityList: [{ productOptionUuid, quantity }] },
  });
const order = async (auth: Auth, currency: 'KRW' | 'USD', productOptionUuid: string, quantity: number) =>
  placeOrder(shop, auth, await orderPayload(shop, currency, [{ productOptionUuid, quantity }]));
const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  shop.app.inject({ method, url: `/api/v1/admin${url}`, headers: clerk, ...(payload ? { payload } : {}) });
const orderCount = async () =>
  (await shop.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders))[0]!.n;
const optionRow = async (id: string) =>
  (await shop.db.select().from(productOptions).where(eq(productOptions.id, id)))[0]!;
const buyerTotal = async (optionId: string, buyerId: string) =>
  (
    await shop.db
      .select({ quantity: preorderBuyerTotals.quantity })
      .from(preorderBuyerTotals)
      .where(and(eq(preorderBuyerTotals.productOptionId, optionId), eq(preorderBuyerTotals.buyerId, buyerId)))
  )[0]?.quantity ?? 0;
const setWindow = (productId: string, salesStartAt: Date | null, salesEndAt: Date | null) =>
  shop.db.update(products).set({ salesStartAt, salesEndAt }).where(eq(products.id, productId));

/** A fresh option of a product on pre-order, with nothing on hand and the given caps. */
async function preorderOption(cap: number | null, buyerCap: number | null) {
  const option = await stockedOption(shop, 0);
  await shop.db
    .update(products)
    .set({ preorder: true, shipsOn: '2026-12-10', salesStartAt: null, salesEndAt: null })
    .where(eq(products.id, option.productId));
  await shop.db
    .update(productOptions)
    .set({ preorderCap: cap, preorderBuyerCap: buyerCap })
    .where(eq(productOptions.id, option.id));
  return option;
}

describe('order windows', () => {
  it('refuses a product whose window closed, in the cart and at checkout, naming it and the deadline', async () => {
    const option = await stockedOption(shop, 20);
    const closedAt = new Date(Date.now() - DAY);
    await setWindow(option.productId, new Date(Date.now() - 30 * DAY), closedAt);
    const title = option.product.title;
    const before = await orderCount();

    const added = await addToCart(korea, option.id, 1);
    expect(added.statusCode).toBe(409);
    expect(body(added).message).toBe(shopMessages.orderWindow.closed(title, koreaTime(closedAt)));
    const korean = await addToCart(korea, option.id, 1, 'ko-KR');
    expect(body(korean).message).toBe(
      buyerTextsKo.shopMessages.orderWindow.closed(title, koreaTime(closedAt)),
    );

    const ordered = await order(korea, 'KRW', option.id, 1);
    expect(ordered.statusCode).toBe(409);
    expect(body(ordered).message).toBe(shopMessages.orderWindow.closed(title, koreaTime(closedAt)));
    expect(await orderCount()).toBe(before);
    expect(await optionRow(option.id)).toMatchObject({ stock: 20, holdStock: 0 });
    const inCart = await shop.db.select().from(cartItems).where(eq(cartItems.productOptionId, option.id));
    expect(inCart).toEqual([]);
  });

  it('refuses a product whose window has not opened, and takes it once it has', async () => {
    const option = await stockedOption(shop, 20);
    const opensAt = new Date(Date.now() + DAY);
    await setWindow(option.productId, opensAt, null);
    const refused = await order(global, 'USD', option.id, 2);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe(
      shopMessages.orderWindow.notYet(option.product.title, koreaTime(opensAt)),
    );

    await setWindow(option.productId, new Date(Date.now() - 60_000), new Date(Date.now() + DAY));
    expect((await order(global, 'USD', option.id, 2)).statusCode).toBe(200);
  });

  it('shows a cart line whose window closed as closed, refuses its quantity change, and lets the buyer remove it', async () => {
    const option = await stockedOption(shop, 20);
    await setWindow(option.productId, null, new Date(Date.now() + DAY));
    expect((await addToCart(global, option.id, 1)).statusCode).toBe(200);
    const lineOf = async () =>
      body(await shop.app.inject({ url: '/api/v1/cart', headers: global })).data.cartList.find(
        (l: { productOption: { uuid: string } }) => l.productOption.uuid === option.id,
      );
    expect((await lineOf()).product.orderWindow).toBe('OPEN');

    await setWindow(option.productId, null, new Date(Date.now() - 1000));
    const line = await lineOf();
    expect(line.product.orderWindow).toBe('CLOSED');
    const changed = await shop.app.inject({
      method: 'PATCH',
      url: '/api/v1/cart',
      headers: global,
      payload: { cartUuid: line.uuid, quantity: 2 },
    });
    expect(changed.statusCode).toBe(409);
    const removed = await shop.app.inject({
      method: 'DELETE',
      url: '/api/v1/cart',
      headers: global,
      payload: { cartUuid: line.uuid },
    });
    expect(removed.statusCode).toBe(200);
    expect(await lineOf()).toBeUndefined();
  });

  it('ORDER AGAIN leaves a closed product out, saying why', async () => {
    const option = await stockedOption(shop, 20);
    const placed = await order(korea, 'KRW', option.id, 1);
    expect(placed.statusCode).toBe(200);
    await setWindow(option.productId, null, new Date(Date.now() - 1000));
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/cart/reorder',
      headers: korea,
      payload: { orderUuid: body(placed).data.uuid },
    });
    expect(body(res).data.added).toEqual([]);
    expect(body(res).data.skipped).toMatchObject([
      { productOptionUuid: option.id, reason: REORDER_SKIPS.closed },
    ]);
  });

  it('staff order outside the window only with a reason, which the history keeps', async () => {
    const option = await stockedOption(shop, 20);
    const closedAt = new Date(Date.now() - DAY);
    await setWindow(option.productId, null, closedAt);
    const payload = {
      buyerId: ids.korea,
      lines: [{ productOptionId: option.id, quantity: 2 }],
      receiverInfo: { ...receiver, companyEmail: 'orders@hanbit.example' },
    };
    const refused = await admin('POST', '/orders', payload);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe(
      shopMessages.orderWindow.closed(option.product.title, koreaTime(closedAt)),
    );

    const taken = await admin('POST', '/orders', {
      ...payload,
      outsideWindowReason: 'Label allowed a late order',
    });
    expect(taken.statusCode).toBe(200);
    const [history] = await shop.db
      .select({ note: orderStatusHistory.note })
      .from(orderStatusHistory)
      .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
      .where(eq(orders.orderNumber, body(taken).data.orderNumber));
    expect(history!.note).toContain('Ordered outside the order window: Label allowed a late order');
  });
});

describe('pre-orders', () => {
  it('takes orders beyond stock up to the caps, in all and per company, and holds no stock', async () => {
    const option = await preorderOption(10, 6);
    const title = option.product.title;
    expect((await addToCart(korea, option.id, 7)).statusCode).toBe(400);
    expect((await order(korea, 'KRW', option.id, 6)).statusCode).toBe(200);

    const overMine = await order(korea, 'KRW', option.id, 1);
    expect(overMine.statusCode).toBe(400);
    expect(body(overMine).message).toBe(shopMessages.orderWindow.buyerCapReached(title, 6, 0));
    const overAll = await order(global, 'USD', option.id, 5);
    expect(overAll.statusCode).toBe(400);
    expect(body(overAll).message).toBe(shopMessages.orderWindow.capReached(title, 4));
    expect((await order(global, 'USD', option.id, 4)).statusCode).toBe(200);

    expect(await optionRow(option.id)).toMatchObject({ stock: 0, holdStock: 0, preorderTaken: 10 });
    expect(await buyerTotal(option.id, ids.korea)).toBe(6);
    expect(await buyerTotal(option.id, ids.global)).toBe(4);
    const lines = await shop.db
      .select()
      .from(orderDetails)
      .where(eq(orderDetails.productOptionId, option.id));
    expect(lines.map((l) => l.preorder)).toEqual([true, true]);

    const detail = body(await shop.app.inject({ url: `/api/v1/product/detail/${option.id}` })).data;
    expect(detail.product).toMatchObject({ preorder: true, shipsOn: '2026-12-10' });
    const shown = detail.optionList.find((o: { uuid: string }) => o.uuid === option.id);
    expect(shown).toMatchObject({ preorderLeft: 0, preorderBuyerCap: 6, stock: 0, isSoldOut: true });
  });

  it('an uncapped pre-order takes any quantity a line may; the order lines say pre-order with the dates', async () => {
    const option = await preorderOption(null, null);
    const placed = await order(global, 'USD', option.id, 500);
    expect(placed.statusCode).toBe(200);
    const seen = body(
      await shop.app.inject({ url: `/api/v1/order/detail/${body(placed).data.uuid}`, headers: global }),
    ).data;
    expect(seen.orderDetails[0]).toMatchObject({ preorder: true, shipsOn: '2026-12-10' });
    // The buyer's receipt says when the pre-order ships.
    const { orderNumber } = body(placed).data;
    const mail = await shop.smtp.waitFor(
      (m) => m.subject === `Order ${orderNumber} received` && m.to.includes(DEMO.global),
    );
    expect(mail.text).toContain('Pre-orders ship once the goods arrive:');
    expect(mail.text).toContain(`- ${option.product.title}`);
    expect(mail.text).toContain('ships from 2026-12-10');
  });

  it("the status and parcel mails list the pre-orders still waiting, with their dates, in the buyer's language", async () => {
    const preorder = await preorderOption(null, null);
    const regular = await stockedOption(shop, 10);
    const payload = await orderPayload(shop, 'USD', [
      { productOptionUuid: preorder.id, quantity: 2 },
      { productOptionUuid: regular.id, quantity: 1 },
    ]);
    const placed = body(await placeOrder(shop, global, payload)).data;
    const { orderNumber } = placed;
    await admin('POST', `/orders/${orderNumber}/person-in-charge`, { staffId: clerk.id });
    expect((await admin('POST', `/orders/${orderNumber}/status`, { status: 'CONFIRMED' })).statusCode).toBe(
      200,
    );
    const confirmed = await shop.smtp.waitFor((m) => m.subject.startsWith(`Order ${orderNumber}: `));
    expect(confirmed.text).toContain(`Pre-orders ship once the goods arrive:\n- ${preorder.product.title}`);
    expect(confirmed.text).toContain('ships from 2026-12-10');
    expect(confirmed.text).not.toContain(`- ${regular.product.title}`);

    // The regular line leaves first: the parcel mail says the pre-order still waits, and when it ships.
    const [line] = await shop.db
      .select({ id: orderDetails.id })
      .from(orderDetails)
      .where(and(eq(orderDetails.orderId, placed.uuid), eq(orderDetails.productOptionId, regular.id)));
    const parcel = await admin('POST', `/orders/${placed.uuid}/shipments`, {
      carrier: 'CJ',
      trackingNumber: '123',
      lines: [{ orderDetailId: line!.id, quantity: 1 }],
    });
    expect(parcel.statusCode, parcel.body).toBe(200);
    const partly = await shop.smtp.waitFor(
      (m) => m.subject === `Order ${orderNumber}: part of your order has shipped`,
    );
    expect(partly.text).toContain(`Pre-orders ship once the goods arrive:\n- ${preorder.product.title}`);

    // In Korean for a member who reads Korean.
    await shop.db.update(buyers).set({ language: 'ko' }).where(eq(buyers.id, ids.korea));
    const ko = await order(korea, 'KRW', preorder.id, 1);
    const koNumber = body(ko).data.orderNumber;
    await admin('POST', `/orders/${koNumber}/person-in-charge`, { staffId: clerk.id });
    expect((await admin('POST', `/orders/${koNumber}/status`, { status: 'CONFIRMED' })).statusCode).toBe(200);
    const koMail = await shop.smtp.waitFor((m) => m.subject.startsWith(`[K-Shop] 주문 ${koNumber}: `));
    expect(koMail.text).toContain('예약 상품은 입고 후 출고됩니다:');
    expect(koMail.text).toContain('출고 예정일 2026-12-10');
  });

  it('a cancelled pre-order gives its units back; shipping waits for the goods to arrive and be allocated', async () => {
    const option = await preorderOption(8, null);
    const first = body(await order(korea, 'KRW', option.id, 5)).data;
    const second = body(await order(global, 'USD', option.id, 3)).data;
    expect((await order(global, 'USD', option.id, 1)).statusCode).toBe(400);

    await admin('POST', `/orders/${first.orderNumber}/person-in-charge`, { staffId: clerk.id });
    const cancelled = await admin('POST', `/orders/${first.orderNumber}/status`, {
      status: 'CANCELLED',
      reason: 'The buyer changed its plans',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await optionRow(option.id)).toMatchObject({ preorderTaken: 3, holdStock: 0 });
    expect(await buyerTotal(option.id, ids.korea)).toBe(0);

    await admin('POST', `/orders/${second.orderNumber}/person-in-charge`, { staffId: clerk.id });
    for (const status of ['CONFIRMED', 'PAID', 'PREPARING'])
      expect((await admin('POST', `/orders/${second.orderNumber}/status`, { status })).statusCode).toBe(200);
    const early = await admin('POST', `/orders/${second.orderNumber}/status`, { status: 'SHIPPED' });
    expect(early.statusCode).toBe(409);
    expect(body(early).message).toBe(SHIPMENT_RULES.notArrived(option.product.title));
    expect(await optionRow(option.id)).toMatchObject({ stock: 0 });

    // The goods arrive, enough for the one waiting line, which the receipt allocates: it holds them, and ships them.
    const received = body(
      await admin('POST', `/product-options/${option.id}/receipts`, { quantity: 3 }),
    ).data;
    expect(received).toMatchObject({ allocatedOnReceipt: { lines: 1, units: 3 }, lines: [] });
    expect(await optionRow(option.id)).toMatchObject({ stock: 3, holdStock: 3 });
    const shipped = await admin('POST', `/orders/${second.orderNumber}/status`, { status: 'SHIPPED' });
    expect(shipped.statusCode).toBe(200);
    expect(await optionRow(option.id)).toMatchObject({ stock: 0, holdStock: 0, preorderTaken: 3 });
  });

  it('staff change a pre-order line within the cap in all, not within the cap per company', async () => {
    const option = await preorderOption(10, 2);
    const placed = body(await order(korea, 'KRW', option.id, 2)).data;
    const [line] = await shop.db
      .select()
      .from(orderDetails)
      .where(eq(orderDetails.productOptionId, option.id));
    const change = (quantity: number) =>
      admin('PATCH', `/orders/${placed.uuid}/lines/${line!.id}`, { quantity });
    expect((await change(6)).statusCode).toBe(200);
    expect(await optionRow(option.id)).toMatchObject({ preorderTaken: 6, holdStock: 0 });
    expect(await buyerTotal(option.id, ids.korea)).toBe(6);
    const over = await change(11);
    expect(over.statusCode).toBe(409);
    expect(body(over).message).toBe(shopMessages.orderWindow.capReached(option.product.title, 4));
    expect((await change(1)).statusCode).toBe(200);
    expect(await optionRow(option.id)).toMatchObject({ preorderTaken: 1 });
    expect(await buyerTotal(option.id, ids.korea)).toBe(1);
  });
});
