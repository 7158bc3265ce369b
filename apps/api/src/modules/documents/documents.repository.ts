import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderDetails, orderMemos, orders } from '../../db/schema.js';

/** One order for its documents: the buyer's own (another member's answers as missing) or any, for staff. */
export async function findOrder(db: Executor, orderId: string, buyerId?: string) {
  const condition =
    buyerId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.buyerId, buyerId));
  const [row] = await db.select().from(orders).where(condition).limit(1);
  return row ?? null;
}

/** The order's lines as the buyer ordered them, in the order the order detail lists them. */
export const linesOf = (db: Executor, orderId: string) =>
  db
    .select({
      productTitle: orderDetails.productTitle,
      optionNameValue1: orderDetails.optionNameValue1,
      optionNameValue2: orderDetails.optionNameValue2,
      quantity: orderDetails.quantity,
      unitPrice: orderDetails.unitPrice,
      amount: orderDetails.amount,
      sku: orderDetails.sku,
    })
    .from(orderDetails)
    .where(eq(orderDetails.orderId, orderId))
    .orderBy(asc(orderDetails.id));

/** The memos that count (voided ones neither count nor reach the buyer), oldest first. */
export const countedMemosOf = (db: Executor, orderId: string) =>
  db
    .select({ content: orderMemos.content, amount: orderMemos.amount })
    .from(orderMemos)
    .where(and(eq(orderMemos.orderId, orderId), isNull(orderMemos.voidedAt)))
    .orderBy(asc(orderMemos.createdAt), asc(orderMemos.id));
