import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  buyers,
  goodsReceipts,
  orderChanges,
  orderDetails,
  orderMemos,
  orders,
  priceGroups,
  productOptions,
  products,
  staff,
} from '../../db/schema.js';

/** A pre-order option with its product, or null when it does not exist or its product was deleted. */
export async function optionOf(db: Executor, optionId: string) {
  const [row] = await db
    .select({ option: productOptions, product: products })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(eq(productOptions.id, optionId), sql`${products.deletedAt} is null`));
  return row ?? null;
}

/** An option's pre-order lines still waiting for goods, of orders not cancelled. */
const waiting = (optionId: string) =>
  and(
    eq(orderDetails.productOptionId, optionId),
    eq(orderDetails.preorder, true),
    ne(orders.status, 'CANCELLED'),
    sql`${orderDetails.quantity} > ${orderDetails.allocatedQuantity}`,
  );

/**
 * The option's pre-order lines still waiting for goods (ordered more than allocated) on orders not cancelled, with
 * what the rules and the screen need of their order and buyer, in order time.
 */
export const waitingLines = (db: Executor, optionId: string) =>
  db
    .select({
      line: orderDetails,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      orderedAt: orders.createdAt,
      companyName: orders.receiverCompanyName,
      country: orders.receiverCountry,
      buyerId: orders.buyerId,
      buyerEmail: buyers.email,
      buyerLanguage: buyers.language,
      priceGroup: priceGroups.name,
      discountBp: priceGroups.discountBp,
      backorderChoice: sql<
        'KEEP' | 'CANCEL'
      >`coalesce(${orders.backorderChoice}, ${buyers.backorderChoice}, 'KEEP')`,
    })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .leftJoin(priceGroups, eq(priceGroups.id, buyers.priceGroupId))
    .where(waiting(optionId))
    .orderBy(asc(orders.createdAt), asc(orderDetails.id));

export type WaitingLine = Awaited<ReturnType<typeof waitingLines>>[number];

/** The orders of the option's waiting pre-order lines: read before any lock, to lock them first. */
export async function waitingOrderIds(db: Executor, optionId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: orderDetails.orderId })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .where(waiting(optionId));
  return rows.map((row) => row.id);
}

/** Locks orders in id order (level 3 of decision 0010), before their products and options. */
export async function lockOrders(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return;
  await db
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]))
    .orderBy(asc(orders.id))
    .for('no key update');
}

export const receiptsOf = (db: Executor, optionId: string) =>
  db
    .select({
      quantity: goodsReceipts.quantity,
      note: goodsReceipts.note,
      at: goodsReceipts.createdAt,
      staff: sql<string | null>`coalesce(nullif(${staff.name}, ''), ${staff.email})`,
    })
    .from(goodsReceipts)
    .leftJoin(staff, eq(staff.id, goodsReceipts.staffId))
    .where(eq(goodsReceipts.productOptionId, optionId))
    .orderBy(desc(goodsReceipts.createdAt));

/**
 * Records goods that arrived and raises the option's stock by them; the option is locked by the caller. Answers
 * the option as it now is.
 */
export async function addReceipt(
  db: Executor,
  receipt: { optionId: string; quantity: number; note: string; staffId: string | null },
) {
  await db.insert(goodsReceipts).values({
    productOptionId: receipt.optionId,
    quantity: receipt.quantity,
    note: receipt.note,
    staffId: receipt.staffId,
  });
  const [option] = await db
    .update(productOptions)
    .set({ stock: sql`${productOptions.stock} + ${receipt.quantity}`, updatedAt: sql`now()` })
    .where(eq(productOptions.id, receipt.optionId))
    .returning();
  return option!;
}

/** Holds `units` more of the option's stock for the lines an allocation gave them to. */
export const holdAllocated = (db: Executor, optionId: string, units: number) =>
  db
    .update(productOptions)
    .set({ holdStock: sql`${productOptions.holdStock} + ${units}`, updatedAt: sql`now()` })
    .where(eq(productOptions.id, optionId));

/** A line's allocation; a line whose short units are cut also takes its lower quantity and amount. */
export type LineAllocation = {
  id: string;
  allocatedQuantity: number;
  backorder: boolean;
  quantity?: number;
  amount?: number;
};

/**
 * Writes the lines' allocations in one statement (the rows travel as one JSON parameter, which both drivers pass
 * alike, however many lines). The lines' orders are locked by the caller.
 */
export async function setAllocations(db: Executor, lines: readonly LineAllocation[]) {
  if (lines.length === 0) return;
  const rows = lines.map((l) => ({
    id: l.id,
    allocated: l.allocatedQuantity,
    backorder: l.backorder,
    quantity: l.quantity ?? null,
    amount: l.amount ?? null,
  }));
  await db.execute(sql`
    update ${orderDetails} d set
      allocated_quantity = v.allocated,
      backorder = v.backorder,
      quantity = coalesce(v.quantity, d.quantity),
      amount = coalesce(v.amount, d.amount)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(id uuid, allocated integer, backorder boolean, quantity integer, amount bigint)
    where d.id = v.id`);
}

export async function deleteLines(db: Executor, lineIds: readonly string[]) {
  if (lineIds.length === 0) return;
  await db.delete(orderDetails).where(inArray(orderDetails.id, [...lineIds]));
}

/** How many lines each of the orders has. */
export async function lineCounts(db: Executor, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderDetails.orderId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(orderDetails)
    .where(inArray(orderDetails.orderId, [...new Set(orderIds)]))
    .groupBy(orderDetails.orderId);
  return new Map(rows.map((row) => [row.orderId, row.n]));
}

/**
 * Each order's product amount from its lines and its final amount with its counted (not voided) memos, never
 * below zero, in one statement: what a line edit recomputes for one order. The orders are locked by the caller.
 */
export async function recomputeAmounts(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return;
  await db.execute(sql`
    update ${orders} o set
      product_amount = s.products,
      final_amount = greatest(s.products + s.memos, 0),
      updated_at = now()
    from (
      select x.id,
        coalesce((select sum(d.amount) from ${orderDetails} d where d.order_id = x.id), 0) as products,
        coalesce((select sum(m.amount) from ${orderMemos} m where m.order_id = x.id and m.voided_at is null), 0)
          as memos
      from ${orders} x where x.id in (${sql.join(
        [...new Set(orderIds)].map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    ) s
    where o.id = s.id`);
}

/** Order history entries, a few statements for however many (each insert well within the parameter limit). */
export async function insertChanges(db: Executor, changes: readonly (typeof orderChanges.$inferInsert)[]) {
  for (let at = 0; at < changes.length; at += 1000)
    await db.insert(orderChanges).values(changes.slice(at, at + 1000));
}

/**
 * Fails the transaction as a serialization failure (`order_raced()`, migration 0040), which `inTransaction` runs
 * again: for rows that changed between a read and the locks taken on what it found.
 */
export const raced = (db: Executor) => db.execute(sql`select order_raced()`);
