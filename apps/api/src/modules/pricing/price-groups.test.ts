import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, buyers, orders, priceGroups } from '../../db/schema.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, placeOrder, receiver, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';
import { insertSession } from '../auth/auth.repository.js';
import { insertBuyer } from '../signup/signup.repository.js';

/**
 * Price groups and volume tiers (issue 12, decision 0021): what a member sees and pays, what a guest never
 * sees, the cache per group, and the back office's routes.
 */
let shop: TestShop;
let staff: { authorization: string; id: string };
let korea: Auth;
let global: Auth;
let runs = 0;

beforeAll(async () => {
  shop = await createTestShop();
  staff = await staffSession(shop, 'pricing-staff@kshop.example');
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
});
afterAll(() => shop?.close());

const admin = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  who = staff,
) =>
  shop.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization: who.authorization },
    ...(payload === undefined ? {} : { payload }),
  });
const get = (url: string, auth?: Auth) => shop.app.inject({ method: 'GET', url, headers: auth ?? {} });

/** An approved Korean member with a session, in the Standard group. */
async function member(): Promise<{ id: string; auth: Auth }> {
  const now = new Date();
  const [row] = await insertBuyer(shop.db, {
    email: `pricing-${++runs}-${Date.now()}@company.example`,
    passwordHash: 'x',
    status: 'APPROVED',
    isKoreanCompany: true,
    companyName: 'Pricing Trading',
    representativeName: 'Lee Pricing',
    businessRegistrationNumber: '1208800000',
    phoneNumber: '+82 10-0000-0000',
    companyAddress: '1 Pricing-ro, Seoul',
    personalInfoAgreedAt: now,
    termsAgreedAt: now,
  });
  const token = newToken();
  await insertSession(shop.db, row!.id, hashToken(token), new Date(Date.now() + 3_600_000));
  return { id: row!.id, auth: { authorization: `Bearer ${token}` } };
}

async function group(name: string, discountPercent: number): Promise<number> {
  const res = await admin('POST', '/price-groups', { name: `${name} ${++runs}`, discountPercent });
  expect(res.statusCode).toBe(200);
  return body(res).data.id;
}

const join = async (buyerId: string, priceGroupId: number) =>
  expect((await admin('PUT', `/buyers/${buyerId}/price-group`, { priceGroupId })).statusCode).toBe(200);

const detail = async (optionId: string, auth?: Auth) =>
  body(await get(`/api/v1/product/detail/${optionId}`, auth)).data;

/** The card of an option in the newest-first list, which the option's product leads once it is touched. */
async function cardPrice(optionId: string, auth: Auth) {
  const data = detail(optionId, auth);
  return (await data).currentOption.productPrice?.totalPrice ?? null;
}

/** A checkout of the given lines at `amount` (major units, KRW). */
const order = (auth: Auth, lines: { productOptionUuid: string; quantity: number }[], amount: number) =>
  placeOrder(shop, auth, {
    currencyCode: 'KRW',
    finalPaymentAmount: amount,
    receiverInfo: receiver,
    productOptionList: lines,
  });

