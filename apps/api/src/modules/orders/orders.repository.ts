import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import {
  buyers,
  orderDetails,
  orderMemos,
  orders,
  productOptions,
  products,
  staff,
} from '../../db/schema.js';
import { containsPattern } from '../../lib/like.js';

export const optionsWithProducts = (db: Executor, optionIds: string[]) =>
  db
    .select({ option: productOptions, product: products })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(inArray(productOptions.id, optionIds), sql`${products.deletedAt} is null`));

/**
 * Holds stock for an order line only while enough is available: the condition and the change are one
 * statement, so concurrent orders can never hold more than there is.
 */
export async function holdStock(db: Executor, optionId: string, quantity: number): Promise<boolean> {
  const rows = await db
    .update(productOptions)
    .set({ holdStock: sql`${productOptions.holdStock} + ${quantity}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(productOptions.id, optionId),
        eq(productOptions.isSoldOut, false),
        sql`${productOptions.stock} - ${productOptions.holdStock} >= ${quantity}`,
      ),
    )
    .returning({ id: productOptions.id });
  return rows.length === 1;
}

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

export const addSales = (
  db: Executor,
  productId: string,
  quantity: number,
  amountKrw: number,
  amountUsd: number,
) =>
  db
    .update(products)
    .set({
      totalSalesQuantity: sql`greatest(${products.totalSalesQuantity} + ${quantity}, 0)`,
      totalSalesAmountKrw: sql`greatest(${products.totalSalesAmountKrw} + ${amountKrw}, 0)`,
      totalSalesAmountUsd: sql`greatest(${products.totalSalesAmountUsd} + ${amountUsd}, 0)`,
    })
    .where(eq(products.id, productId));

export async function nextOrderSequence(db: Executor): Promise<number> {
  const [row] = await queryRows<{ n: string }>(db, sql`select nextval('order_number_seq')::text as n`);
  return Number(row!.n);
}

export async function buyerForOrder(db: Executor, buyerId: string) {
  const [row] = await db
    .select({
      email: buyers.email,
      companyName: buyers.companyName,
      businessRegistrationNumber: buyers.businessRegistrationNumber,
    })
    .from(buyers)
    .where(eq(buyers.id, buyerId));
  return row ?? null;
}

export const insertOrder = (db: Executor, order: typeof orders.$inferInsert) =>
  db.insert(orders).values(order).returning({ id: orders.id, orderNumber: orders.orderNumber });

export const insertDetails = (db: Executor, lines: (typeof orderDetails.$inferInsert)[]) =>
  db.insert(orderDetails).values(lines);

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
        .orderBy(asc(orderDetails.id));

export const memosOf = (db: Executor, orderId: string) =>
  db
    .select()
    .from(orderMemos)
    .where(eq(orderMemos.orderId, orderId))
    .orderBy(asc(orderMemos.createdAt), asc(orderMemos.id));

export async function findOrder(
  db: Executor,
  where: { id: string; buyerId: string } | { orderNumber: string },
) {
  const condition =
    'orderNumber' in where
      ? eq(orders.orderNumber, where.orderNumber)
      : and(eq(orders.id, where.id), eq(orders.buyerId, where.buyerId));
  const [row] = await db.select().from(orders).where(condition).limit(1);
  return row ?? null;
}

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

export const insertMemo = (db: Executor, memo: typeof orderMemos.$inferInsert) =>
  db.insert(orderMemos).values(memo);

export const setFinalAmount = (db: Executor, orderId: string, finalAmount: number) =>
  db.update(orders).set({ finalAmount, updatedAt: sql`now()` }).where(eq(orders.id, orderId));

export type AdminOrderFilter = {
  status?: (typeof orders.$inferSelect)['status'];
  from?: string;
  to?: string;
  buyer?: string;
  orderNumber?: string;
  limit: number;
  offset: number;
};

/** Orders for the back office, newest first, with the buyer and the person in charge. */
export async function searchOrders(db: Executor, f: AdminOrderFilter) {
  const conditions: SQL[] = [];
  if (f.status) conditions.push(eq(orders.status, f.status));
  // Days are the shop's days, in Korea.
  if (f.from)
    conditions.push(sql`${orders.createdAt} >= (${f.from}::date::timestamp at time zone 'Asia/Seoul')`);
  if (f.to)
    conditions.push(sql`${orders.createdAt} < ((${f.to}::date + 1)::timestamp at time zone 'Asia/Seoul')`);
  if (f.orderNumber) conditions.push(ilike(orders.orderNumber, containsPattern(f.orderNumber)));
  if (f.buyer) {
    const like = containsPattern(f.buyer);
    conditions.push(
      or(
        ilike(orders.receiverCompanyName, like),
        ilike(buyers.email, like),
        ilike(buyers.companyName, like),
      )!,
    );
  }
  const rows = await db
    .select({
      order: orders,
      buyerEmail: buyers.email,
      personInCharge: staff.email,
      lineCount: sql<number>`(select count(*) from order_details d where d.order_id = orders.id)`.mapWith(
        Number,
      ),
      totalCount: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .leftJoin(staff, eq(staff.id, orders.personInChargeStaffId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(f.limit)
    .offset(f.offset);
  return { rows, totalCount: rows[0]?.totalCount ?? 0 };
}

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

export const countByStatus = (db: Executor) =>
  db
    .select({ status: orders.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .groupBy(orders.status);
