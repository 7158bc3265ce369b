import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, stockedOption } from '../../test/buying.js';

let shop: TestShop;
let korea: Auth;
let global: Auth;
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
});
afterAll(() => shop?.close());

const cart = (auth?: Auth) => shop.app.inject({ url: '/api/v1/cart', headers: auth });
const add = (auth: Auth | undefined, items: { productOptionUuid: string; quantity: number }[]) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/cart',
    headers: auth,
    payload: { productOptionAndQuantityList: items },
  });
const patch = (auth: Auth, cartUuid: string, quantity: number) =>
  shop.app.inject({ method: 'PATCH', url: '/api/v1/cart', headers: auth, payload: { cartUuid, quantity } });
const remove = (auth: Auth, cartUuid: string) =>
  shop.app.inject({ method: 'DELETE', url: '/api/v1/cart', headers: auth, payload: { cartUuid } });

describe('who may use a cart', () => {
  it('answers 401 Unauthorized to a guest and 403 to a member awaiting approval', async () => {
    const option = await stockedOption(shop, 10);
    expect(body(await cart()).message).toBe('Unauthorized');
    const guestAdd = await add(undefined, [{ productOptionUuid: option.id, quantity: 1 }]);
    expect(guestAdd.statusCode).toBe(401);
    expect(body(guestAdd).message).toBe('Unauthorized');
    const pending = await shop.loginAs(DEMO.pending);
    const res = await cart(pending);
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe('Your account is pending approval.');
    expect((await add(pending, [{ productOptionUuid: option.id, quantity: 1 }])).statusCode).toBe(403);
  });
});

describe('cart lines', () => {
  it('prices the cart from the server in the member currency', async () => {
    const a = await stockedOption(shop, 40);
    const b = await stockedOption(shop, 40);
    expect(a.id).not.toBe(b.id);
    expect(
      (
        await add(korea, [
          { productOptionUuid: a.id, quantity: 2 },
          { productOptionUuid: b.id, quantity: 3 },
        ])
      ).statusCode,
    ).toBe(200);
    const won = body(await cart(korea)).data;
    expect(won.currencySymbol).toBe('₩');
    const lineA = won.cartList.find(
      (l: { productOption: { uuid: string } }) => l.productOption.uuid === a.id,
    );
    expect(lineA.productPrice.price).toBe(a.priceKrw);
    expect(lineA.productOption).toMatchObject({ stock: 40, holdStock: 0, minimumOrderQuantity: 1 });
    expect(won.totalPrice).toBe(a.priceKrw * 2 + b.priceKrw * 3);

    await add(global, [{ productOptionUuid: a.id, quantity: 1 }]);
    const dollars = body(await cart(global)).data;
    expect(dollars.currencySymbol).toBe('US$');
    expect(dollars.totalPrice).toBe(a.priceUsd / 100);
  });

  it('refuses an option already in the cart and adds nothing of that request', async () => {
    const a = await stockedOption(shop, 40);
    const b = await stockedOption(shop, 40);
    const auth = await shop.loginAs(DEMO.global);
    await add(auth, [{ productOptionUuid: a.id, quantity: 1 }]);
    const before = body(await cart(auth)).data.cartList.length;
    const res = await add(auth, [
      { productOptionUuid: b.id, quantity: 1 },
      { productOptionUuid: a.id, quantity: 2 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('Product is already in cart');
    expect(body(await cart(auth)).data.cartList.length).toBe(before);
  });

  it('keeps quantities between the minimum order quantity and the available stock', async () => {
    const option = await stockedOption(shop, 30, { minimumOrderQuantity: 5, holdStock: 10 });
    const below = await add(korea, [{ productOptionUuid: option.id, quantity: 4 }]);
    expect(body(below)).toMatchObject({ statusCode: 400, message: 'Minimum order quantity is 5' });
    const above = await add(korea, [{ productOptionUuid: option.id, quantity: 21 }]);
    expect(body(above)).toMatchObject({ statusCode: 400, message: 'Maximum available quantity is 20' });
    expect((await add(korea, [{ productOptionUuid: option.id, quantity: 20 }])).statusCode).toBe(200);

    const line = body(await cart(korea)).data.cartList.find(
      (l: { productOption: { uuid: string } }) => l.productOption.uuid === option.id,
    );
    expect(body(await patch(korea, line.uuid, 3)).message).toBe('Minimum order quantity is 5');
    expect(body(await patch(korea, line.uuid, 25)).message).toBe('Maximum available quantity is 20');
    expect((await patch(korea, line.uuid, 7)).statusCode).toBe(200);
    const [row] = await shop.db.select().from(cartItems).where(eq(cartItems.id, line.uuid));
    expect(row!.quantity).toBe(7);

    const soldOut = await stockedOption(shop, 30, { isSoldOut: true });
    const refused = await add(korea, [{ productOptionUuid: soldOut.id, quantity: 1 }]);
    expect(body(refused)).toMatchObject({ statusCode: 400, message: 'This option is sold out.' });
  });

  it('lets a member touch only its own lines', async () => {
    const option = await stockedOption(shop, 30);
    const owner = await shop.loginAs(DEMO.korea);
    await add(owner, [{ productOptionUuid: option.id, quantity: 2 }]);
    const line = body(await cart(owner)).data.cartList.find(
      (l: { productOption: { uuid: string } }) => l.productOption.uuid === option.id,
    );
    const other = await shop.loginAs(DEMO.global);
    expect((await patch(other, line.uuid, 5)).statusCode).toBe(404);
    expect((await remove(other, line.uuid)).statusCode).toBe(404);
    const [row] = await shop.db.select().from(cartItems).where(eq(cartItems.id, line.uuid));
    expect(row!.quantity).toBe(2);
    expect(body(await remove(owner, line.uuid)).statusCode).toBe(200);
    expect(await shop.db.select().from(cartItems).where(eq(cartItems.id, line.uuid))).toEqual([]);
  });

  it('validates the payloads', async () => {
    const bad = await add(korea, []);
    expect(body(bad)).toMatchObject({
      statusCode: 400,
      message: 'Please select product options before adding to cart.',
    });
    const notUuid = await patch(korea, 'nope', 1);
    expect(body(notUuid).message).toMatch(/cartUuid/);
  });
});
