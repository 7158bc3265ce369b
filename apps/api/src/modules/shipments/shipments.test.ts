import { SHIPMENT_RULES } from '@kshop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  orderChanges,
  orderDetails,
  orderStatusHistory,
  orders,
  productOptions,
  shipments,
} from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, foldedProduct, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';
import { moveOrder } from '../orders/status-moves.js';

let shop: TestShop;
let korea: Auth;
let global: Auth;
let owner: { authorization: string; id: string };
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  owner = await staffSession(shop, 'ship-owner@kshop.example', 'OWNER');
});
afterAll(() => shop?.close());

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization: owner.authorization },
    ...(payload ? { payload } : {}),
  });
const move = (orderNumber: string, status: string, extra: object = {}) =>
  admin('POST', `/orders/${orderNumber}/status`, { status, ...extra });

type Placed = Awaited<ReturnType<typeof newOrder>>;

/** An order of two options (5 and 3 pieces out of 20 and 10 in stock), moved on to `status`. */
async function newOrder(status: 'PENDING' | 'CONFIRMED' | 'PAID' | 'PREPARING' = 'PREPARING') {
  const a = await stockedOption(shop, 20);
  const b = await stockedOption(shop, 10);
  const res = await placeOrder(
    shop,
    korea,
    await orderPayload(shop, 'KRW', [
      { productOptionUuid: a.id, quantity: 5 },
      { productOptionUuid: b.id, quantity: 3 },
    ]),
  );
  expect(res.statusCode).toBe(200);
  const { uuid, orderNumber } = body(res).data as { uuid: string; orderNumber: string };
  const path = ['CONFIRMED', 'PAID', 'PREPARING'];
  if (status !== 'PENDING') {
    await admin('POST', `/orders/${orderNumber}/person-in-charge`, { staffId: owner.id });
    for (const s of path.slice(0, path.indexOf(status) + 1))
      expect((await move(orderNumber, s)).statusCode).toBe(200);
  }
  const details = await shop.db.select().from(orderDetails).where(eq(orderDetails.orderId, uuid));
  const lineOf = (optionId: string) => details.find((d) => d.productOptionId === optionId)!.id;
  return { uuid, orderNumber, a, b, lineA: lineOf(a.id), lineB: lineOf(b.id) };
}

const ship = (placed: Placed, lines: { orderDetailId: string; quantity: number }[], tracking = 'TRK-1') =>
  admin('POST', `/orders/${placed.uuid}/shipments`, {
    carrier: 'CJ Logistics',
    trackingNumber: tracking,
    lines,
  });

const optionRow = async (id: string) =>
  (await shop.db.select().from(productOptions).where(eq(productOptions.id, id)))[0]!;
const stockOf = async (placed: Placed) => {
  const [a, b] = [await optionRow(placed.a.id), await optionRow(placed.b.id)];
  return { a: [a.stock, a.holdStock], b: [b.stock, b.holdStock] };
};
const statusOf = async (uuid: string) =>
  (await shop.db.select({ status: orders.status }).from(orders).where(eq(orders.id, uuid)))[0]!.status;
const shippedOf = async (uuid: string) =>
  (await shop.db.select().from(orderDetails).where(eq(orderDetails.orderId, uuid)))
    .map((d) => [d.productOptionId, d.shippedQuantity])
    .sort();
/** Everything a refused shipment must leave as it was. */
const snapshot = async (placed: Placed) => ({
  stock: await stockOf(placed),
  status: await statusOf(placed.uuid),
  shipped: await shippedOf(placed.uuid),
  shipments: (await shop.db.select().from(shipments).where(eq(shipments.orderId, placed.uuid))).length,
  changes: (await shop.db.select().from(orderChanges).where(eq(orderChanges.orderId, placed.uuid))).length,
  audits: (
    await shop.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(eq(auditLog.entityId, placed.orderNumber))
  )[0]!.n,
});
const historyOf = (uuid: string) =>
  shop.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, uuid))
    .orderBy(orderStatusHistory.id);

