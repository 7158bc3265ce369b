import { REORDER_SKIPS } from '@kshop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, productOptions, products } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';

let shop: TestShop;
let korea: Auth;
let global: Auth;
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
});
afterAll(() => shop?.close());

const reorder = (auth: Auth | Record<string, never>, orderUuid: string) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/cart/reorder', headers: auth, payload: { orderUuid } });

const cartOf = async (auth: Auth) =>
  new Map(
    body(await shop.app.inject({ url: '/api/v1/cart', headers: auth })).data.cartList.map(
      (l: { productOption: { uuid: string }; quantity: number }) => [l.productOption.uuid, l.quantity],
    ),
  );

describe('ORDER AGAIN', () => {
  it('puts what can still be bought into the cart at valid quantities and names the rest', async () => {
    const plain = await stockedOption(shop, 100);
    const short = await stockedOption(shop, 100);
    const raised = await stockedOption(shop, 100);
    const soldOut = await stockedOption(shop, 100);
    const gone = await stockedOption(shop, 100);
    const inCart = await stockedOption(shop, 100);
    const lines = [
      { productOptionUuid: plain.id, quantity: 3 },
      { productOptionUuid: short.id, quantity: 8 },
      { productOptionUuid: raised.id, quantity: 2 },
      { productOptionUuid: soldOut.id, quantity: 1 },
      { productOptionUuid: gone.id, quantity: 1 },
      { productOptionUuid: inCart.id, quantity: 4 },
    ];
    const placed = await placeOrder(shop, korea, await orderPayload(shop, 'KRW', lines));
    expect(placed.statusCode).toBe(200);
    const orderUuid = body(placed).data.uuid;

    // Since the order: stock fell, a minimum rose, one option sold out, one product left the shop, and the
    // buyer put one option in the cart again by hand.
    await shop.db
      .update(productOptions)
      .set({ stock: sql`hold_stock + 5` })
      .where(eq(productOptions.id, short.id));
    await shop.db
      .update(productOptions)
      .set({ minimumOrderQuantity: 10 })
      .where(eq(productOptions.id, raised.id));
    await shop.db.update(productOptions).set({ isSoldOut: true }).where(eq(productOptions.id, soldOut.id));
    await shop.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone.product.id));
    await shop.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: korea,
      payload: { productOptionAndQuantityList: [{ productOptionUuid: inCart.id, quantity: 1 }] },
    });

    const res = await reorder(korea, orderUuid);
    expect(res.statusCode).toBe(200);
    const { added, skipped } = body(res).data;
    const addedQuantity = Object.fromEntries(
      added.map((a: { productOptionUuid: string; quantity: number }) => [a.productOptionUuid, a.quantity]),
    );
    expect(addedQuantity).toEqual({ [plain.id]: 3, [short.id]: 5, [raised.id]: 10 });
    const reasons = Object.fromEntries(
      skipped.map((s: { productOptionUuid: string; reason: string }) => [s.productOptionUuid, s.reason]),
    );
    expect(reasons).toEqual({
      [soldOut.id]: REORDER_SKIPS.soldOut,
      [gone.id]: REORDER_SKIPS.gone,
      [inCart.id]: REORDER_SKIPS.inCart,
    });

    const cart = await cartOf(korea);
    expect(cart.get(plain.id)).toBe(3);
    expect(cart.get(short.id)).toBe(5);
    expect(cart.get(raised.id)).toBe(10);
    expect(cart.get(inCart.id)).toBe(1);
    expect(cart.has(soldOut.id)).toBe(false);
    expect(cart.has(gone.id)).toBe(false);

    // A second click adds nothing more and changes no quantity.
    const again = body(await reorder(korea, orderUuid)).data;
    expect(again.added).toEqual([]);
    expect(await cartOf(korea)).toEqual(cart);
  });

  it("another member's order is not found, a guest is refused, and nothing reaches their carts", async () => {
    const option = await stockedOption(shop, 10);
    const placed = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
    );
    const orderUuid = body(placed).data.uuid;
    const before = await shop.db.select().from(cartItems);
    const other = await reorder(global, orderUuid);
    expect(other.statusCode).toBe(404);
    expect((await reorder({}, orderUuid)).statusCode).toBe(401);
    expect((await reorder(korea, 'not-an-id')).statusCode).toBe(400);
    expect(await shop.db.select().from(cartItems)).toEqual(before);
  });
});
