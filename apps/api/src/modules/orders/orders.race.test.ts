import { randomUUID } from 'node:crypto';
import { messages } from '@kshop/contract';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetails, orders } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload } from '../../test/buying.js';
import { brokenStock, racingProduct, serverErrors, stockOf, withStock } from '../../test/races.js';
import { staffSession } from '../../test/staff.js';

// On PostgreSQL (TEST_DATABASE_URL) the pool runs these requests as truly parallel transactions; on
// PGlite they queue on its single connection, and the same checks still hold.

let shop: TestShop;
let owner: Auth;
let ownerId: string;
let korea: Auth;
let global: Auth;
beforeAll(async () => {
  shop = await createTestShop();
  const session = await staffSession(shop, 'race-owner@kshop.example', 'OWNER');
  owner = { authorization: session.authorization };
  ownerId = session.id;
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
});
afterAll(() => shop?.close());

const admin = (method: 'POST' | 'PUT', url: string, payload: object) =>
  shop.app.inject({ method, url: `/api/v1/admin${url}`, headers: owner, payload });
const order = (auth: Auth, payload: object, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/order', headers: { ...auth, ...headers }, payload });
const orderCount = async () =>
  (await shop.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders))[0]!.n;
const codes = (answers: LightMyRequestResponse[]) => [...new Set(answers.map((a) => a.statusCode))];

type Line = { productOptionUuid: string; quantity: number };

/** Orders that each take options of both products, in both orders, from a KRW and a USD buyer. */
async function mixedOrders(a: { options: { uuid: string }[] }, b: { options: { uuid: string }[] }) {
  const [a1, a2, a3] = a.options.map((o) => o.uuid) as [string, string, string];
  const [b1, b2, b3] = b.options.map((o) => o.uuid) as [string, string, string];
  const lineSets: Line[][] = [
    [
      { productOptionUuid: a1, quantity: 1 },
      { productOptionUuid: b1, quantity: 2 },
    ],
    [
      { productOptionUuid: b2, quantity: 1 },
      { productOptionUuid: a2, quantity: 3 },
    ],
    [
      { productOptionUuid: a3, quantity: 2 },
      { productOptionUuid: b3, quantity: 1 },
      { productOptionUuid: a1, quantity: 1 },
    ],
  ];
  const payloads: { auth: Auth; payload: object; lines: Line[] }[] = [];
  for (const lines of lineSets) {
    payloads.push({ auth: korea, payload: await orderPayload(shop, 'KRW', lines), lines });
    payloads.push({ auth: global, payload: await orderPayload(shop, 'USD', lines), lines });
  }
  return (i: number) => payloads[i % payloads.length]!;
}

describe('product saves racing orders', () => {
  it('12 rounds of saves of both products racing 15 orders: no 5xx, no oversold stock, holds match open orders', async () => {
    const a = await racingProduct(shop, owner, 'Race Save A');
    const b = await racingProduct(shop, owner, 'Race Save B');
    const nth = await mixedOrders(a, b);
    const answers: LightMyRequestResponse[] = [];
    for (let round = 0; round < 12; round++) {
      const stock = 50_000 + round;
      answers.push(
        ...(await Promise.all([
          admin('PUT', `/products/${a.uuid}`, withStock(a, stock)),
          ...Array.from({ length: 15 }, (_, i) => order(nth(i + round).auth, nth(i + round).payload)),
          admin('PUT', `/products/${b.uuid}`, withStock(b, stock)),
        ])),
      );
    }
    expect(serverErrors(answers)).toEqual([]);
    expect(codes(answers)).toEqual([200]);
    const rows = await stockOf(shop, [a.uuid, b.uuid]);
    expect(brokenStock(rows)).toEqual([]);
    expect(rows.every((r) => r.stock === 50_011)).toBe(true);
    expect(rows.reduce((sum, r) => sum + r.hold, 0)).toBeGreaterThan(0);
  }, 60_000);
});

