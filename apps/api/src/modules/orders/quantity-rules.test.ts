import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orders, productOptions } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';

let shop: TestShop;
let korea: Auth;
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
});
afterAll(() => shop?.close());

const add = (items: { productOptionUuid: string; quantity: number }[]) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/cart',
    headers: korea,
    payload: { productOptionAndQuantityList: items },
  });
const patch = (cartUuid: string, quantity: number) =>
  shop.app.inject({ method: 'PATCH', url: '/api/v1/cart', headers: korea, payload: { cartUuid, quantity } });
const cartLine = async (optionId: string) =>
  (await shop.db.select().from(cartItems).where(eq(cartItems.productOptionId, optionId)))[0];
const holdOf = async (optionId: string) =>
  (await shop.db.select().from(productOptions).where(eq(productOptions.id, optionId)))[0]!.holdStock;
const orderCount = async () => (await shop.db.select({ id: orders.id }).from(orders)).length;

/** A carton of 10, at most 50 in one order, plenty of stock. */
const carton = () => stockedOption(shop, 500, { orderMultiple: 10, maxPerOrder: 50 });

describe('a carton rule refuses 15 of a 10-multiple', () => {
  it('in the cart: POST refuses 15 and keeps nothing, 20 goes in', async () => {
    const option = await carton();
    const refused = await add([{ productOptionUuid: option.id, quantity: 15 }]);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toBe('Quantity must be a multiple of 10.');
    expect(await cartLine(option.id)).toBeUndefined();

    const added = await add([{ productOptionUuid: option.id, quantity: 20 }]);
    expect(added.statusCode, added.body).toBe(200);
    expect((await cartLine(option.id))?.quantity).toBe(20);
  });

  it('in the cart: PATCH refuses 15 and keeps 20, then 30 is taken', async () => {
    const option = await carton();
    expect((await add([{ productOptionUuid: option.id, quantity: 20 }])).statusCode).toBe(200);
    const line = (await cartLine(option.id))!;
    const refused = await patch(line.id, 15);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toBe('Quantity must be a multiple of 10.');
    expect((await cartLine(option.id))?.quantity).toBe(20);
    expect((await patch(line.id, 30)).statusCode).toBe(200);
    expect((await cartLine(option.id))?.quantity).toBe(30);
  });

  it('in the order: 15 is refused with nothing held or written, 20 is placed', async () => {
    const option = await carton();
    const orders = await orderCount();
    const refused = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 15 }]),
    );
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toBe('Quantity must be a multiple of 10.');
    expect(await holdOf(option.id)).toBe(0);
    expect(await orderCount()).toBe(orders);

    const placed = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 20 }]),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await holdOf(option.id)).toBe(20);
  });
});

describe('the maximum per order', () => {
  it('refuses 60 of an option with at most 50 in the cart (POST and PATCH) and in the order', async () => {
    const option = await carton();
    const refused = await add([{ productOptionUuid: option.id, quantity: 60 }]);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toBe('Maximum per order is 50.');

    expect((await add([{ productOptionUuid: option.id, quantity: 50 }])).statusCode).toBe(200);
    const line = (await cartLine(option.id))!;
    const patched = await patch(line.id, 60);
    expect(body(patched).message).toBe('Maximum per order is 50.');
    expect((await cartLine(option.id))?.quantity).toBe(50);

    const order = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 60 }]),
    );
    expect(order.statusCode).toBe(400);
    expect(body(order).message).toBe('Maximum per order is 50.');
    expect(await holdOf(option.id)).toBe(0);
  });
});

describe('the minimum rule is unchanged and comes first', () => {
  it('refuses below the minimum with the spec message before the multiple', async () => {
    const option = await stockedOption(shop, 500, { minimumOrderQuantity: 20, orderMultiple: 10 });
    const cart = await add([{ productOptionUuid: option.id, quantity: 15 }]);
    expect(body(cart).message).toBe('Minimum order quantity is 20');
    const order = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 15 }]),
    );
    expect(order.statusCode).toBe(400);
    expect(body(order).message).toBe('Minimum order quantity is 20');
    const ok = await add([{ productOptionUuid: option.id, quantity: 20 }]);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('keeps any quantity for an option without rules of its own', async () => {
    const option = await stockedOption(shop, 50);
    expect((await add([{ productOptionUuid: option.id, quantity: 7 }])).statusCode).toBe(200);
  });
});

describe('the product detail carries the rules', () => {
  it('shows orderMultiple and maxPerOrder per option, to guests too', async () => {
    const option = await carton();
    for (const headers of [korea, undefined]) {
      const res = await shop.app.inject({ url: `/api/v1/product/detail/${option.id}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      const options = JSON.stringify(body(res).data);
      expect(options).toContain('"orderMultiple":10');
      expect(options).toContain('"maxPerOrder":50');
    }
  });
});
