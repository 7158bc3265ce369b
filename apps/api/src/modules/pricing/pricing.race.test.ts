import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyers, orderDetails, orders, priceGroups } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { receiver, stockedOption } from '../../test/buying.js';
import { serverErrors } from '../../test/races.js';
import { staffSession } from '../../test/staff.js';

// On PostgreSQL (TEST_DATABASE_URL) the pool runs these requests as truly parallel transactions; on
// PGlite they queue on its single connection, and the same checks still hold.

let shop: TestShop;
let staff: { authorization: string; id: string };
let korea: { authorization: string };
let koreaId: string;
beforeAll(async () => {
  shop = await createTestShop();
  staff = await staffSession(shop, 'pricing-race@kshop.example');
  korea = await shop.loginAs(DEMO.korea);
  koreaId = (await shop.db.select().from(buyers).where(eq(buyers.email, DEMO.korea)))[0]!.id;
});
afterAll(() => shop?.close());

const admin = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  shop.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization: staff.authorization },
    ...(payload ? { payload } : {}),
  });

let groups = 0;
const newGroup = async (discountPercent: number) =>
  body(await admin('POST', '/price-groups', { name: `Race ${++groups}`, discountPercent })).data.id as number;

describe('price groups under concurrent changes', () => {
  it('a group deleted while a buyer moves into it: one of them wins, nothing half done, no 500', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await newGroup(5);
      const answers = await Promise.all([
        admin('PUT', `/buyers/${koreaId}/price-group`, { priceGroupId: id }),
        admin('DELETE', `/price-groups/${id}`),
      ]);
      expect(serverErrors(answers)).toEqual([]);
      const [moved, deleted] = answers.map((a) => a.statusCode);
      const [buyer] = await shop.db.select().from(buyers).where(eq(buyers.id, koreaId));
      const exists = (await shop.db.select().from(priceGroups).where(eq(priceGroups.id, id))).length === 1;
      if (deleted === 200) {
        expect(exists).toBe(false);
        expect(moved).toBe(400);
        expect(buyer!.priceGroupId).toBe(1);
      } else {
        expect(deleted).toBe(409);
        expect(moved).toBe(200);
        expect(buyer!.priceGroupId).toBe(id);
      }
      expect((await admin('PUT', `/buyers/${koreaId}/price-group`, { priceGroupId: 1 })).statusCode).toBe(
        200,
      );
    }
  });

  it('tiers replaced at once by several staff end as one of the sets asked for', async () => {
    const option = await stockedOption(shop, 100);
    const sets = [5, 6, 7, 8].map((p) => [
      { minQuantity: 10, discountPercent: p },
      { minQuantity: 20, discountPercent: p + 1 },
    ]);
    const answers = await Promise.all(
      sets.map((volumeTiers) => admin('PUT', `/product-options/${option.id}/volume-tiers`, { volumeTiers })),
    );
    expect(serverErrors(answers)).toEqual([]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const final = body(
      await shop.app.inject({
        method: 'GET',
        url: `/api/v1/admin/product-options/${option.id}/volume-tiers`,
        headers: { authorization: staff.authorization },
      }),
    ).data.volumeTiers;
    expect(sets).toContainEqual(final);
  });

  it('orders placed while the group percentage changes are written at the price the buyer agreed to, or refused', async () => {
    const option = await stockedOption(shop, 1_000, { priceKrw: 10_000, priceUsd: 800 });
    const id = await newGroup(10);
    await admin('PUT', `/buyers/${koreaId}/price-group`, { priceGroupId: id });
    try {
      const order = () =>
        shop.app.inject({
          method: 'POST',
          url: '/api/v1/order',
          headers: korea,
          payload: {
            currencyCode: 'KRW',
            finalPaymentAmount: 9_000,
            receiverInfo: receiver,
            productOptionList: [{ productOptionUuid: option.id, quantity: 1 }],
          },
        });
      const answers = await Promise.all([
        order(),
        admin('PATCH', `/price-groups/${id}`, { discountPercent: 20 }),
        order(),
      ]);
      expect(serverErrors(answers)).toEqual([]);
      for (const placed of [answers[0]!, answers[2]!]) {
        expect([200, 409]).toContain(placed.statusCode);
        if (placed.statusCode !== 200) continue;
        const [written] = await shop.db
          .select()
          .from(orders)
          .where(eq(orders.id, body(placed).data.uuid));
        const [line] = await shop.db.select().from(orderDetails).where(eq(orderDetails.orderId, written!.id));
        expect(written!.productAmount).toBe(9_000);
        expect(line!.unitPrice).toBe(9_000);
      }
    } finally {
      await admin('PUT', `/buyers/${koreaId}/price-group`, { priceGroupId: 1 });
    }
  });
});