describe('price changes racing orders', () => {
  it('orders priced before a save that raises the price are placed at the old price or refused as changed, never at a mix', async () => {
    const g = await racingProduct(shop, owner, 'Race Price G', 2, 10_000);
    const [g1, g2] = g.options.map((o) => o.uuid) as [string, string];
    const lines = [
      { productOptionUuid: g1, quantity: 1 },
      { productOptionUuid: g2, quantity: 2 },
    ];
    const payload = await orderPayload(shop, 'KRW', lines);
    const raised = { ...g, options: g.options.map((o) => ({ ...o, priceKrw: 12_000 })) };
    const [save, ...orderAnswers] = await Promise.all([
      admin('PUT', `/products/${g.uuid}`, raised),
      ...Array.from({ length: 16 }, () => order(korea, payload)),
    ]);
    expect(save!.statusCode).toBe(200);
    expect(serverErrors(orderAnswers)).toEqual([]);
    const placed = orderAnswers.filter((a) => a.statusCode === 200);
    const refused = orderAnswers.filter((a) => a.statusCode !== 200);
    for (const answer of refused) expect(body(answer).message).toBe(messages.order.pricesChanged);
    for (const answer of placed) {
      const lines = await shop.db
        .select()
        .from(orderDetails)
        .where(eq(orderDetails.orderId, body(answer).data.uuid));
      expect(lines.map((l) => l.unitPrice)).toEqual([10_000, 10_000]);
    }
    const rows = await stockOf(shop, [g.uuid]);
    expect(brokenStock(rows)).toEqual([]);
    expect(rows.reduce((sum, r) => sum + r.hold, 0)).toBe(placed.length * 3);
    // Once the save is in, the old price is refused.
    expect((await order(korea, payload)).statusCode).toBe(409);
  }, 60_000);
});

describe('status changes racing orders', () => {
  it('shipping and cancelling orders while new orders and a product save take the same products', async () => {
    const c = await racingProduct(shop, owner, 'Race Move C', 3, 1_000);
    const d = await racingProduct(shop, owner, 'Race Move D', 3, 1_000);
    const nth = await mixedOrders(c, d);
    const placed: string[] = [];
    let shippedQuantity = 0;
    for (let i = 0; i < 16; i++) {
      const res = await order(nth(i).auth, nth(i).payload);
      expect(res.statusCode).toBe(200);
      placed.push(body(res).data.orderNumber);
      // Product D is not saved during the race, so its stock must drop by exactly what ships.
      const ofD = nth(i).lines.filter((l) => d.options.some((o) => o.uuid === l.productOptionUuid));
      if (i < 8) shippedQuantity += ofD.reduce((sum, l) => sum + l.quantity, 0);
    }
    const toShip = placed.slice(0, 8);
    const toCancel = placed.slice(8);
    for (const orderNumber of toShip) {
      expect(
        (await admin('POST', `/orders/${orderNumber}/person-in-charge`, { staffId: ownerId })).statusCode,
      ).toBe(200);
      for (const status of ['CONFIRMED', 'PAID', 'PREPARING'])
        expect((await admin('POST', `/orders/${orderNumber}/status`, { status })).statusCode).toBe(200);
    }

    for (let round = 0; round < 2; round++) {
      const half = (list: string[]) => list.slice(round * 4, round * 4 + 4);
      const answers = await Promise.all([
        ...half(toShip).map((n) => admin('POST', `/orders/${n}/status`, { status: 'SHIPPED' })),
        admin('PUT', `/products/${c.uuid}`, withStock(c, 2_000 + round)),
        ...Array.from({ length: 15 }, (_, i) => order(nth(i).auth, nth(i).payload)),
        ...half(toCancel).map((n) =>
          admin('POST', `/orders/${n}/status`, { status: 'CANCELLED', reason: 'Cancelled in the race.' }),
        ),
      ]);
      expect(serverErrors(answers)).toEqual([]);
      expect(codes(answers)).toEqual([200]);
    }
    const rows = await stockOf(shop, [c.uuid, d.uuid]);
    expect(brokenStock(rows)).toEqual([]);
    const shipped = await shop.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.status, 'SHIPPED'));
    expect(shipped[0]!.n).toBe(8);
    // Shipping took exactly the shipped quantities out of stock.
    const rowsOfD = await stockOf(shop, [d.uuid]);
    expect(rowsOfD.reduce((sum, row) => sum + (1_000 - row.stock), 0)).toBe(shippedQuantity);
  }, 60_000);
});

