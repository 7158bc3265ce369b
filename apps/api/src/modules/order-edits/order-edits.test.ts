import { messages, ORDER_EDIT_RULES } from '@kshop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  buyers,
  orderChanges,
  orderDetails,
  orders,
  priceGroups,
  productOptions,
  products,
} from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, foldedProduct, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { eventually } from '../../test/eventually.js';
import { staffSession } from '../../test/staff.js';

let shop: TestShop;
let korea: Auth;
let global: Auth;
let clerk: { authorization: string; id: string };
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  clerk = await staffSession(shop, 'edits-clerk@kshop.example');
});
afterAll(() => shop?.close());

type Method = 'POST' | 'PATCH' | 'DELETE';
const call = (headers: Auth | Record<string, never>, method: Method, url: string, payload?: unknown) =>
  shop.app.inject({
    method,
    url: `/api/v1/admin/orders${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const add = (orderId: string, productOptionId: string, quantity: number, who: Auth = clerk) =>
  call(who, 'POST', `/${orderId}/lines`, { productOptionId, quantity });
const change = (orderId: string, lineId: string, quantity: unknown, who: Auth = clerk) =>
  call(who, 'PATCH', `/${orderId}/lines/${lineId}`, { quantity });
const remove = (orderId: string, lineId: string, who: Auth = clerk) =>
  call(who, 'DELETE', `/${orderId}/lines/${lineId}`);

const holdOf = async (optionId: string) =>
  (await shop.db.select().from(productOptions).where(eq(productOptions.id, optionId)))[0]!;
const orderRow = async (orderId: string) =>
  (await shop.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const linesOf = (orderId: string) =>
  shop.db.select().from(orderDetails).where(eq(orderDetails.orderId, orderId));
const changesOf = (orderId: string) =>
  shop.db.select().from(orderChanges).where(eq(orderChanges.orderId, orderId)).orderBy(orderChanges.id);
const salesOf = async (productId: string) => (await foldedProduct(shop, productId)).totalSalesQuantity;

/** A mail's text, quoted-printable undone. */
const textOf = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Everything a refused edit must leave as it was. */
async function snapshot(orderId: string, optionIds: string[]) {
  return {
    order: await orderRow(orderId),
    lines: (await linesOf(orderId)).sort((a, b) => a.id.localeCompare(b.id)),
    options: await Promise.all(optionIds.map(async (id) => (await holdOf(id)).holdStock)),
    changes: (await changesOf(orderId)).length,
    audit: (
      await shop.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(auditLog)
        .where(eq(auditLog.entityId, (await orderRow(orderId)).orderNumber))
    )[0]!.n,
  };
}

/** An order of `quantity` of a fresh option (stock 20), and optionally a second line of another one. */
async function newOrder(quantity = 2, { auth = korea, currency = 'KRW' as 'KRW' | 'USD', second = 0 } = {}) {
  const option = await stockedOption(shop, 20);
  const other = await stockedOption(shop, 20);
  const lines = [{ productOptionUuid: option.id, quantity }];
  if (second) lines.push({ productOptionUuid: other.id, quantity: second });
  const res = await placeOrder(shop, auth, await orderPayload(shop, currency, lines));
  expect(res.statusCode, res.body).toBe(200);
  const placed = body(res).data as { uuid: string; orderNumber: string };
  const rows = await linesOf(placed.uuid);
  const line = rows.find((l) => l.productOptionId === option.id)!;
  return { ...placed, option, other, line, otherLine: rows.find((l) => l.productOptionId === other.id) };
}

describe('changing a line', () => {
  it('moves the hold by the difference up and down, recomputes the amounts with the memos, records and mails the change', async () => {
    const o = await newOrder(2);
    const price = o.option.priceKrw;
    expect((await holdOf(o.option.id)).holdStock).toBe(2);
    const memo = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${o.orderNumber}/memos`,
      headers: clerk,
      payload: { content: 'Shipping fee/15000' },
    });
    expect(memo.statusCode).toBe(200);
    const salesBefore = await salesOf(o.option.productId);
    // The catalogue's cached answer learns of the stock the edit holds, within 1 s (STOCK_SHOWN_WITHIN_MS).
    const shown = async () =>
      (
        body(await shop.app.inject({ url: `/api/v1/product/detail/${o.option.id}`, headers: korea })).data
          .optionList as { uuid: string; stock: number }[]
      ).find((x) => x.uuid === o.option.id)!.stock;
    expect(await eventually(shown, (stock) => stock === 18)).toBe(18);

    const up = await change(o.uuid, o.line.id, 5);
    expect(up.statusCode, up.body).toBe(200);
    expect(body(up).data).toMatchObject({
      kind: 'LINE_CHANGED',
      orderDetailUuid: o.line.id,
      fromQuantity: 2,
      toQuantity: 5,
      unitPrice: price,
      productAmountBefore: 2 * price,
      productAmountAfter: 5 * price,
      finalAmountBefore: 2 * price + 15000,
      finalAmountAfter: 5 * price + 15000,
    });
    expect((await holdOf(o.option.id)).holdStock).toBe(5);
    expect(await orderRow(o.uuid)).toMatchObject({
      productAmount: 5 * price,
      finalAmount: 5 * price + 15000,
    });
    expect((await linesOf(o.uuid))[0]).toMatchObject({ quantity: 5, amount: 5 * price });
    expect(await salesOf(o.option.productId)).toBe(salesBefore + 3);
    expect(await eventually(shown, (stock) => stock === 15)).toBe(15);

    const down = await change(o.uuid, o.line.id, 1);
    expect(down.statusCode, down.body).toBe(200);
    expect((await holdOf(o.option.id)).holdStock).toBe(1);
    expect(await orderRow(o.uuid)).toMatchObject({ productAmount: price, finalAmount: price + 15000 });
    expect(await salesOf(o.option.productId)).toBe(salesBefore - 1);

    const history = await changesOf(o.uuid);
    expect(history.map((h) => [h.kind, h.staffId])).toEqual([
      ['LINE_CHANGED', clerk.id],
      ['LINE_CHANGED', clerk.id],
    ]);
    expect(history[1]!.detail).toMatchObject({
      fromQuantity: 5,
      toQuantity: 1,
      productTitle: o.line.productTitle,
    });
    const audits = await shop.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, o.orderNumber), eq(auditLog.action, 'order.line-change')));
    expect(audits).toHaveLength(2);

    // The buyer is told, with the quantities and the new total.
    const mail = await shop.smtp.waitFor(
      (m) => m.subject === `Order ${o.orderNumber} changed` && textOf(m.raw).includes('5 → 1'),
    );
    expect(mail.to).toContain(DEMO.korea);
    expect(textOf(mail.raw)).toContain(`New total: ₩${(price + 15000).toLocaleString('en-US')}`);

    // Staff see the change in the order's timeline, the buyer the current line.
    const detail = body(
      await shop.app.inject({ url: `/api/v1/admin/orders/${o.orderNumber}`, headers: clerk }),
    ).data;
    expect(detail.linesEditable).toBe(true);
    expect(detail.changes.map((c: { kind: string; summary: string }) => c.kind)).toEqual([
      'LINE_CHANGED',
      'LINE_CHANGED',
    ]);
    expect(detail.changes[1].summary).toContain('5 → 1');
    expect(detail.changes[1].staff.id).toBe(clerk.id);
    const seen = body(await shop.app.inject({ url: `/api/v1/order/detail/${o.uuid}`, headers: korea })).data;
    expect(seen.orderDetails[0].quantity).toBe(1);
    expect(seen.finalPaymentAmount).toBe(price + 15000);
  });

  it('refuses more than is available with 409 and changes nothing', async () => {
    const o = await newOrder(2);
    await shop.db.update(productOptions).set({ stock: 6 }).where(eq(productOptions.id, o.option.id));
    const before = await snapshot(o.uuid, [o.option.id]);
    const refused = await change(o.uuid, o.line.id, 7);
    expect(body(refused)).toEqual({
      statusCode: 409,
      message: ORDER_EDIT_RULES.notEnoughStock(o.line.productTitle, 4),
      data: null,
    });
    expect(await snapshot(o.uuid, [o.option.id])).toEqual(before);
    // Exactly what is available still goes.
    expect((await change(o.uuid, o.line.id, 6)).statusCode).toBe(200);
    expect((await holdOf(o.option.id)).holdStock).toBe(6);
  });

  it('never goes below what already shipped, nor removes a line that shipped', async () => {
    const o = await newOrder(4, { second: 1 });
    await shop.db.update(orderDetails).set({ shippedQuantity: 3 }).where(eq(orderDetails.id, o.line.id));
    // What shipped left stock already: only the rest (1) is still held.
    await shop.db
      .update(productOptions)
      .set({ stock: 17, holdStock: 1 })
      .where(eq(productOptions.id, o.option.id));
    const before = await snapshot(o.uuid, [o.option.id]);
    const below = await change(o.uuid, o.line.id, 2);
    expect(body(below)).toEqual({ statusCode: 409, message: ORDER_EDIT_RULES.belowShipped(3), data: null });
    const removed = await remove(o.uuid, o.line.id);
    expect(body(removed)).toEqual({
      statusCode: 409,
      message: ORDER_EDIT_RULES.removeShipped(3),
      data: null,
    });
    expect(await snapshot(o.uuid, [o.option.id])).toEqual(before);
    // Down to what shipped releases the open rest.
    expect((await change(o.uuid, o.line.id, 3)).statusCode).toBe(200);
    expect((await holdOf(o.option.id)).holdStock).toBe(0);
  });
});

