import { addDays } from '@kshop/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetails, products } from '../../db/schema.js';
import { koreanDate } from '../../lib/korean-day.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';

// Pre-ordered albums are owed to buyers from their release day: three days on, the dashboard lists what is late.

let shop: TestShop;
let korea: Auth;
let staff: Auth;
let owner: { authorization: string; id: string };
const today = koreanDate();

const admin = (url: string, payload: object) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/v1/admin${url}`,
    headers: { authorization: owner.authorization },
    payload,
  });

type Release = { productId: string; optionId: string };

/** A new album released `daysAgo` Korean days before today (set in the database: the form refuses the past). */
async function release(daysAgo: number): Promise<Release> {
  const created = await admin('/products', {
    title: `Late Pre-order Album ${daysAgo}`,
    vendor: 'Late Pre-order Entertainment',
    categoryId: 9,
    options: [
      { optionNameKey1: 'VERSION', optionNameValue1: 'Standard', priceKrw: 15000, priceUsd: 12, stock: 50 },
    ],
  });
  expect(created.statusCode, created.body).toBe(200);
  const product = body(created).data as { uuid: string; options: { uuid: string }[] };
  await shop.db
    .update(products)
    .set({ releaseDate: addDays(today, -daysAgo) })
    .where(eq(products.id, product.uuid));
  return { productId: product.uuid, optionId: product.options[0]!.uuid };
}

/** An order of `quantity` units of each release, its lines marked as pre-ordered, moved on to `status`. */
async function preorder(releases: Release[], quantity: number, status = 'PAID') {
  const res = await placeOrder(
    shop,
    korea,
    await orderPayload(
      shop,
      'KRW',
      releases.map((r) => ({ productOptionUuid: r.optionId, quantity })),
    ),
  );
  expect(res.statusCode, res.body).toBe(200);
  const placed = body(res).data as { uuid: string; orderNumber: string };
  // Placed from stock and marked pre-order: the stock the lines hold stands for goods allocated to them.
  await shop.db
    .update(orderDetails)
    .set({ preorder: true, allocatedQuantity: sql`${orderDetails.quantity}` })
    .where(eq(orderDetails.orderId, placed.uuid));
  await admin(`/orders/${placed.orderNumber}/person-in-charge`, { staffId: owner.id });
  const path = ['CONFIRMED', 'PAID', 'PREPARING'];
  const target = status === 'CANCELLED' ? 'CONFIRMED' : status;
  for (const s of path.slice(0, path.indexOf(target) + 1))
    expect((await admin(`/orders/${placed.orderNumber}/status`, { status: s })).statusCode).toBe(200);
  if (status === 'CANCELLED')
    expect(
      (await admin(`/orders/${placed.orderNumber}/status`, { status: 'CANCELLED', reason: 'Test' }))
        .statusCode,
    ).toBe(200);
  return placed;
}

let threeDays: Release;
let tenDays: Release;
let twoDays: Release;
let lateOrder: { uuid: string; orderNumber: string };
let olderOrder: { uuid: string; orderNumber: string };

beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  staff = await staffSession(shop, 'late-desk@kshop.example', 'STAFF');
  owner = await staffSession(shop, 'late-owner@kshop.example', 'OWNER');
  threeDays = await release(3);
  tenDays = await release(10);
  twoDays = await release(2);

  // Late: 4 units three days after release, 2 of them shipped; and 5 units ten days after.
  lateOrder = await preorder([threeDays, twoDays], 4, 'PREPARING');
  const [line] = await shop.db
    .select()
    .from(orderDetails)
    .where(eq(orderDetails.orderId, lateOrder.uuid))
    .then((lines) => lines.filter((l) => l.productOptionId === threeDays.optionId));
  const shipped = await admin(`/orders/${lateOrder.uuid}/shipments`, {
    carrier: 'CJ Logistics',
    trackingNumber: 'TRK-LATE',
    lines: [{ orderDetailId: line!.id, quantity: 2 }],
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  olderOrder = await preorder([tenDays], 5);
  // Not late: cancelled; a line not pre-ordered; every unit shipped (the order is SHIPPED).
  await preorder([tenDays], 1, 'CANCELLED');
  const ordinary = await preorder([threeDays], 3);
  await shop.db.update(orderDetails).set({ preorder: false }).where(eq(orderDetails.orderId, ordinary.uuid));
  const done = await preorder([tenDays], 2, 'PREPARING');
  const [doneLine] = await shop.db.select().from(orderDetails).where(eq(orderDetails.orderId, done.uuid));
  expect(
    (
      await admin(`/orders/${done.uuid}/shipments`, {
        carrier: 'CJ Logistics',
        trackingNumber: 'TRK-DONE',
        lines: [{ orderDetailId: doneLine!.id, quantity: 2 }],
      })
    ).statusCode,
  ).toBe(200);
});
afterAll(() => shop?.close());

describe('pre-orders not shipped three days after release', () => {
  it('lists open pre-ordered units per order and product, oldest release first, from the third day on', async () => {
    const res = await shop.app.inject({ url: '/api/v1/admin/dashboard', headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    const mine = [threeDays, tenDays, twoDays].map((r) => r.productId);
    const late = body(res).data.latePreorders.filter((r: { productUuid: string }) =>
      mine.includes(r.productUuid),
    );
    const titles = await shop.db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(inArray(products.id, mine));
    const title = (r: Release) => titles.find((t) => t.id === r.productId)!.title;
    expect(late).toEqual([
      {
        orderUuid: olderOrder.uuid,
        orderNumber: olderOrder.orderNumber,
        companyName: expect.any(String),
        productUuid: tenDays.productId,
        title: title(tenDays),
        openUnits: 5,
        releaseDate: addDays(today, -10),
      },
      {
        orderUuid: lateOrder.uuid,
        orderNumber: lateOrder.orderNumber,
        companyName: expect.any(String),
        productUuid: threeDays.productId,
        title: title(threeDays),
        openUnits: 2,
        releaseDate: addDays(today, -3),
      },
    ]);
  });
});