describe('doubled submissions', () => {
  it('the same order sent five times at once with one Idempotency-Key makes one order, and every answer is the same', async () => {
    const e = await racingProduct(shop, owner, 'Race Twice E', 1, 100);
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: e.options[0]!.uuid, quantity: 2 }]);
    const before = await orderCount();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => order(korea, payload, { 'idempotency-key': key })),
    );
    expect(codes(answers)).toEqual([200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
    expect(await stockOf(shop, [e.uuid])).toEqual([
      expect.objectContaining({ stock: 100, hold: 2, open: 2 }),
    ]);
  });

  it('12 keys, each sent three times at once, racing for 10 pieces and a product save: one order or one refusal per key, answered alike', async () => {
    const h = await racingProduct(shop, owner, 'Race Keys H', 1, 10);
    const option = h.options[0]!.uuid;
    const lines = [{ productOptionUuid: option, quantity: 2 }];
    const payloads = {
      KRW: await orderPayload(shop, 'KRW', lines),
      USD: await orderPayload(shop, 'USD', lines),
    };
    const before = await orderCount();
    const keys = Array.from({ length: 12 }, (_, i) => ({
      key: randomUUID(),
      auth: i % 2 === 0 ? korea : global,
      payload: i % 2 === 0 ? payloads.KRW : payloads.USD,
    }));
    const sent = keys.flatMap((k) => [k, k, k]);
    const [save, ...answers] = await Promise.all([
      admin('PUT', `/products/${h.uuid}`, withStock(h, 10)),
      ...sent.map((k) => order(k.auth, k.payload, { 'idempotency-key': k.key })),
    ]);
    expect(save!.statusCode).toBe(200);
    expect(serverErrors(answers)).toEqual([]);
    const placed = new Set<string>();
    for (const [i, k] of keys.entries()) {
      const three = answers.slice(i * 3, i * 3 + 3);
      // Every copy of a key answers as the first did: the same status and the same body.
      for (const copy of three.slice(1)) {
        expect(copy.statusCode, k.key).toBe(three[0]!.statusCode);
        expect(copy.json(), k.key).toEqual(three[0]!.json());
      }
      // One copy was answered afresh; the other two were given its answer again.
      expect(
        three.filter((a) => a.headers['idempotent-replayed'] === 'true'),
        k.key,
      ).toHaveLength(2);
      if (three[0]!.statusCode === 200) placed.add(body(three[0]!).data.uuid);
      else expect(body(three[0]!).message).toBe(messages.order.notEnoughStock('Race Keys H'));
    }
    // Five orders of two pieces take the ten pieces; no key made two orders.
    expect(placed.size).toBe(5);
    expect(await orderCount()).toBe(before + 5);
    expect(await stockOf(shop, [h.uuid])).toEqual([
      expect.objectContaining({ stock: 10, hold: 10, open: 10 }),
    ]);
  }, 60_000);

  it('without a key, the same order sent twice at once makes two orders, as before', async () => {
    const f = await racingProduct(shop, owner, 'Race Twice F', 1, 100);
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: f.options[0]!.uuid, quantity: 2 }]);
    const before = await orderCount();
    const answers = await Promise.all([order(korea, payload), order(korea, payload)]);
    expect(codes(answers)).toEqual([200]);
    expect(body(answers[0]!).data.orderNumber).not.toBe(body(answers[1]!).data.orderNumber);
    expect(await orderCount()).toBe(before + 2);
  });
});