describe('a member in a price group', () => {
  it('sees and pays 10 % off in the list, the detail, the cart and the order', async () => {
    const buyer = await member();
    const option = await stockedOption(shop, 500, { priceKrw: 15_000, priceUsd: 1_100 });
    await join(buyer.id, await group('Ten off', 10));

    expect(await cardPrice(option.id, buyer.auth)).toBe(13_500);
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: buyer.auth,
      payload: { productOptionAndQuantityList: [{ productOptionUuid: option.id, quantity: 3 }] },
    });
    expect(added.statusCode).toBe(200);
    const cart = body(await get('/api/v1/cart', buyer.auth)).data;
    expect(cart.cartList[0].productPrice.price).toBe(13_500);
    expect(cart.totalPrice).toBe(40_500);

    // The list price is refused; the group price is taken and written on the order's line.
    const listPriced = await order(buyer.auth, [{ productOptionUuid: option.id, quantity: 3 }], 45_000);
    expect(listPriced.statusCode).toBe(409);
    expect(body(listPriced).data).toBeNull();
    const placed = await order(buyer.auth, [{ productOptionUuid: option.id, quantity: 3 }], 40_500);
    expect(placed.statusCode).toBe(200);
    const [written] = await shop.db
      .select()
      .from(orders)
      .where(eq(orders.id, body(placed).data.uuid));
    expect(written!.productAmount).toBe(40_500);
  });

  it('pays the explicit group price instead of the percentage', async () => {
    const buyer = await member();
    const option = await stockedOption(shop, 500, { priceKrw: 20_000, priceUsd: 1_500 });
    const id = await group('Explicit', 10);
    await join(buyer.id, id);
    const set = await admin('PUT', `/price-groups/${id}/prices/${option.id}`, {
      priceKrw: 12_000,
      priceUsd: null,
    });
    expect(set.statusCode).toBe(200);
    expect(body(set).data.priceList).toEqual([
      expect.objectContaining({
        productOptionUuid: option.id,
        priceKrw: 12_000,
        priceUsd: null,
        listPriceKrw: 20_000,
      }),
    ]);
    expect(await cardPrice(option.id, buyer.auth)).toBe(12_000);
    expect(
      (await order(buyer.auth, [{ productOptionUuid: option.id, quantity: 2 }], 24_000)).statusCode,
    ).toBe(200);
    // Another member of the Standard group still pays the list price.
    expect(await cardPrice(option.id, korea)).toBe(20_000);
  });

  it('applies the volume tier for the line quantity at 50 and 100 pieces', async () => {
    const buyer = await member();
    const option = await stockedOption(shop, 1_000, { priceKrw: 10_000, priceUsd: 800 });
    const tiers = await admin('PUT', `/product-options/${option.id}/volume-tiers`, {
      volumeTiers: [
        { minQuantity: 100, discountPercent: 8 },
        { minQuantity: 50, discountPercent: 5 },
      ],
    });
    expect(tiers.statusCode).toBe(200);
    expect(body(tiers).data.volumeTiers).toEqual([
      { minQuantity: 50, discountPercent: 5 },
      { minQuantity: 100, discountPercent: 8 },
    ]);
    await join(buyer.id, await group('Tiered', 10));

    const shown = (await detail(option.id, buyer.auth)).currentOption.productPrice;
    expect(shown.totalPrice).toBe(9_000);
    expect(shown.volumeTiers).toEqual([
      { minQuantity: 50, discountPercent: 5, price: 8_550 },
      { minQuantity: 100, discountPercent: 8, price: 8_280 },
    ]);

    const line = (quantity: number) => [{ productOptionUuid: option.id, quantity }];
    expect((await order(buyer.auth, line(49), 49 * 9_000)).statusCode).toBe(200);
    expect((await order(buyer.auth, line(50), 50 * 9_000)).statusCode).toBe(409);
    expect((await order(buyer.auth, line(50), 50 * 8_550)).statusCode).toBe(200);
    expect((await order(buyer.auth, line(100), 100 * 8_550)).statusCode).toBe(409);
    expect((await order(buyer.auth, line(100), 100 * 8_280)).statusCode).toBe(200);

    // The cart prices each line by its quantity too.
    await shop.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: buyer.auth,
      payload: { productOptionAndQuantityList: [{ productOptionUuid: option.id, quantity: 60 }] },
    });
    const cart = body(await get('/api/v1/cart', buyer.auth)).data;
    expect(cart.cartList[0].productPrice.price).toBe(8_550);
    expect(cart.totalPrice).toBe(60 * 8_550);
  });

  it('a USD member pays cents rounded halves up', async () => {
    const option = await stockedOption(shop, 100, { priceKrw: 10_000, priceUsd: 1_995 });
    const [demo] = await shop.db.select().from(buyers).where(eq(buyers.email, DEMO.global));
    const id = await group('Cents', 10);
    await join(demo!.id, id);
    try {
      expect((await detail(option.id, global)).currentOption.productPrice.totalPrice).toBe(17.96);
      const placed = await placeOrder(shop, global, {
        currencyCode: 'USD',
        finalPaymentAmount: 35.92,
        receiverInfo: receiver,
        productOptionList: [{ productOptionUuid: option.id, quantity: 2 }],
      });
      expect(placed.statusCode).toBe(200);
    } finally {
      await join(demo!.id, 1);
    }
  });
});

