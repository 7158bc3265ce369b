import { and, asc, eq, inArray, min, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  buyers,
  orderDetails,
  orderMemos,
  orderStatusHistory,
  orders,
  productOptions,
  shipments,
  staff,
} from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { type AdminOrderFilter, adminOrderConditions } from '../orders/order-search.repository.js';

/** An export larger than this asks for a narrower date range instead of building a huge file in memory. */
export const EXPORT_MAX_ROWS = 50_000;

export type ExportFilter = Omit<AdminOrderFilter, 'limit' | 'offset'>;

const where = (conditions: SQL[]) => (conditions.length ? and(...conditions) : undefined);

/** The ids of the orders the filters select: what the memos, parcels and payments of an export are read for. */
const selectedIds = (db: Executor, filter: ExportFilter) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(where(adminOrderConditions(filter)));

const tooLarge = (what: string) =>
  badRequest(
    `More than ${EXPORT_MAX_ROWS.toLocaleString('en-US')} ${what} match: choose a shorter date range.`,
    'EXPORT_TOO_LARGE',
  );

/** The orders the filters select, oldest first, with the buyer's account e-mail and the person in charge. */
export async function exportedOrders(db: Executor, filter: ExportFilter) {
  const rows = await db
    .select({
      order: orders,
      buyerEmail: buyers.email,
      personInChargeName: staff.name,
      personInChargeEmail: staff.email,
    })
    .from(orders)
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .leftJoin(staff, eq(staff.id, orders.personInChargeStaffId))
    .where(where(adminOrderConditions(filter)))
    .orderBy(asc(orders.createdAt), asc(orders.orderNumber))
    .limit(EXPORT_MAX_ROWS + 1);
  if (rows.length > EXPORT_MAX_ROWS) throw tooLarge('orders');
  return rows;
}

export type ExportedOrder = Awaited<ReturnType<typeof exportedOrders>>[number];

/** Every memo of the selected orders, voided ones too (the invoice's rule leaves those out), oldest first. */
export const memosOfSelected = (db: Executor, filter: ExportFilter) =>
  db
    .select({
      orderId: orderMemos.orderId,
      content: orderMemos.content,
      amount: orderMemos.amount,
      voidedAt: orderMemos.voidedAt,
    })
    .from(orderMemos)
    .where(inArray(orderMemos.orderId, selectedIds(db, filter)))
    .orderBy(asc(orderMemos.createdAt), asc(orderMemos.id));

/** Every parcel of the selected orders, in the order they left. */
export const shipmentsOfSelected = (db: Executor, filter: ExportFilter) =>
  db
    .select({
      orderId: shipments.orderId,
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
      shippedAt: shipments.createdAt,
    })
    .from(shipments)
    .where(inArray(shipments.orderId, selectedIds(db, filter)))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));

/** When each selected order was first marked paid, from its status history (orders never paid are absent). */
export const paymentsOfSelected = (db: Executor, filter: ExportFilter) =>
  db
    .select({ orderId: orderStatusHistory.orderId, paidAt: min(orderStatusHistory.createdAt) })
    .from(orderStatusHistory)
    .where(
      and(
        eq(orderStatusHistory.toStatus, 'PAID'),
        inArray(orderStatusHistory.orderId, selectedIds(db, filter)),
      ),
    )
    .groupBy(orderStatusHistory.orderId);

/** One row per order line of the selected orders, oldest order first, lines in their order's order. */
export async function exportedLines(db: Executor, filter: ExportFilter) {
  const rows = await db
    .select({ order: orders, line: orderDetails, barcode: productOptions.barcode })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .leftJoin(productOptions, eq(productOptions.id, orderDetails.productOptionId))
    .where(where(adminOrderConditions(filter)))
    .orderBy(asc(orders.createdAt), asc(orders.orderNumber), asc(orderDetails.position), asc(orderDetails.id))
    .limit(EXPORT_MAX_ROWS + 1);
  if (rows.length > EXPORT_MAX_ROWS) throw tooLarge('order lines');
  return rows;
}

export type ExportedLine = Awaited<ReturnType<typeof exportedLines>>[number];