describe("an edit's catalogue change", () => {
  it('reaches only the details of the option whose hold moved, within 1 s; lists stay kept', async () => {
    const o = await newOrder(2);
    const list = '/api/v1/product/list?page=1&limit=20&sort=latest&stockStatus=all';
    const detail = `/api/v1/product/detail/${o.option.id}`;
    const cache = shop.app.catalogueCache;
    const kept = async (url: string) => {
      const hits = cache.hits;
      await shop.app.inject({ url, headers: korea });
      return cache.hits > hits;
    };
    const stockShown = async () =>
      (
        body(await shop.app.inject({ url: detail, headers: korea })).data.optionList as {
          uuid: string;
          stock: number;
        }[]
      ).find((x) => x.uuid === o.option.id)!.stock;
    // The order's own notices have arrived once both reads are kept.
    expect(
      await eventually(
        async () => (await kept(list)) && (await kept(detail)),
        (yes) => yes,
      ),
    ).toBe(true);
    const before = await stockShown();
    const generation = cache.generation;
    const marks = cache.staleMarks;

    const up = await change(o.uuid, o.line.id, 3);
    expect(up.statusCode, up.body).toBe(200);
    expect(await eventually(stockShown, (stock) => stock === before - 1)).toBe(before - 1);
    // At once on this instance (the notice it sent to the others it does not act on again).
    expect(cache.staleMarks).toBeGreaterThanOrEqual(marks + 1);
    expect(cache.generation).toBe(generation);
    expect(await kept(list)).toBe(true);
  });
});

