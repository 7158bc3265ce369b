import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { listedProduct } from '../../db/listed.js';
import { cartItems, orderDetails, orders, productOptions, products } from '../../db/schema.js';

export const listLines = (db: Executor, buyerId: string) =>
  db
    .select({ line: cartItems, option: productOptions, product: products })
    .from(cartItems)
    .innerJoin(productOptions, eq(productOptions.id, cartItems.productOptionId))
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(eq(cartItems.buyerId, buyerId), listedProduct()))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));

export type CartLineRow = Awaited<ReturnType<typeof listLines>>[number];

/** What the cart's rules read of an option's product: its title, order window and whether it is a pre-order. */
const orderingFacts = {
  title: products.title,
  salesStartAt: products.salesStartAt,
  salesEndAt: products.salesEndAt,
  preorder: products.preorder,
};

export async function findLine(db: Executor, buyerId: string, lineId: string) {
  const [row] = await db
    .select({ line: cartItems, option: productOptions, product: orderingFacts })
    .from(cartItems)
    .innerJoin(productOptions, eq(productOptions.id, cartItems.productOptionId))
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(eq(cartItems.id, lineId), eq(cartItems.buyerId, buyerId)))
    .limit(1);
  return row ?? null;
}

export const findOrderableOptions = (db: Executor, optionIds: string[]) =>
  db
    .select({ option: productOptions, product: orderingFacts })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(inArray(productOptions.id, optionIds), listedProduct()));

export const linesForOptions = (db: Executor, buyerId: string, optionIds: string[]) =>
  db
    .select({ id: cartItems.id, productOptionId: cartItems.productOptionId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.buyerId, buyerId), inArray(cartItems.productOptionId, optionIds)));

export const insertLines = (db: Executor, lines: (typeof cartItems.$inferInsert)[]) =>
  db
    .insert(cartItems)
    .values(lines)
    .onConflictDoNothing()
    .returning({ id: cartItems.id, productOptionId: cartItems.productOptionId });

/** Sets each option's line to its quantity, making the lines the cart lacks. The caller holds the buyer's lock. */
export const putLines = (db: Executor, lines: (typeof cartItems.$inferInsert)[]) =>
  db
    .insert(cartItems)
    .values(lines)
    .onConflictDoUpdate({
      target: [cartItems.buyerId, cartItems.productOptionId],
      set: { quantity: sql`excluded.quantity` },
    });

/** The lines of one of the buyer's orders, in the order's line order; none when the order is not theirs. */
export const orderLinesOf = (db: Executor, buyerId: string, orderId: string) =>
  db
    .select({
      productOptionId: orderDetails.productOptionId,
      quantity: orderDetails.quantity,
      productTitle: orderDetails.productTitle,
      optionNameValue1: orderDetails.optionNameValue1,
      optionNameValue2: orderDetails.optionNameValue2,
    })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
    .orderBy(orderDetails.position, orderDetails.id);

export const setQuantity = (db: Executor, lineId: string, quantity: number) =>
  db.update(cartItems).set({ quantity }).where(eq(cartItems.id, lineId));

export const deleteLine = (db: Executor, buyerId: string, lineId: string) =>
  db
    .delete(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.buyerId, buyerId)))
    .returning({ id: cartItems.id });
