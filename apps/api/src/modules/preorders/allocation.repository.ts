import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  buyers,
  goodsReceipts,
  orderDetails,
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
    .where(
      and(
        eq(orderDetails.productOptionId, optionId),
        eq(orderDetails.preorder, true),
        ne(orders.status, 'CANCELLED'),
        sql`${orderDetails.quantity} > ${orderDetails.allocatedQuantity}`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orderDetails.id));

export type WaitingLine = Awaited<ReturnType<typeof waitingLines>>[number];

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

/** Records goods that arrived and raises the option's stock by them; the option is locked by the caller. */
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
  await db
    .update(productOptions)
    .set({ stock: sql`${productOptions.stock} + ${receipt.quantity}`, updatedAt: sql`now()` })
    .where(eq(productOptions.id, receipt.optionId));
}

/** Holds `units` more of the option's stock for the lines an allocation gave them to. */
export const holdAllocated = (db: Executor, optionId: string, units: number) =>
  db
    .update(productOptions)
    .set({ holdStock: sql`${productOptions.holdStock} + ${units}`, updatedAt: sql`now()` })
    .where(eq(productOptions.id, optionId));

/** A line's allocation, and its quantity and amount when short units are cut. */
export const setAllocation = (
  db: Executor,
  lineId: string,
  values: { allocatedQuantity: number; backorder: boolean; quantity?: number; amount?: number },
) => db.update(orderDetails).set(values).where(eq(orderDetails.id, lineId));