describe('removing a line', () => {
  it('releases its hold and recomputes the amounts; the last line stays', async () => {
    const o = await newOrder(2, { second: 3 });
    const otherLine = o.otherLine!;
    const removed = await remove(o.uuid, otherLine.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(body(removed).data).toMatchObject({ kind: 'LINE_REMOVED', fromQuantity: 3, toQuantity: 0 });
    expect((await holdOf(o.other.id)).holdStock).toBe(0);
    expect((await linesOf(o.uuid)).map((l) => l.id)).toEqual([o.line.id]);
    expect(await orderRow(o.uuid)).toMatchObject({
      productAmount: 2 * o.option.priceKrw,
      finalAmount: 2 * o.option.priceKrw,
    });

    const before = await snapshot(o.uuid, [o.option.id]);
    expect(body(await remove(o.uuid, o.line.id))).toEqual({
      statusCode: 409,
      message: ORDER_EDIT_RULES.lastLine,
      data: null,
    });
    expect(await snapshot(o.uuid, [o.option.id])).toEqual(before);
    // Gone is gone.
    expect(body(await remove(o.uuid, otherLine.id))).toEqual({
      statusCode: 404,
      message: ORDER_EDIT_RULES.lineNotFound,
      data: null,
    });
  });
});

describe('adding a line', () => {
  it("holds the option at its price in the order's currency; an option already there adds to its line", async () => {
    const o = await newOrder(1, { auth: global, currency: 'USD' });
    const extra = await stockedOption(shop, 10);
    const added = await add(o.uuid, extra.id, 4);
    expect(added.statusCode, added.body).toBe(200);
    expect(body(added).data).toMatchObject({
      kind: 'LINE_ADDED',
      toQuantity: 4,
      unitPrice: extra.priceUsd / 100,
      currencyCode: 'USD',
      productAmountAfter: (o.option.priceUsd + 4 * extra.priceUsd) / 100,
    });
    expect((await holdOf(extra.id)).holdStock).toBe(4);
    const line = (await linesOf(o.uuid)).find((l) => l.productOptionId === extra.id)!;
    expect(line).toMatchObject({
      quantity: 4,
      unitPrice: extra.priceUsd,
      amount: 4 * extra.priceUsd,
      currencyCode: 'USD',
      productTitle: extra.product.title,
    });
    expect((await orderRow(o.uuid)).finalAmount).toBe(o.option.priceUsd + 4 * extra.priceUsd);

    const again = await add(o.uuid, extra.id, 2);
    expect(again.statusCode, again.body).toBe(200);
    expect(body(again).data).toMatchObject({ kind: 'LINE_CHANGED', fromQuantity: 4, toQuantity: 6 });
    expect((await holdOf(extra.id)).holdStock).toBe(6);
    expect((await linesOf(o.uuid)).filter((l) => l.productOptionId === extra.id)).toHaveLength(1);
    expect((await changesOf(o.uuid)).map((c) => c.kind)).toEqual(['LINE_ADDED', 'LINE_CHANGED']);
    await shop.smtp.waitFor((m) => m.subject === `Order ${o.orderNumber} changed` && m.raw.includes('Added'));
  });

  it("prices an added option at what the buyer pays: the buyer's price group", async () => {
    const o = await newOrder(1);
    const buyerId = (await orderRow(o.uuid)).buyerId!;
    const [group] = await shop.db
      .insert(priceGroups)
      .values({ name: 'Order edits 10 %', discountBp: 1000 })
      .returning();
    await shop.db.update(buyers).set({ priceGroupId: group!.id }).where(eq(buyers.id, buyerId));
    try {
      const extra = await stockedOption(shop, 10);
      const added = await add(o.uuid, extra.id, 2);
      expect(added.statusCode, added.body).toBe(200);
      const unit = Math.floor((extra.priceKrw * 9000 + 5000) / 10000);
      expect(body(added).data).toMatchObject({
        unitPrice: unit,
        productAmountAfter: o.option.priceKrw + 2 * unit,
      });
    } finally {
      await shop.db.update(buyers).set({ priceGroupId: 1 }).where(eq(buyers.id, buyerId));
    }
  });

  it('refuses an option short of stock, sold out, deleted, draft or unknown, and changes nothing', async () => {
    const o = await newOrder(1);
    const short = await stockedOption(shop, 3, { holdStock: 1 });
    const soldOut = await stockedOption(shop, 10, { isSoldOut: true });
    const before = await snapshot(o.uuid, [short.id, soldOut.id]);
    expect(body(await add(o.uuid, short.id, 3))).toEqual({
      statusCode: 409,
      message: ORDER_EDIT_RULES.notEnoughStock(short.product.title, 2),
      data: null,
    });
    expect(body(await add(o.uuid, soldOut.id, 1))).toEqual({
      statusCode: 409,
      message: ORDER_EDIT_RULES.notOrderable(soldOut.product.title),
      data: null,
    });
    expect(body(await add(o.uuid, '00000000-0000-4000-8000-000000000001', 1))).toEqual({
      statusCode: 404,
      message: ORDER_EDIT_RULES.optionNotFound,
      data: null,
    });
    const gone = await stockedOption(shop, 10);
    await shop.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone.productId));
    expect(body(await add(o.uuid, gone.id, 1)).statusCode).toBe(409);
    expect(await snapshot(o.uuid, [short.id, soldOut.id])).toEqual(before);
    expect((await holdOf(gone.id)).holdStock).toBe(0);
    // Its other options serve the tests that follow.
    await shop.db.update(products).set({ deletedAt: null }).where(eq(products.id, gone.productId));
    const draft = await stockedOption(shop, 10);
    await shop.db.update(products).set({ isPublished: false }).where(eq(products.id, draft.productId));
    expect(body(await add(o.uuid, draft.id, 1))).toEqual({
      statusCode: 409,
      message: ORDER_EDIT_RULES.notOrderable(draft.product.title),
      data: null,
    });
    expect((await holdOf(draft.id)).holdStock).toBe(0);
    await shop.db.update(products).set({ isPublished: true }).where(eq(products.id, draft.productId));
  });
});

