import { randomUUID } from 'node:crypto';
import { messages } from '@kshop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, idempotencyKeys, orders, productOptions } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, stockedOption } from '../../test/buying.js';
import { deleteExpiredKeys, IDEMPOTENCY_MESSAGES } from './idempotency.js';

let shop: TestShop;
let korea: Auth;
let global: Auth;
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
});
afterAll(() => shop?.close());

const post = (url: string, auth: Auth, payload: object, key?: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: key === undefined ? auth : { ...auth, 'idempotency-key': key },
    payload,
  });
const orderCount = async () =>
  (await shop.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders))[0]!.n;
const holdOf = async (id: string) =>
  (await shop.db.select().from(productOptions).where(eq(productOptions.id, id)))[0]!.holdStock;

describe('the Idempotency-Key header', () => {
  it('must be 1 to 200 printable ASCII characters; otherwise 400 names the header and nothing happens', async () => {
    const option = await stockedOption(shop, 10);
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]);
    const before = await orderCount();
    for (const bad of ['', 'x'.repeat(201), 'tab\there', 'clé']) {
      const res = await post('/order', korea, payload, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(body(res).message).toBe(IDEMPOTENCY_MESSAGES.invalid);
      expect(body(res).message).toContain('Idempotency-Key');
    }
    const cart = await post(
      '/cart',
      korea,
      { productOptionAndQuantityList: [{ productOptionUuid: option.id, quantity: 1 }] },
      'x'.repeat(201),
    );
    expect(body(cart)).toMatchObject({ statusCode: 400, message: IDEMPOTENCY_MESSAGES.invalid });
    expect(await orderCount()).toBe(before);
    expect(await holdOf(option.id)).toBe(0);
    expect(await shop.db.select().from(cartItems).where(eq(cartItems.productOptionId, option.id))).toEqual(
      [],
    );
    // The longest key allowed works.
    expect((await post('/order', korea, payload, `~ ${'k'.repeat(198)}`)).statusCode).toBe(200);
  });
});

describe('placing an order with a key', () => {
  it('answers a repeat as the first time, creating nothing more', async () => {
    const option = await stockedOption(shop, 10);
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 3 }]);
    const key = randomUUID();
    const before = await orderCount();
    const first = await post('/order', korea, payload, key);
    const again = await post('/order', korea, payload, key);
    expect(first.statusCode).toBe(200);
    expect(body(first).message).toBe(messages.order.placed);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await orderCount()).toBe(before + 1);
    expect(await holdOf(option.id)).toBe(3);
    // The buyer's confirmation went once: the repeat mails nothing.
    const subject = `Order ${body(first).data.orderNumber} received`;
    await shop.smtp.waitFor((m) => m.subject === subject);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shop.smtp.received.filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it('refuses the same key with another body with 422 and changes nothing', async () => {
    const option = await stockedOption(shop, 10);
    const one = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]);
    const two = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 2 }]);
    const key = randomUUID();
    expect((await post('/order', korea, one, key)).statusCode).toBe(200);
    const before = await orderCount();
    const other = await post('/order', korea, two, key);
    expect(body(other)).toEqual({ statusCode: 422, message: IDEMPOTENCY_MESSAGES.reused, data: null });
    expect(await orderCount()).toBe(before);
    expect(await holdOf(option.id)).toBe(1);
  });

  it('keeps keys per buyer: another buyer may use the same key', async () => {
    const option = await stockedOption(shop, 10);
    const key = randomUUID();
    const before = await orderCount();
    const mine = await post(
      '/order',
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
      key,
    );
    const theirs = await post(
      '/order',
      global,
      await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 1 }]),
      key,
    );
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(body(mine).data.uuid).not.toBe(body(theirs).data.uuid);
    expect(await orderCount()).toBe(before + 2);
  });

  it('answers a refusal again as it was first given, even when the order could now go through', async () => {
    const option = await stockedOption(shop, 1);
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 2 }]);
    const key = randomUUID();
    const first = await post('/order', korea, payload, key);
    expect(first.statusCode).toBe(409);
    await shop.db.update(productOptions).set({ stock: 5 }).where(eq(productOptions.id, option.id));
    const before = await orderCount();
    const again = await post('/order', korea, payload, key);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(first.json());
    expect(await orderCount()).toBe(before);
    expect(await holdOf(option.id)).toBe(0);
    // A new attempt (a new key) is a new request.
    expect((await post('/order', korea, payload, randomUUID())).statusCode).toBe(200);
  });

  it('lets a key go after 24 hours: it then places a new order, and the hourly clean-up removes old keys', async () => {
    const option = await stockedOption(shop, 10);
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]);
    const key = randomUUID();
    const first = await post('/order', korea, payload, key);
    await shop.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    const later = await post('/order', korea, payload, key);
    expect(later.statusCode).toBe(200);
    expect(body(later).data.uuid).not.toBe(body(first).data.uuid);

    const stale = randomUUID();
    await post('/order', korea, payload, stale);
    await shop.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, stale));
    expect(await deleteExpiredKeys(shop.db)).toBe(1);
    const left = await shop.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(left).toHaveLength(1);
  });
});

describe('adding to the cart with a key', () => {
  it('answers a repeated click as the first, where a request without a key says it is already in the cart', async () => {
    const option = await stockedOption(shop, 10);
    const payload = { productOptionAndQuantityList: [{ productOptionUuid: option.id, quantity: 2 }] };
    const key = randomUUID();
    const first = await post('/cart', korea, payload, key);
    const again = await post('/cart', korea, payload, key);
    expect(body(first)).toEqual({ statusCode: 200, message: 'Added to cart.', data: null });
    expect(again.json()).toEqual(first.json());
    const lines = await shop.db.select().from(cartItems).where(eq(cartItems.productOptionId, option.id));
    expect(lines).toHaveLength(1);
    const withoutKey = await post('/cart', korea, payload);
    expect(body(withoutKey)).toMatchObject({ statusCode: 409, message: messages.cart.alreadyInCart });

    const changed = await post(
      '/cart',
      korea,
      { productOptionAndQuantityList: [{ productOptionUuid: option.id, quantity: 3 }] },
      key,
    );
    expect(body(changed)).toMatchObject({ statusCode: 422, message: IDEMPOTENCY_MESSAGES.reused });
  });

  it('two clicks at once with one key add the line once and answer alike', async () => {
    const option = await stockedOption(shop, 10);
    const payload = { productOptionAndQuantityList: [{ productOptionUuid: option.id, quantity: 1 }] };
    const key = randomUUID();
    const answers = await Promise.all([
      post('/cart', global, payload, key),
      post('/cart', global, payload, key),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
    const lines = await shop.db.select().from(cartItems).where(eq(cartItems.productOptionId, option.id));
    expect(lines).toHaveLength(1);
  });
});
