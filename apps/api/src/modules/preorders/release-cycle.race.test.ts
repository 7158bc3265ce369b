import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderChanges, orderDetails, productOptions, products } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { rowsOf } from '../../test/database-watch.js';
import { serverErrors } from '../../test/races.js';
import { staffSession } from '../../test/staff.js';

// On PostgreSQL (TEST_DATABASE_URL) the pool runs these requests as truly parallel transactions; on PGlite they
// queue on its single connection, and the same checks still hold.

let shop: TestShop;
let korea: Auth;
let global: Auth;
let clerk: { authorization: string; id: string };
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  clerk = await staffSession(shop, 'release-race@kshop.example');
});
afterAll(() => shop?.close());

/** Per pre-order option: its count, what the open orders' lines add up to, and each buyer's total beside them. */
async function counts(optionId: string) {
  const [row] = await rowsOf<{ taken: number; lines: number; drifted: number }>(
    shop.db,
    sql`
    select o.preorder_taken as taken,
      (select coalesce(sum(d.quantity), 0)::int from order_details d join orders x on x.id = d.order_id
        where d.product_option_id = o.id and d.preorder and x.status <> 'CANCELLED') as lines,
      (select count(*)::int from (
        select b.id, coalesce(t.quantity, 0) as kept,
          (select coalesce(sum(d.quantity), 0) from order_details d join orders x on x.id = d.order_id
            where d.product_option_id = o.id and d.preorder and x.status <> 'CANCELLED' and x.buyer_id = b.id) as summed
        from buyers b left join preorder_buyer_totals t on t.buyer_id = b.id and t.product_option_id = o.id
      ) per where per.kept <> per.summed) as drifted
    from product_options o where o.id = ${optionId}::uuid`,
  );
  return row!;
}

async function preorderOption(cap: number | null, buyerCap: number | null) {
  const option = await stockedOption(shop, 0);
  await shop.db.update(products).set({ preorder: true }).where(eq(products.id, option.productId));
  await shop.db
    .update(productOptions)
    .set({ preorderCap: cap, preorderBuyerCap: buyerCap })
    .where(eq(productOptions.id, option.id));
  return option;
}

