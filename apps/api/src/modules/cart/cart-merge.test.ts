import { CART_ADD_MAX, messages } from '@kshop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyers, cartItems } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, stockedOption } from '../../test/buying.js';
import { serverErrors } from '../../test/races.js';

/*
 * The product page's grid (issue 35) adds every version at once; what is already in the cart gets the quantity
 * added to its line instead of refusing the whole add. On PostgreSQL (TEST_DATABASE_URL) the adds at once below
 * run as parallel transactions.
 */

let shop: TestShop;
let korea: Auth;
let koreaId: string;
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  const [row] = await shop.db.select({ id: buyers.id }).from(buyers).where(eq(buyers.email, DEMO.korea));
  koreaId = row!.id;
});
afterAll(() => shop?.close());

type Line = { productOptionUuid: string; quantity: number };
const add = (items: Line[], addToExisting?: boolean) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/cart',
    headers: korea,
    payload: {
      productOptionAndQuantityList: items,
      ...(addToExisting === undefined ? {} : { addToExisting }),
    },
  });
const inCart = async (optionId: string) =>
  (
    await shop.db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.buyerId, koreaId), eq(cartItems.productOptionId, optionId)))
  )[0]?.quantity ?? null;

describe('adding from the grid', () => {
  it("adds to a line already in the cart and makes the others; a plain add still refuses what's there", async () => {
    const a = await stockedOption(shop, 100);
    const b = await stockedOption(shop, 100);
    expect((await add([{ productOptionUuid: a.id, quantity: 2 }])).statusCode).toBe(200);

    const again = await add([{ productOptionUuid: a.id, quantity: 1 }]);
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe(messages.cart.alreadyInCart);

    const grid = await add(
      [
        { productOptionUuid: a.id, quantity: 3 },
        { productOptionUuid: b.id, quantity: 4 },
        { productOptionUuid: b.id, quantity: 1 },
      ],
      true,
    );
    expect(grid.statusCode, grid.body).toBe(200);
    expect(body(grid).message).toBe('Added to cart.');
    expect(await inCart(a.id)).toBe(5);
    expect(await inCart(b.id)).toBe(5);
  });

  it('checks each line as it will stand, and writes nothing when one fails', async () => {
    const a = await stockedOption(shop, 6);
    const b = await stockedOption(shop, 50);
    expect((await add([{ productOptionUuid: a.id, quantity: 4 }])).statusCode).toBe(200);
    const over = await add(
      [
        { productOptionUuid: b.id, quantity: 2 },
        { productOptionUuid: a.id, quantity: 3 },
      ],
      true,
    );
    expect(over.statusCode).toBe(400);
    expect(body(over).message).toBe(messages.cart.maximum(6));
    expect(await inCart(a.id)).toBe(4);
    expect(await inCart(b.id)).toBeNull();
  });

  it(`takes up to ${CART_ADD_MAX} options in one add`, async () => {
    const a = await stockedOption(shop, 10);
    const tooMany = Array.from({ length: CART_ADD_MAX + 1 }, () => ({
      productOptionUuid: a.id,
      quantity: 1,
    }));
    const refused = await add(tooMany, true);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toBe(`At most ${CART_ADD_MAX} options can be added at once.`);
    expect(await inCart(a.id)).toBeNull();
  });

  it('two adds of the same buyer at once both count', async () => {
    const a = await stockedOption(shop, 500);
    expect((await add([{ productOptionUuid: a.id, quantity: 1 }])).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => add([{ productOptionUuid: a.id, quantity: 2 }], true)),
    );
    expect(serverErrors(answers)).toEqual([]);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await inCart(a.id)).toBe(17);
  });
});
