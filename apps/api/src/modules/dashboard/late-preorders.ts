import { addDays, LATE_PREORDER_DAYS, type LatePreorder } from '@kshop/contract';
import { and, asc, eq, gt, lte, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderDetails, orders, productOptions, products } from '../../db/schema.js';
import { koreanDate } from '../../lib/korean-day.js';

const LIMIT = 20;
/** Orders in these states owe the buyer nothing more to ship. */
const DONE = ['CANCELLED', 'SHIPPED', 'DELIVERED'] as const;

/**
 * Orders with pre-ordered units of a product still unshipped three Korean days after the product's release
 * date, per order and product: oldest release first, then the oldest order.
 */
export async function latePreorders(db: Executor, today = koreanDate()): Promise<LatePreorder[]> {
  const cutoff = addDays(today, -LATE_PREORDER_DAYS);
  const openUnits = sql<number>`sum(${orderDetails.quantity} - ${orderDetails.shippedQuantity})`.mapWith(
    Number,
  );
  const rows = await db
    .select({
      orderUuid: orders.id,
      orderNumber: orders.orderNumber,
      companyName: orders.receiverCompanyName,
      productUuid: products.id,
      title: products.title,
      openUnits,
      releaseDate: products.releaseDate,
    })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .innerJoin(productOptions, eq(productOptions.id, orderDetails.productOptionId))
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(
      and(
        notInArray(orders.status, [...DONE]),
        eq(orderDetails.preorder, true),
        gt(orderDetails.quantity, orderDetails.shippedQuantity),
        lte(products.releaseDate, cutoff),
      ),
    )
    .groupBy(orders.id, products.id)
    .orderBy(asc(products.releaseDate), asc(orders.createdAt), asc(orders.id), asc(products.id))
    .limit(LIMIT);
  return rows.map((r) => ({ ...r, releaseDate: r.releaseDate! }));
}
