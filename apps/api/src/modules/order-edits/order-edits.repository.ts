import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  buyers,
  orderChanges,
  orderDetails,
  orderMemos,
  orders,
  productOptions,
  products,
} from '../../db/schema.js';

/**
 * The transaction's catalogue changes do not notify each (migration 0010); the route announces them once
 * after the commit, as orders do.
 */
export const quietCatalogue = (db: Executor) =>
  db.execute(sql`select set_config('kshop.catalogue_quiet', 'on', true)`);

/** The order, locked first (level 3 of the lock order): every writer of its lines locks it before them. */
export async function lockOrder(db: Executor, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('no key update').limit(1);
  return row ?? null;
}

/** Lines change only under their order's lock, so reading them after it needs no lock of its own. */
export async function lineOf(db: Executor, orderId: string, lineId: string) {
  const [row] = await db
    .select()
    .from(orderDetails)
    .where(and(eq(orderDetails.id, lineId), eq(orderDetails.orderId, orderId)))
    .limit(1);
  return row ?? null;
}

export async function lineOfOption(db: Executor, orderId: string, optionId: string) {
  const [row] = await db
    .select()
    .from(orderDetails)
    .where(and(eq(orderDetails.orderId, orderId), eq(orderDetails.productOptionId, optionId)))
    .limit(1);
  return row ?? null;
}

export const lineCount = async (db: Executor, orderId: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orderDetails)
      .where(eq(orderDetails.orderId, orderId))
  )[0]!.n;

/** The option with its product, deleted products included (the caller decides what may be ordered). */
export async function optionWithProduct(db: Executor, optionId: string) {
  const [row] = await db
    .select({ option: productOptions, product: products })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(eq(productOptions.id, optionId))
    .limit(1);
  return row ?? null;
}

/**
 * Holds `quantity` more of the option, only while it is not flagged sold out and that much is available
 * (checked on the row as it is when updated, so stock is never oversold); false when refused.
 */
export async function holdMore(db: Executor, optionId: string, quantity: number) {
  const rows = await db
    .update(productOptions)
    .set({ holdStock: sql`${productOptions.holdStock} + ${quantity}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(productOptions.id, optionId),
        sql`not ${productOptions.isSoldOut} and ${productOptions.stock} - ${productOptions.holdStock} >= ${quantity}`,
      ),
    )
    .returning({ id: productOptions.id });
  return rows.length === 1;
}

export const holdLess = (db: Executor, optionId: string, quantity: number) =>
  db
    .update(productOptions)
    .set({ holdStock: sql`greatest(${productOptions.holdStock} - ${quantity}, 0)`, updatedAt: sql`now()` })
    .where(eq(productOptions.id, optionId));

export const setLineQuantity = (db: Executor, lineId: string, quantity: number, amount: number) =>
  db.update(orderDetails).set({ quantity, amount }).where(eq(orderDetails.id, lineId));

export const deleteLine = (db: Executor, lineId: string) =>
  db.delete(orderDetails).where(eq(orderDetails.id, lineId));

/** A line staff add to an order: listed after the order's other lines. The order is locked by the caller. */
export async function insertLine(db: Executor, line: Omit<typeof orderDetails.$inferInsert, 'position'>) {
  const [row] = await db
    .insert(orderDetails)
    .values({
      ...line,
      position: sql`(select coalesce(max(d.position) + 1, 0) from ${orderDetails} d where d.order_id = ${line.orderId}::uuid)`,
    })
    .returning();
  return row!;
}

/** The order's product amount from its lines and what its counted (not voided) memos add, minor units. */
export async function amountsOf(db: Executor, orderId: string) {
  const [row] = await db
    .select({
      products:
        sql<number>`coalesce((select sum(d.amount) from ${orderDetails} d where d.order_id = ${orderId}::uuid), 0)`.mapWith(
          Number,
        ),
      memos:
        sql<number>`coalesce((select sum(m.amount) from ${orderMemos} m where m.order_id = ${orderId}::uuid and m.voided_at is null), 0)`.mapWith(
          Number,
        ),
    })
    .from(sql`(select 1) as one`);
  return row!;
}

export const setAmounts = (db: Executor, orderId: string, productAmount: number, finalAmount: number) =>
  db.update(orders).set({ productAmount, finalAmount, updatedAt: sql`now()` }).where(eq(orders.id, orderId));

export const insertChange = (db: Executor, change: typeof orderChanges.$inferInsert) =>
  db.insert(orderChanges).values(change);

/** Where the buyer's mails go, and in which language; null once the account is closed. */
export async function buyerContact(db: Executor, buyerId: string) {
  const [row] = await db
    .select({ email: buyers.email, language: buyers.language })
    .from(buyers)
    .where(and(eq(buyers.id, buyerId), isNull(buyers.deletedAt)));
  return row ?? null;
}