describe('shipping in parcels', () => {
  it('takes stock for what ships, stays PREPARING after the first parcel and reaches SHIPPED after the second', async () => {
    const placed = await newOrder();
    expect(await stockOf(placed)).toEqual({ a: [20, 5], b: [10, 3] });

    const first = await ship(placed, [
      { orderDetailId: placed.lineA, quantity: 2 },
      { orderDetailId: placed.lineB, quantity: 3 },
    ]);
    expect(first.statusCode).toBe(200);
    expect(body(first).data).toMatchObject({ status: 'PREPARING', complete: false });
    expect(await stockOf(placed)).toEqual({ a: [18, 3], b: [7, 0] });
    expect(await statusOf(placed.uuid)).toBe('PREPARING');
    expect((await historyOf(placed.uuid)).map((h) => h.toStatus)).toEqual(['CONFIRMED', 'PAID', 'PREPARING']);

    // Staff see the parcel, the open quantities and a SHIPMENT entry in the timeline.
    let detail = body(await admin('GET', `/orders/${placed.orderNumber}`)).data;
    expect(detail.shipments).toHaveLength(1);
    expect(detail.shipments[0]).toMatchObject({ carrier: 'CJ Logistics', trackingNumber: 'TRK-1' });
    const shippedA = detail.orderDetails.find(
      (d: { orderDetailUuid: string }) => d.orderDetailUuid === placed.lineA,
    );
    expect(shippedA).toMatchObject({ quantity: 5, shippedQuantity: 2 });
    const [change] = await shop.db.select().from(orderChanges).where(eq(orderChanges.orderId, placed.uuid));
    expect(change).toMatchObject({ kind: 'SHIPMENT', staffId: owner.id });
    expect((change!.detail as { trackingNumber: string }).trackingNumber).toBe('TRK-1');

    // The buyer hears of the parcel: carrier, tracking number, lines and what is still open.
    const partial = await shop.smtp.waitFor(
      (m) => m.subject === `Order ${placed.orderNumber}: part of your order has shipped`,
    );
    expect(partial.to).toContain(DEMO.korea.toLowerCase());
    expect(partial.raw).toContain('TRK-1');
    expect(partial.raw).toContain('Still to ship');

    const second = await ship(placed, [{ orderDetailId: placed.lineA, quantity: 3 }], 'TRK-2');
    expect(body(second).data).toMatchObject({ status: 'SHIPPED', complete: true });
    expect(await stockOf(placed)).toEqual({ a: [15, 0], b: [7, 0] });
    expect(await statusOf(placed.uuid)).toBe('SHIPPED');
    const history = await historyOf(placed.uuid);
    expect(history.at(-1)).toMatchObject({ fromStatus: 'PREPARING', toStatus: 'SHIPPED', staffId: owner.id });
    detail = body(await admin('GET', `/orders/${placed.orderNumber}`)).data;
    expect(detail.shipments.map((s: { trackingNumber: string }) => s.trackingNumber)).toEqual([
      'TRK-1',
      'TRK-2',
    ]);
    expect(detail.changes.filter((c: { kind: string }) => c.kind === 'SHIPMENT')).toHaveLength(2);

    // The SHIPPED e-mail names both parcels.
    const shipped = await shop.smtp.waitFor((m) => m.subject === `Order ${placed.orderNumber}: Shipped`);
    expect(shipped.raw).toContain('TRK-1');
    expect(shipped.raw).toContain('TRK-2');

    // Delivering later takes no stock again.
    expect((await move(placed.orderNumber, 'DELIVERED')).statusCode).toBe(200);
    expect(await stockOf(placed)).toEqual({ a: [15, 0], b: [7, 0] });
  });

  it('refuses over-shipping, unknown or repeated lines and missing carrier or tracking, changing nothing', async () => {
    const placed = await newOrder();
    expect((await ship(placed, [{ orderDetailId: placed.lineA, quantity: 2 }])).statusCode).toBe(200);
    const before = await snapshot(placed);

    const tooMany = await ship(placed, [{ orderDetailId: placed.lineA, quantity: 4 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(body(tooMany).message).toMatch(/Only 3 of .* left to ship\./);
    const other = await newOrder('PENDING');
    const cases: [object, number, string?][] = [
      [
        { carrier: 'DHL', trackingNumber: 'X', lines: [{ orderDetailId: other.lineA, quantity: 1 }] },
        400,
        SHIPMENT_RULES.unknownLine,
      ],
      [
        {
          carrier: 'DHL',
          trackingNumber: 'X',
          lines: [
            { orderDetailId: placed.lineB, quantity: 1 },
            { orderDetailId: placed.lineB, quantity: 1 },
          ],
        },
        400,
        SHIPMENT_RULES.duplicateLine,
      ],
      [
        { carrier: '  ', trackingNumber: 'X', lines: [{ orderDetailId: placed.lineB, quantity: 1 }] },
        400,
        SHIPMENT_RULES.carrierRequired,
      ],
      [
        { carrier: 'DHL', trackingNumber: '', lines: [{ orderDetailId: placed.lineB, quantity: 1 }] },
        400,
        SHIPMENT_RULES.trackingRequired,
      ],
      [{ carrier: 'DHL', trackingNumber: 'X', lines: [] }, 400, SHIPMENT_RULES.linesRequired],
      [{ carrier: 'DHL', trackingNumber: 'X', lines: [{ orderDetailId: placed.lineB, quantity: 0 }] }, 400],
      [{ carrier: 'DHL', trackingNumber: 'X', lines: [{ orderDetailId: placed.lineB, quantity: 1.5 }] }, 400],
      [
        {
          carrier: 'D'.repeat(61),
          trackingNumber: 'X',
          lines: [{ orderDetailId: placed.lineB, quantity: 1 }],
        },
        400,
      ],
      [{ carrier: 'DHL', trackingNumber: 'X', lines: [{ orderDetailId: 'nope', quantity: 1 }] }, 400],
      [
        { carrier: 'DHL', trackingNumber: 'X\u0000', lines: [{ orderDetailId: placed.lineB, quantity: 1 }] },
        400,
      ],
    ];
    for (const [payload, status, message] of cases) {
      const res = await admin('POST', `/orders/${placed.uuid}/shipments`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      if (message) expect(body(res).message).toBe(message);
    }
    expect((await admin('POST', `/orders/${crypto.randomUUID()}/shipments`, cases[0]![0])).statusCode).toBe(
      404,
    );
    expect((await admin('POST', '/orders/not-a-uuid/shipments', cases[0]![0])).statusCode).toBe(400);
    expect(await snapshot(placed)).toEqual(before);
  });

  it('refuses shipping a PENDING, CANCELLED or DELIVERED order and ships from CONFIRMED straight to SHIPPED', async () => {
    const pending = await newOrder('PENDING');
    const cancelled = await newOrder('PAID');
    expect((await move(cancelled.orderNumber, 'CANCELLED', { reason: 'Buyer asked.' })).statusCode).toBe(200);
    const delivered = await newOrder();
    for (const s of ['SHIPPED', 'DELIVERED'])
      expect((await move(delivered.orderNumber, s)).statusCode).toBe(200);
    for (const [placed, status] of [
      [pending, 'PENDING'],
      [cancelled, 'CANCELLED'],
      [delivered, 'DELIVERED'],
    ] as const) {
      const before = await snapshot(placed);
      const res = await ship(placed, [{ orderDetailId: placed.lineA, quantity: 1 }]);
      expect(body(res)).toEqual({
        statusCode: 409,
        message: SHIPMENT_RULES.notShippable(status),
        data: null,
      });
      expect(await snapshot(placed)).toEqual(before);
    }

    const confirmed = await newOrder('CONFIRMED');
    const all = await ship(confirmed, [
      { orderDetailId: confirmed.lineA, quantity: 5 },
      { orderDetailId: confirmed.lineB, quantity: 3 },
    ]);
    expect(body(all).data).toMatchObject({ status: 'SHIPPED', complete: true });
    expect((await historyOf(confirmed.uuid)).at(-1)).toMatchObject({
      fromStatus: 'CONFIRMED',
      toStatus: 'SHIPPED',
    });
    expect(await stockOf(confirmed)).toEqual({ a: [15, 0], b: [7, 0] });
  });
});

describe('open quantities after a line edit', () => {
  it("the order staff read after a cut gives each line's open rest, and a parcel of exactly that ships", async () => {
    const placed = await newOrder();
    expect((await ship(placed, [{ orderDetailId: placed.lineA, quantity: 1 }])).statusCode).toBe(200);
    const cut = await shop.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/orders/${placed.uuid}/lines/${placed.lineA}`,
      headers: { authorization: owner.authorization },
      payload: { quantity: 4 },
    });
    expect(cut.statusCode).toBe(200);

    const detail = body(await admin('GET', `/orders/${placed.orderNumber}`)).data;
    const open = Object.fromEntries(
      detail.orderDetails.map((d: { orderDetailUuid: string; quantity: number; shippedQuantity: number }) => [
        d.orderDetailUuid,
        d.quantity - d.shippedQuantity,
      ]),
    );
    expect(open).toEqual({ [placed.lineA]: 3, [placed.lineB]: 3 });
    const rest = await ship(
      placed,
      Object.entries(open).map(([orderDetailId, quantity]) => ({
        orderDetailId,
        quantity: quantity as number,
      })),
      'TRK-REST',
    );
    expect(body(rest).data).toMatchObject({ status: 'SHIPPED', complete: true });
    expect(await stockOf(placed)).toEqual({ a: [16, 0], b: [7, 0] });
  });
});

describe('status moves after a partial shipment', () => {
  it('moving to SHIPPED takes only the rest, recorded as the last parcel with its carrier and tracking', async () => {
    const placed = await newOrder();
    await ship(placed, [{ orderDetailId: placed.lineA, quantity: 4 }]);
    expect(await stockOf(placed)).toEqual({ a: [16, 1], b: [10, 3] });
    // Carrier and tracking go with SHIPPED only.
    expect((await move(placed.orderNumber, 'DELIVERED', { carrier: 'DHL' })).statusCode).toBe(400);

    const res = await move(placed.orderNumber, 'SHIPPED', { carrier: 'DHL', trackingNumber: 'DHL-99' });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(placed)).toEqual({ a: [15, 0], b: [7, 0] });
    expect(await shippedOf(placed.uuid)).toEqual(
      [
        [placed.a.id, 5],
        [placed.b.id, 3],
      ].sort(),
    );
    const rows = await shop.db.select().from(shipments).where(eq(shipments.orderId, placed.uuid));
    expect(rows.map((r) => r.trackingNumber).sort()).toEqual(['DHL-99', 'TRK-1']);
    const mail = await shop.smtp.waitFor((m) => m.subject === `Order ${placed.orderNumber}: Shipped`);
    expect(mail.raw).toContain('DHL-99');
    expect(mail.raw).toContain('TRK-1');
  });

  it('a plain move to SHIPPED (no carrier) still works and records the rest without tracking', async () => {
    const placed = await newOrder();
    await moveOrder(shop.db, placed.orderNumber, 'SHIPPED');
    expect(await stockOf(placed)).toEqual({ a: [15, 0], b: [7, 0] });
    const [row] = await shop.db.select().from(shipments).where(eq(shipments.orderId, placed.uuid));
    expect(row).toMatchObject({ carrier: '', trackingNumber: '', staffId: null });
  });

  it('cancelling after a partial shipment releases only the unshipped hold and keeps the shipped sale', async () => {
    const placed = await newOrder();
    const salesOf = async () => (await foldedProduct(shop, placed.a.product.id)).totalSalesQuantity;
    await ship(placed, [{ orderDetailId: placed.lineA, quantity: 2 }]);
    const soldBefore = await salesOf();
    expect((await move(placed.orderNumber, 'CANCELLED', { reason: 'Rest out of print.' })).statusCode).toBe(
      200,
    );
    // 2 of A left for good; the 3 still held on A and the 3 on B go back.
    expect(await stockOf(placed)).toEqual({ a: [18, 0], b: [10, 0] });
    const sameProduct = placed.a.product.id === placed.b.product.id;
    expect(await salesOf()).toBe(soldBefore - 3 - (sameProduct ? 3 : 0));
  });
});

describe("a parcel's packing list", () => {
  it('is a PDF of that parcel, for staff only; an unknown or foreign parcel is 404', async () => {
    const placed = await newOrder();
    await ship(placed, [{ orderDetailId: placed.lineA, quantity: 2 }], 'TRK-PL1');
    await ship(placed, [{ orderDetailId: placed.lineB, quantity: 1 }], 'TRK-PL2');
    const [, second] = body(await admin('GET', `/orders/${placed.orderNumber}`)).data.shipments;
    const url = `/orders/${placed.uuid}/shipments/${second.shipmentUuid}/packing-list.pdf`;
    const pdf = await admin('GET', url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`packing-list-${placed.orderNumber}-2.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const other = await newOrder();
    const foreign = await admin(
      'GET',
      `/orders/${other.uuid}/shipments/${second.shipmentUuid}/packing-list.pdf`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(
      (await admin('GET', `/orders/${placed.uuid}/shipments/not-a-uuid/packing-list.pdf`)).statusCode,
    ).toBe(400);
    const byBuyer = await shop.app.inject({ url: `/api/v1/admin${url}`, headers: korea });
    expect(byBuyer.statusCode).toBe(401);
  });
});

describe('who sees the parcels', () => {
  it('shows the buyer carrier, tracking and shipped quantities; another buyer gets 404, a guest 401, a buyer on the staff route 401', async () => {
    const placed = await newOrder();
    await ship(placed, [{ orderDetailId: placed.lineB, quantity: 1 }], 'TRK-BUYER');
    const seen = await shop.app.inject({ url: `/api/v1/order/detail/${placed.uuid}`, headers: korea });
    expect(seen.statusCode).toBe(200);
    const data = body(seen).data;
    expect(data.shipments).toEqual([
      expect.objectContaining({
        carrier: 'CJ Logistics',
        trackingNumber: 'TRK-BUYER',
        lines: [expect.objectContaining({ orderDetailUuid: placed.lineB, quantity: 1 })],
      }),
    ]);
    expect(
      data.orderDetails.map((d: { orderDetailUuid: string; shippedQuantity: number }) => [
        d.orderDetailUuid,
        d.shippedQuantity,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [placed.lineB, 1],
        [placed.lineA, 0],
      ]),
    );

    const foreign = await shop.app.inject({ url: `/api/v1/order/detail/${placed.uuid}`, headers: global });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('TRK-BUYER');
    const guest = await shop.app.inject({ url: `/api/v1/order/detail/${placed.uuid}` });
    expect(guest.statusCode).toBe(401);

    const payload = {
      carrier: 'DHL',
      trackingNumber: 'X',
      lines: [{ orderDetailId: placed.lineA, quantity: 1 }],
    };
    const byBuyer = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${placed.uuid}/shipments`,
      headers: korea,
      payload,
    });
    expect(byBuyer.statusCode).toBe(401);
    const byGuest = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${placed.uuid}/shipments`,
      payload,
    });
    expect(byGuest.statusCode).toBe(401);
    expect(
      await shop.db
        .select()
        .from(shipments)
        .where(and(eq(shipments.orderId, placed.uuid), eq(shipments.carrier, 'DHL'))),
    ).toEqual([]);
  });
});