describe('once the order has shipped, been delivered or been cancelled', () => {
  it('refuses every edit with 409 and changes nothing', async () => {
    for (const status of ['SHIPPED', 'DELIVERED', 'CANCELLED'] as const) {
      const o = await newOrder(2, { second: 1 });
      const extra = await stockedOption(shop, 10);
      if (status === 'CANCELLED') {
        const cancelled = await shop.app.inject({
          method: 'POST',
          url: `/api/v1/admin/orders/${o.orderNumber}/status`,
          headers: clerk,
          payload: { status, reason: 'Buyer asked.' },
        });
        expect(cancelled.statusCode).toBe(200);
      } else {
        await shop.db.update(orders).set({ status }).where(eq(orders.id, o.uuid));
      }
      const before = await snapshot(o.uuid, [o.option.id, extra.id]);
      const closed = { statusCode: 409, message: ORDER_EDIT_RULES.closed(status), data: null };
      expect(body(await change(o.uuid, o.line.id, 3))).toEqual(closed);
      expect(body(await remove(o.uuid, o.otherLine!.id))).toEqual(closed);
      expect(body(await add(o.uuid, extra.id, 1))).toEqual(closed);
      expect(await snapshot(o.uuid, [o.option.id, extra.id])).toEqual(before);
      const detail = body(
        await shop.app.inject({ url: `/api/v1/admin/orders/${o.orderNumber}`, headers: clerk }),
      ).data;
      expect(detail.linesEditable).toBe(false);
    }
  });
});

