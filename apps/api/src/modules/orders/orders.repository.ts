import { messages } from '@kshop/contract';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  buyers,
  orderChanges,
  orderDetails,
  orderStatusHistory,
  orders,
  productOptions,
  products,
  staff,
} from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { PreorderLine } from '../mail/mail-texts.js';

export const optionsWithProducts = (db: Executor, optionIds: string[]) =>
  db
    .select({ option: productOptions, product: products })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(inArray(productOptions.id, optionIds), sql`${products.deletedAt} is null`));

export const releaseStock = (db: Executor, optionId: string, quantity: number) =>
  db
    .update(productOptions)
    .set({ holdStock: sql`greatest(${productOptions.holdStock} - ${quantity}, 0)`, updatedAt: sql`now()` })
    .where(eq(productOptions.id, optionId));

/** Shipping turns the hold into a real decrement of stock. */
export const shipStock = (db: Executor, optionId: string, quantity: number) =>
  db
    .update(productOptions)
    .set({
      stock: sql`greatest(${productOptions.stock} - ${quantity}, 0)`,
      holdStock: sql`greatest(${productOptions.holdStock} - ${quantity}, 0)`,
      updatedAt: sql`now()`,
    })
    .where(eq(productOptions.id, optionId));

export async function buyerForOrder(db: Executor, buyerId: string) {
  const [row] = await db
    .select({
      email: buyers.email,
      language: buyers.language,
      companyName: buyers.companyName,
      businessRegistrationNumber: buyers.businessRegistrationNumber,
    })
    .from(buyers)
    .where(eq(buyers.id, buyerId));
  return row ?? null;
}

export async function pageOfOrders(db: Executor, buyerId: string, limit: number, offset: number) {
  const rows = await db
    .select({ order: orders, totalCount: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(orders)
    .where(eq(orders.buyerId, buyerId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(limit)
    .offset(offset);
  let totalCount = rows[0]?.totalCount ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.buyerId, buyerId));
    totalCount = count?.n ?? 0;
  }
  return { orders: rows.map((r) => r.order), totalCount };
}

export const detailsOf = (db: Executor, orderIds: string[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(orderDetails)
        .where(inArray(orderDetails.orderId, orderIds))
        .orderBy(asc(orderDetails.position), asc(orderDetails.id));

/** The release and planned ship dates of the products of some options, as the catalogue has them now. */
export async function releaseDatesOf(db: Executor, optionIds: readonly string[]) {
  if (optionIds.length === 0)
    return new Map<string, { releaseDate: string | null; shipsOn: string | null }>();
  const rows = await db
    .select({ id: productOptions.id, releaseDate: products.releaseDate, shipsOn: products.shipsOn })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(inArray(productOptions.id, [...optionIds]));
  return new Map(rows.map(({ id, ...dates }) => [id, dates]));
}

/**
 * The order's pre-order lines (`toShip`: those with units still to ship) with their products' release and planned
 * ship dates, as a JSON array of `PreorderLine` (the mails list them); the order is `orderId`, an SQL expression.
 */
export const preorderLinesJson = (orderId: SQL, toShip = false) =>
  sql`(select coalesce(json_agg(json_build_object(
      'item', concat_ws(' / ', d.product_title, d.option_name_value1, d.option_name_value2),
      'releaseDate', p.release_date, 'shipsOn', p.ships_on) order by d.position, d.id), '[]'::json)
    from order_details d left join product_options po on po.id = d.product_option_id
    left join products p on p.id = po.product_id
    where d.order_id = ${orderId} and d.preorder ${toShip ? sql`and d.quantity > d.shipped_quantity` : sql``})`;

/** The order's pre-order lines still to ship, with their dates (for a status or parcel mail). */
export async function preordersToShip(db: Executor, orderId: string): Promise<PreorderLine[]> {
  const rows = await db.execute(sql`select ${preorderLinesJson(sql`${orderId}::uuid`, true)} as lines`);
  return (rows as unknown as { rows: { lines: PreorderLine[] }[] }).rows[0]!.lines;
}

/** The answer when no order (that the caller may see) has the number or id asked for. */
export const orderNotFound = () => notFound(messages.order.notFound, 'ORDER_NOT_FOUND');

/**
 * One order: a member's own by its id (another member's answers as missing), or, for staff, any order by its
 * number or, said in so many words, by its id.
 */
export async function findOrder(
  db: Executor,
  where: { id: string; buyerId: string } | { id: string; anyBuyer: true } | { orderNumber: string },
) {
  const condition =
    'orderNumber' in where
      ? eq(orders.orderNumber, where.orderNumber)
      : 'anyBuyer' in where
        ? eq(orders.id, where.id)
        : and(eq(orders.id, where.id), eq(orders.buyerId, where.buyerId));
  const [row] = await db.select().from(orders).where(condition).limit(1);
  return row ?? null;
}

/** Staff's choice for the order's short pre-order units (null: the buyer's own). The order is locked. */
export const setBackorderChoice = (db: Executor, orderId: string, choice: 'KEEP' | 'CANCEL' | null) =>
  db.update(orders).set({ backorderChoice: choice, updatedAt: sql`now()` }).where(eq(orders.id, orderId));

/** Locks the order row for a status change or a memo, so two staff actions apply one after the other. */
export async function lockOrderByNumber(db: Executor, orderNumber: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .for('update')
    .limit(1);
  return row ?? null;
}

export const setOrderStatus = (
  db: Executor,
  orderId: string,
  status: (typeof orders.$inferSelect)['status'],
) => db.update(orders).set({ status, updatedAt: sql`now()` }).where(eq(orders.id, orderId));

export const setFinalAmount = (db: Executor, orderId: string, finalAmount: number) =>
  db.update(orders).set({ finalAmount, updatedAt: sql`now()` }).where(eq(orders.id, orderId));

/** An active staff member, share-locked so it cannot be disabled before the order names it. */
export async function lockActiveStaff(db: Executor, staffId: string) {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), isNull(staff.disabledAt)))
    .for('share');
  return row ?? null;
}

export const setPersonInCharge = (db: Executor, orderId: string, staffId: string | null) =>
  db
    .update(orders)
    .set({ personInChargeStaffId: staffId, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));

export const insertStatusHistory = (db: Executor, row: typeof orderStatusHistory.$inferInsert) =>
  db.insert(orderStatusHistory).values(row);

export const statusHistoryOf = (db: Executor, orderId: string) =>
  db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));

/** Line edits and shipments of the order, oldest first. */
export const changesOf = (db: Executor, orderId: string) =>
  db
    .select()
    .from(orderChanges)
    .where(eq(orderChanges.orderId, orderId))
    .orderBy(asc(orderChanges.createdAt), asc(orderChanges.id));

/** Staff members by id, disabled ones too (they still wrote what they wrote). */
export const staffByIds = (db: Executor, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: staff.id, email: staff.email, name: staff.name })
        .from(staff)
        .where(inArray(staff.id, ids));

export const activeStaff = (db: Executor) =>
  db
    .select({ id: staff.id, email: staff.email, name: staff.name })
    .from(staff)
    .where(isNull(staff.disabledAt))
    .orderBy(asc(staff.email));
