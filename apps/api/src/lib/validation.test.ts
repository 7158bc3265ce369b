import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestShop, DEMO, type TestShop } from '../test/app.js';

let shop: TestShop;
let member: { authorization: string };
beforeAll(async () => {
  shop = await createTestShop();
  member = await shop.loginAs(DEMO.korea);
});
afterAll(() => shop?.close());

/** An object whose `length` cannot be turned into a number: zod's length check throws on it. */
const hostile = { length: { toString: true } };

describe('values built to break validation', () => {
  it('an address with a hostile object for its text is a 400, and nothing is written', async () => {
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/user/address',
      headers: member,
      payload: { postalCode: '12345', addressDetail: '1 Sejong-daero, Seoul', isDefault: false },
    });
    expect(created.statusCode).toBe(200);
    const addresses = async () =>
      body(await shop.app.inject({ url: '/api/v1/user', headers: member })).data.addresses;
    const before = await addresses();
    const id = before[0].addressUuid;
    const res = await shop.app.inject({
      method: 'PATCH',
      url: `/api/v1/user/address/${id}`,
      headers: member,
      payload: { postalCode: '123456', addressDetail: hostile, isDefault: true },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('body: a field holds a value of the wrong type.');
    expect(await addresses()).toEqual(before);
  });

  it('the same on a query string and on a guest route', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: hostile, password: hostile },
    });
    expect(res.statusCode).toBe(400);
  });
});