describe('who and what is refused', () => {
  it('refuses buyers and guests, and answers bad ids and odd input with a 4xx, never a 500', async () => {
    const o = await newOrder(2, { second: 1 });
    const before = await snapshot(o.uuid, [o.option.id]);
    for (const who of [korea, {}, { authorization: 'Bearer nonsense' }]) {
      expect((await change(o.uuid, o.line.id, 3, who as Auth)).statusCode).toBe(401);
      expect((await remove(o.uuid, o.line.id, who as Auth)).statusCode).toBe(401);
      expect((await add(o.uuid, o.other.id, 1, who as Auth)).statusCode).toBe(401);
    }
    const unknown = '00000000-0000-4000-8000-000000000002';
    expect(body(await change(unknown, o.line.id, 3))).toEqual({
      statusCode: 404,
      message: messages.order.notFound,
      data: null,
    });
    expect((await change(o.uuid, unknown, 3)).statusCode).toBe(404);
    // Another order's line is not this order's.
    const elsewhere = await newOrder(1);
    expect((await change(o.uuid, elsewhere.line.id, 3)).statusCode).toBe(404);
    expect((await change('not-a-uuid', o.line.id, 3)).statusCode).toBe(400);
    expect((await change(o.uuid, 'nope', 3)).statusCode).toBe(400);
    expect((await remove(o.uuid, "1' or 1=1")).statusCode).toBe(400);
    for (const quantity of [0, -1, 1.5, '3', null, 100_001, 1e308, Number.NaN, [], {}]) {
      const res = await change(o.uuid, o.line.id, quantity);
      expect(res.statusCode, `${String(quantity)}: ${res.body}`).toBe(400);
      expect(body(res).message).toMatch(/quantity/);
    }
    expect(body(await change(o.uuid, o.line.id, 2))).toEqual({
      statusCode: 400,
      message: ORDER_EDIT_RULES.unchanged,
      data: null,
    });
    for (const payload of [
      {},
      { productOptionId: 'x', quantity: 1 },
      { productOptionId: o.other.id },
      'junk',
    ]) {
      const res = await call(clerk, 'POST', `/${o.uuid}/lines`, payload);
      expect(res.statusCode, res.body).toBe(typeof payload === 'string' ? 415 : 400);
    }
    expect((await call(clerk, 'PATCH', `/${o.uuid}/lines/${o.line.id}`)).statusCode).toBe(400);
    // Adding to a line past the largest quantity is refused too.
    expect((await add(o.uuid, o.option.id, 100_000)).statusCode).toBe(400);
    expect(await snapshot(o.uuid, [o.option.id])).toEqual(before);
  });
});