describe('pre-orders racing at the cap', () => {
  it('takes never more than the cap in all nor a company more than its cap, whoever orders at once', async () => {
    const option = await preorderOption(12, 7);
    const payload = {
      KRW: await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
      USD: await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 1 }]),
    };
    // Twenty orders of one piece from each company at once: 12 fit in all, 7 per company.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => [
        placeOrder(shop, korea, payload.KRW),
        placeOrder(shop, global, payload.USD),
      ]).flat(),
    );
    expect(serverErrors(answers)).toEqual([]);
    const placed = answers.filter((a) => a.statusCode === 200);
    expect(placed).toHaveLength(12);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.statusCode)).toEqual(Array(28).fill(400));
    const after = await counts(option.id);
    expect(after).toEqual({ taken: 12, lines: 12, drifted: 0 });
    const [mine] = await rowsOf<{ n: number }>(
      shop.db,
      sql`select max(quantity)::int as n from preorder_buyer_totals where product_option_id = ${option.id}::uuid`,
    );
    expect(mine!.n).toBeLessThanOrEqual(7);
  });

  it('a cancellation racing new orders gives back exactly what it took', async () => {
    const option = await preorderOption(6, null);
    const first = body(
      await placeOrder(
        shop,
        korea,
        await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 6 }]),
      ),
    ).data;
    const payload = await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 2 }]);
    const cancel = shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${first.orderNumber}/status`,
      headers: clerk,
      payload: { status: 'CANCELLED', reason: 'Duplicate order' },
    });
    const answers = await Promise.all([
      cancel,
      ...Array.from({ length: 5 }, () => placeOrder(shop, global, payload)),
    ]);
    expect(serverErrors(answers)).toEqual([]);
    expect(answers[0]!.statusCode).toBe(200);
    const after = await counts(option.id);
    expect(after.drifted).toBe(0);
    expect(after.taken).toBe(after.lines);
    expect(after.taken).toBeLessThanOrEqual(6);
  });
});

describe('allocation racing', () => {
  const url = (optionId: string, path: string) => `/api/v1/admin/product-options/${optionId}/${path}`;
  const admin = (method: 'GET' | 'POST', path: string, payload?: object) =>
    shop.app.inject({ method, url: path, headers: clerk, ...(payload ? { payload } : {}) });
  const holds = async (optionId: string) => {
    const [row] = await rowsOf<{ hold: number; stock: number; allocated: number }>(
      shop.db,
      sql`select o.hold_stock as hold, o.stock,
        (select coalesce(sum(d.allocated_quantity - d.shipped_quantity), 0)::int from order_details d
          join orders x on x.id = d.order_id
          where d.product_option_id = o.id and d.preorder and x.status <> 'CANCELLED') as allocated
      from product_options o where o.id = ${optionId}::uuid`,
    );
    return row!;
  };

  it('two staff commit the same preview at once: one allocation, the other is told to look again', async () => {
    const option = await preorderOption(null, null);
    for (const auth of [korea, global, korea])
      await placeOrder(
        shop,
        auth,
        await orderPayload(shop, auth === korea ? 'KRW' : 'USD', [
          { productOptionUuid: option.id, quantity: 5 },
        ]),
      );
    const seen = body(await admin('POST', url(option.id, 'receipts'), { quantity: 9 })).data;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        admin('POST', url(option.id, 'allocation'), { rule: 'PRO_RATA', basis: seen.basis }),
      ),
    );
    expect(serverErrors(answers)).toEqual([]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await holds(option.id)).toEqual({ hold: 9, stock: 9, allocated: 9 });
  });

  it('new pre-orders and a cancellation racing a commit leave holds and allocations in step', async () => {
    const option = await preorderOption(null, null);
    const first = body(
      await placeOrder(
        shop,
        korea,
        await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 6 }]),
      ),
    ).data;
    await placeOrder(
      shop,
      global,
      await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 6 }]),
    );
    const seen = body(await admin('POST', url(option.id, 'receipts'), { quantity: 8 })).data;
    const payload = await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 1 }]);
    const answers = await Promise.all([
      admin('POST', url(option.id, 'allocation'), { rule: 'FIRST_COME', basis: seen.basis }),
      ...Array.from({ length: 4 }, () => placeOrder(shop, global, payload)),
      admin('POST', `/api/v1/admin/orders/${first.orderNumber}/status`, {
        status: 'CANCELLED',
        reason: 'The buyer cancelled',
      }),
    ]);
    expect(serverErrors(answers)).toEqual([]);
    // The commit either ran on the figures it was previewed on, or was told they changed.
    expect([200, 409]).toContain(answers[0]!.statusCode);
    const after = await holds(option.id);
    expect(after.hold).toBe(after.allocated);
    expect(after.hold).toBeLessThanOrEqual(after.stock);
    expect(await counts(option.id)).toMatchObject({ drifted: 0 });
    const { taken, lines } = await counts(option.id);
    expect(taken).toBe(lines);
  });

  it('receipts at once that together fill every waiting line allocate each line exactly once', async () => {
    const option = await preorderOption(null, null);
    const placed: string[] = [];
    for (const [auth, quantity] of [
      [korea, 5],
      [global, 5],
      [korea, 4],
    ] as const) {
      const res = await placeOrder(
        shop,
        auth,
        await orderPayload(shop, auth === korea ? 'KRW' : 'USD', [
          { productOptionUuid: option.id, quantity },
        ]),
      );
      placed.push(body(res).data.uuid);
    }
    // 14 wanted; three receipts of 6 at once: whichever comes second fills every line, the third finds none.
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => admin('POST', url(option.id, 'receipts'), { quantity: 6 })),
    );
    expect(serverErrors(answers)).toEqual([]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const filled = answers.map((a) => body(a).data.allocatedOnReceipt).filter(Boolean);
    expect(filled).toEqual([{ lines: 3, units: 14 }]);
    expect(await holds(option.id)).toEqual({ hold: 14, stock: 18, allocated: 14 });
    const lines = await shop.db
      .select()
      .from(orderDetails)
      .where(eq(orderDetails.productOptionId, option.id));
    expect(lines.every((l) => l.allocatedQuantity === l.quantity && !l.backorder)).toBe(true);
    for (const orderId of placed) {
      const history = await shop.db.select().from(orderChanges).where(eq(orderChanges.orderId, orderId));
      expect(history.filter((c) => c.kind === 'ALLOCATED')).toHaveLength(1);
    }
  });
});
