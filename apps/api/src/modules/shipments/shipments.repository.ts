import type { ShipmentView } from '@kshop/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderChanges, orderDetails, orders, shipmentLines, shipments } from '../../db/schema.js';

/** Locks the order row (level 3 of the lock order) for a shipment. */
export async function lockOrderById(db: Executor, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  return row ?? null;
}

/**
 * Adds `quantity` to what a line has shipped. The condition keeps it within the ordered quantity even if a
 * caller's check were wrong; answers whether the line took it.
 */
export async function addShipped(db: Executor, orderDetailId: string, quantity: number) {
  const rows = await db
    .update(orderDetails)
    .set({ shippedQuantity: sql`${orderDetails.shippedQuantity} + ${quantity}` })
    .where(
      and(
        eq(orderDetails.id, orderDetailId),
        sql`${orderDetails.shippedQuantity} + ${quantity} <= ${orderDetails.quantity}`,
      ),
    )
    .returning({ id: orderDetails.id });
  return rows.length === 1;
}

export type ShipmentRecord = {
  orderId: string;
  carrier: string;
  trackingNumber: string;
  staffId: string | null;
  /** The lines as they read now, with the quantity in this parcel. */
  lines: {
    orderDetailId: string;
    productTitle: string;
    optionNameValue1: string;
    optionNameValue2: string | null;
    quantity: number;
  }[];
};

/**
 * Writes a parcel (level 6 of the lock order, after the order, products and options): the shipment, its
 * lines and the order's SHIPMENT history entry. Answers the shipment's id.
 */
export async function recordShipment(db: Executor, s: ShipmentRecord): Promise<string> {
  const [row] = await db
    .insert(shipments)
    .values({ orderId: s.orderId, carrier: s.carrier, trackingNumber: s.trackingNumber, staffId: s.staffId })
    .returning({ id: shipments.id });
  const shipmentId = row!.id;
  await db
    .insert(shipmentLines)
    .values(s.lines.map((l) => ({ shipmentId, orderDetailId: l.orderDetailId, quantity: l.quantity })));
  await db.insert(orderChanges).values({
    orderId: s.orderId,
    kind: 'SHIPMENT',
    staffId: s.staffId,
    detail: {
      shipmentUuid: shipmentId,
      carrier: s.carrier,
      trackingNumber: s.trackingNumber,
      lines: s.lines.map((l) => ({
        orderDetailUuid: l.orderDetailId,
        productTitle: l.productTitle,
        optionNameValue1: l.optionNameValue1,
        optionNameValue2: l.optionNameValue2,
        quantity: l.quantity,
      })),
      summary: shipmentSummary(s.carrier, s.trackingNumber, s.lines),
    },
  });
  return shipmentId;
}

const lineLabel = (l: { productTitle: string; optionNameValue1: string; optionNameValue2: string | null }) =>
  [l.productTitle, l.optionNameValue1, l.optionNameValue2].filter(Boolean).join(' / ');

/** The one sentence a shipment reads as in the staff timeline. */
export function shipmentSummary(
  carrier: string,
  trackingNumber: string,
  lines: ShipmentRecord['lines'],
): string {
  const what = lines.map((l) => `${lineLabel(l)} × ${l.quantity}`).join(', ');
  const via = carrier || trackingNumber ? ` via ${carrier || 'carrier not given'}` : '';
  const tracking = trackingNumber ? ` (tracking ${trackingNumber})` : '';
  return `Shipped ${what}${via}${tracking}`;
}

/** The parcels of the given orders, oldest first, each with its lines as the order reads now. */
export async function shipmentsOf(
  db: Executor,
  orderIds: string[],
): Promise<(ShipmentView & { orderId: string })[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ shipment: shipments, line: shipmentLines, detail: orderDetails })
    .from(shipments)
    .innerJoin(shipmentLines, eq(shipmentLines.shipmentId, shipments.id))
    .innerJoin(orderDetails, eq(orderDetails.id, shipmentLines.orderDetailId))
    .where(inArray(shipments.orderId, orderIds))
    .orderBy(asc(shipments.createdAt), asc(shipments.id), asc(orderDetails.position), asc(orderDetails.id));
  const byId = new Map<string, ShipmentView & { orderId: string }>();
  for (const { shipment, line, detail } of rows) {
    let view = byId.get(shipment.id);
    if (!view) {
      view = {
        orderId: shipment.orderId,
        shipmentUuid: shipment.id,
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        createdAt: shipment.createdAt.toISOString(),
        lines: [],
      };
      byId.set(shipment.id, view);
    }
    view.lines.push({
      orderDetailUuid: detail.id,
      productTitle: detail.productTitle,
      optionNameValue1: detail.optionNameValue1,
      optionNameValue2: detail.optionNameValue2,
      quantity: line.quantity,
    });
  }
  return [...byId.values()];
}
