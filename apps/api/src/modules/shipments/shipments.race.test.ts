import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { serverErrors } from '../../test/races.js';
import { staffSession } from '../../test/staff.js';

// On PostgreSQL (TEST_DATABASE_URL) the pool runs these requests as truly parallel transactions; on
// PGlite they queue on its single connection, and the same checks still hold.

let shop: TestShop;
let korea: Auth;
let owner: { authorization: string; id: string };
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  owner = await staffSession(shop, 'ship-race-owner@kshop.example', 'OWNER');
});
afterAll(() => shop?.close());

const admin = (url: string, payload: object) =>
  shop.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers: owner, payload });

async function preparingOrder(optionId: string, quantity: number) {
  const res = await placeOrder(
    shop,
    korea,
    await orderPayload(shop, 'KRW', [{ productOptionUuid: optionId, quantity }]),
  );
  expect(res.statusCode, res.body).toBe(200);
  const { uuid, orderNumber } = body(res).data as { uuid: string; orderNumber: string };
  await admin(`/orders/${orderNumber}/person-in-charge`, { staffId: owner.id });
  for (const status of ['CONFIRMED', 'PAID', 'PREPARING'])
    expect((await admin(`/orders/${orderNumber}/status`, { status })).statusCode).toBe(200);
  const [line] = await queryRows<{ id: string }>(
    shop.db,
    sql`select id from order_details where order_id = ${uuid}::uuid`,
  );
  return { uuid, orderNumber, line: line!.id };
}

/** The option's stock and hold, with what its open orders still hold: ordered but not yet shipped. */
const stockRow = async (optionId: string) =>
  (
    await queryRows<{ stock: number; hold: number; open: number; shipped: number }>(
      shop.db,
      sql`
        select o.stock, o.hold_stock as hold,
          coalesce((select sum(d.quantity - d.shipped_quantity)::int from order_details d
            join orders r on r.id = d.order_id
            where d.product_option_id = o.id and r.status not in ('SHIPPED', 'DELIVERED', 'CANCELLED')), 0) as open,
          coalesce((select sum(d.shipped_quantity)::int from order_details d
            where d.product_option_id = o.id), 0) as shipped
        from product_options o where o.id = ${optionId}::uuid`,
    )
  )[0]!;

describe('shipments racing each other and orders', () => {
  it('two shipments of the same open quantity: one wins, the other is refused, stock and holds stay exact', async () => {
    const option = await stockedOption(shop, 1_000);
    for (let round = 0; round < 6; round++) {
      const placed = await preparingOrder(option.id, 5);
      const parcel = (tracking: string) =>
        admin(`/orders/${placed.uuid}/shipments`, {
          carrier: 'CJ대한통운',
          trackingNumber: tracking,
          lines: [{ orderDetailId: placed.line, quantity: 5 }],
        });
      const answers = await Promise.all([
        parcel(`R${round}-A`),
        placeOrder(
          shop,
          korea,
          await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
        ),
        parcel(`R${round}-B`),
        admin(`/orders/${placed.uuid}/shipments`, {
          carrier: 'DHL',
          trackingNumber: `R${round}-C`,
          lines: [{ orderDetailId: placed.line, quantity: 2 }],
        }),
      ]);
      expect(serverErrors(answers)).toEqual([]);
      const shipped = [answers[0]!, answers[2]!, answers[3]!].filter((a) => a.statusCode === 200);
      const refused = [answers[0]!, answers[2]!, answers[3]!].filter((a) => a.statusCode === 409);
      expect(shipped.length + refused.length).toBe(3);
      // Either one whole parcel won, or the partial one did and no whole one fits after it.
      expect(shipped.length).toBe(1);
      const [row] = await queryRows<{ shipped: number; parcels: number; status: string }>(
        shop.db,
        sql`select d.shipped_quantity as shipped, r.status,
              (select count(*)::int from shipments s where s.order_id = r.id) as parcels
            from order_details d join orders r on r.id = d.order_id where r.id = ${placed.uuid}::uuid`,
      );
      expect(row!.parcels).toBe(1);
      expect([2, 5]).toContain(row!.shipped);
      expect(row!.status).toBe(row!.shipped === 5 ? 'SHIPPED' : 'PREPARING');
    }
    const now = await stockRow(option.id);
    // Every piece either left (stock fell by it) or is still held for an open order.
    expect(now.hold).toBe(now.open);
    expect(now.stock).toBe(1_000 - now.shipped);
    expect(now.stock).toBeGreaterThanOrEqual(now.hold);
  });
});