describe('guests', () => {
  it('get no price at all in the list and the detail, tiers included', async () => {
    const option = await stockedOption(shop, 100, { priceKrw: 31_000, priceUsd: 2_300 });
    await admin('PUT', `/product-options/${option.id}/volume-tiers`, {
      volumeTiers: [{ minQuantity: 10, discountPercent: 3 }],
    });
    for (const url of [
      `/api/v1/product/detail/${option.id}`,
      '/api/v1/product/list?page=1&limit=40&sort=latest&stockStatus=all',
    ]) {
      const raw = (await get(url)).body;
      expect(raw).not.toMatch(/"(totalPrice|comparedPrice|price|totalSalesAmount)":\s*-?\d/);
      expect(raw).not.toContain('volumeTiers');
      expect(raw).not.toContain('discountPercent');
      expect(raw).not.toContain('31000');
    }
  });
});

describe('the catalogue cache and the session', () => {
  it('gives two members of different groups their own prices from the same cached list', async () => {
    const a = await member();
    const b = await member();
    await join(b.id, await group('Cache', 20));
    const list = '/api/v1/product/list?page=1&limit=5&sort=latest&stockStatus=all';
    const first = body(await get(list, a.auth)).data.productOptionList;
    const second = body(await get(list, b.auth)).data.productOptionList;
    const hits = shop.app.catalogueCache.hits;
    const again = body(await get(list, a.auth)).data.productOptionList;
    const secondAgain = body(await get(list, b.auth)).data.productOptionList;
    expect(shop.app.catalogueCache.hits).toBe(hits + 2);
    expect(secondAgain).toEqual(second);
    expect(again).toEqual(first);
    for (let i = 0; i < first.length; i++) {
      expect(first[i].optionUuid).toBe(second[i].optionUuid);
      expect(second[i].totalPrice).toBe(Math.floor((first[i].totalPrice * 8000 + 5000) / 10000));
    }
    expect(first.some((c: { totalPrice: number }, i: number) => c.totalPrice !== second[i].totalPrice)).toBe(
      true,
    );
  });

  it('changes a member’s prices at once when staff move them, and when the group’s percentage changes', async () => {
    const buyer = await member();
    const option = await stockedOption(shop, 100, { priceKrw: 40_000, priceUsd: 3_000 });
    expect(await cardPrice(option.id, buyer.auth)).toBe(40_000);
    const id = await group('Move', 25);
    await join(buyer.id, id);
    expect(await cardPrice(option.id, buyer.auth)).toBe(30_000);
    expect((await admin('PATCH', `/price-groups/${id}`, { discountPercent: 50 })).statusCode).toBe(200);
    // The group's change reaches the cache as a notification.
    const deadline = Date.now() + 5_000;
    let price = await cardPrice(option.id, buyer.auth);
    while (price !== 20_000 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      price = await cardPrice(option.id, buyer.auth);
    }
    expect(price).toBe(20_000);
    const [audit] = await shop.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'buyer.price-group' and ${auditLog.entityId} = ${buyer.id}`);
    expect(audit!.after).toMatchObject({ priceGroupId: id });
    const page = body(await admin('GET', `/buyers/${buyer.id}`)).data;
    expect(page.priceGroupId).toBe(id);
  });
});

describe('the back office', () => {
  it('lists, renames, refuses bad input and deletes a group only when unused', async () => {
    const list = body(await admin('GET', '/price-groups')).data.priceGroupList;
    expect(list[0]).toMatchObject({ id: 1, name: 'Standard', discountPercent: 0, isStandard: true });

    const id = await group('Rename me', 5.5);
    const renamed = await admin('PATCH', `/price-groups/${id}`, { name: `Renamed ${runs}` });
    expect(body(renamed).data).toMatchObject({
      name: `Renamed ${runs}`,
      discountPercent: 5.5,
      buyerCount: 0,
    });

    const bad: [string, string, object][] = [
      ['POST', '/price-groups', { name: '', discountPercent: 10 }],
      ['POST', '/price-groups', { name: 'Too much', discountPercent: 101 }],
      ['POST', '/price-groups', { name: 'Fraction', discountPercent: 1.234 }],
      ['POST', '/price-groups', { name: 'standard', discountPercent: 1 }],
      ['PATCH', `/price-groups/${id}`, {}],
      ['PATCH', '/price-groups/999999', { discountPercent: 1 }],
      [
        'PUT',
        `/price-groups/${id}/prices/00000000-0000-4000-8000-000000000000`,
        { priceKrw: 1, priceUsd: 1 },
      ],
      ['PUT', `/price-groups/${id}/prices/not-a-uuid`, { priceKrw: 1, priceUsd: 1 }],
      [
        'PUT',
        `/price-groups/${id}/prices/00000000-0000-4000-8000-000000000000`,
        { priceKrw: -1, priceUsd: null },
      ],
      ['PUT', '/product-options/00000000-0000-4000-8000-000000000000/volume-tiers', { volumeTiers: [] }],
      ['PUT', '/buyers/00000000-0000-4000-8000-000000000000/price-group', { priceGroupId: id }],
    ];
    const before = await shop.db.select().from(priceGroups);
    for (const [method, url, payload] of bad) {
      const res = await admin(method as 'POST', url, payload);
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(body(res).message.length).toBeGreaterThan(0);
    }
    expect(await shop.db.select().from(priceGroups)).toEqual(before);

    const option = await stockedOption(shop, 10);
    const tiers = (volumeTiers: object[]) =>
      admin('PUT', `/product-options/${option.id}/volume-tiers`, { volumeTiers });
    expect((await tiers([{ minQuantity: 1, discountPercent: 5 }])).statusCode).toBe(400);
    expect((await tiers([{ minQuantity: 10, discountPercent: 0 }])).statusCode).toBe(400);
    expect(
      (
        await tiers([
          { minQuantity: 10, discountPercent: 5 },
          { minQuantity: 10, discountPercent: 6 },
        ])
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await tiers([
          { minQuantity: 10, discountPercent: 5 },
          { minQuantity: 20, discountPercent: 4 },
        ])
      ).statusCode,
    ).toBe(400);

    const buyer = await member();
    expect(
      (await admin('PUT', `/buyers/${buyer.id}/price-group`, { priceGroupId: 999_999 })).statusCode,
    ).toBe(400);
    await join(buyer.id, id);
    const inUse = await admin('DELETE', `/price-groups/${id}`);
    expect(inUse.statusCode).toBe(409);
    expect((await admin('DELETE', '/price-groups/1')).statusCode).toBe(409);
    await join(buyer.id, 1);
    expect((await admin('DELETE', `/price-groups/${id}`)).statusCode).toBe(200);
    expect((await admin('GET', `/price-groups/${id}/prices`)).statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    const calls: [string, string, object?][] = [
      ['GET', '/price-groups'],
      ['POST', '/price-groups', { name: 'Nope', discountPercent: 1 }],
      ['PATCH', '/price-groups/1', { discountPercent: 1 }],
      ['DELETE', '/price-groups/1'],
      ['GET', '/price-groups/1/prices'],
      ['PUT', '/buyers/00000000-0000-4000-8000-000000000000/price-group', { priceGroupId: 1 }],
    ];
    for (const [method, url, payload] of calls) {
      for (const headers of [{}, korea]) {
        const res = await shop.app.inject({
          method: method as 'GET',
          url: `/api/v1/admin${url}`,
          headers,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect((await shop.db.select().from(priceGroups).where(eq(priceGroups.id, 1)))[0]!.discountBp).toBe(0);
  });
});
