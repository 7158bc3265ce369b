import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetails } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload } from '../../test/buying.js';
import { brokenStock, racingProduct, serverErrors, stockOf } from '../../test/races.js';
import { staffSession } from '../../test/staff.js';

// On PostgreSQL (TEST_DATABASE_URL) the pool runs these requests as truly parallel transactions; on
// PGlite they queue on its single connection, and the same checks still hold.

let shop: TestShop;
let owner: Auth;
let korea: Auth;
let global: Auth;
beforeAll(async () => {
  shop = await createTestShop();
  owner = { authorization: (await staffSession(shop, 'edits-race@kshop.example', 'OWNER')).authorization };
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
});
afterAll(() => shop?.close());

type Line = { productOptionUuid: string; quantity: number };
const order = (auth: Auth, payload: object) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/order', headers: auth, payload });
const edit = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  shop.app.inject({
    method,
    url: `/api/v1/admin/orders${url}`,
    headers: owner,
    ...(payload ? { payload } : {}),
  });

async function placed(auth: Auth, currency: 'KRW' | 'USD', lines: Line[]) {
  const res = await order(auth, await orderPayload(shop, currency, lines));
  expect(res.statusCode, res.body).toBe(200);
  const uuid = body(res).data.uuid as string;
  const rows = await shop.db.select().from(orderDetails).where(eq(orderDetails.orderId, uuid));
  const lineOf = (optionId: string) => rows.find((r) => r.productOptionId === optionId)!.id;
  return { uuid, lineOf };
}

describe('line edits racing orders', () => {
  it('edits of two orders racing storefront orders of the same options: no 5xx, no oversold stock, holds match open lines', async () => {
    // Little stock, so that some edits and orders are refused for it while others take it.
    const p = await racingProduct(shop, owner, 'Race Edit P', 3, 20);
    const q = await racingProduct(shop, owner, 'Race Edit Q', 3, 20);
    const [p1, p2, p3] = p.options.map((o) => o.uuid) as [string, string, string];
    const [q1, q2, q3] = q.options.map((o) => o.uuid) as [string, string, string];
    const a = await placed(korea, 'KRW', [
      { productOptionUuid: p1, quantity: 2 },
      { productOptionUuid: q1, quantity: 2 },
      { productOptionUuid: p2, quantity: 1 },
    ]);
    const b = await placed(global, 'USD', [
      { productOptionUuid: q2, quantity: 3 },
      { productOptionUuid: p3, quantity: 1 },
    ]);
    const buyerOrders = await Promise.all(
      [
        [
          { productOptionUuid: p1, quantity: 3 },
          { productOptionUuid: q1, quantity: 3 },
        ],
        [
          { productOptionUuid: q3, quantity: 4 },
          { productOptionUuid: p2, quantity: 2 },
        ],
        [{ productOptionUuid: p3, quantity: 5 }],
      ].flatMap((lines) => [orderPayload(shop, 'KRW', lines), orderPayload(shop, 'USD', lines)]),
    );
    const answers: LightMyRequestResponse[] = [];
    for (let round = 0; round < 3; round++) {
      answers.push(
        ...(await Promise.all([
          edit('PATCH', `/${a.uuid}/lines/${a.lineOf(p1)}`, { quantity: 6 + round }),
          ...buyerOrders.map((payload, i) => order(i % 2 ? global : korea, payload)),
          edit('PATCH', `/${b.uuid}/lines/${b.lineOf(q2)}`, { quantity: round % 2 ? 1 : 8 }),
          edit('POST', `/${a.uuid}/lines`, { productOptionId: q3, quantity: 2 }),
          edit('PATCH', `/${a.uuid}/lines/${a.lineOf(q1)}`, { quantity: 5 - round }),
          edit('POST', `/${b.uuid}/lines`, { productOptionId: p1, quantity: 3 }),
          edit('PATCH', `/${b.uuid}/lines/${b.lineOf(p3)}`, { quantity: 2 + round }),
          ...(round === 1 ? [edit('DELETE', `/${a.uuid}/lines/${a.lineOf(p2)}`)] : []),
        ])),
      );
    }
    expect(serverErrors(answers)).toEqual([]);
    // Only what stock refuses (or an edit that asks for the quantity a line already has) is turned down.
    for (const answer of answers.filter((x) => x.statusCode !== 200)) {
      expect([400, 409], answer.body).toContain(answer.statusCode);
    }
    expect(answers.filter((x) => x.statusCode === 200).length).toBeGreaterThan(answers.length / 3);
    const rows = await stockOf(shop, [p.uuid, q.uuid]);
    expect(brokenStock(rows)).toEqual([]);
    expect(rows.every((r) => r.stock === 20)).toBe(true);
    // Stock ran short for some, so the race did reach the conditional holds.
    expect(answers.some((x) => x.statusCode === 409)).toBe(true);
  }, 120_000);
});
