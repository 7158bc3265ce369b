import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cartItems, productOptions, products, savedListLines, savedLists } from '../../db/schema.js';

/** The member's lists (or the one of `listId`), the last changed first, with their number of lines and pieces. */
export const listsOf = (db: Executor, buyerId: string, listId?: string) =>
  db
    .select({
      id: savedLists.id,
      name: savedLists.name,
      updatedAt: savedLists.updatedAt,
      lineCount: sql<number>`count(${savedListLines.productOptionId})::int`,
      pieceCount: sql<number>`coalesce(sum(${savedListLines.quantity}), 0)::int`,
    })
    .from(savedLists)
    .leftJoin(savedListLines, eq(savedListLines.listId, savedLists.id))
    .where(and(eq(savedLists.buyerId, buyerId), listId ? eq(savedLists.id, listId) : undefined))
    .groupBy(savedLists.id)
    .orderBy(desc(savedLists.updatedAt), asc(savedLists.id));

export type ListSummaryRow = Awaited<ReturnType<typeof listsOf>>[number];

export async function countLists(db: Executor, buyerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedLists).where(eq(savedLists.buyerId, buyerId));
  return row?.n ?? 0;
}

/** One of the member's lists; null when there is none of that id, or it is another member's. */
export async function findList(db: Executor, buyerId: string, listId: string, lock = false) {
  const query = db
    .select()
    .from(savedLists)
    .where(and(eq(savedLists.id, listId), eq(savedLists.buyerId, buyerId)));
  const [row] = await (lock ? query.for('no key update') : query);
  return row ?? null;
}

export async function nameTaken(db: Executor, buyerId: string, name: string, exceptId?: string) {
  const rows = await db
    .select({ id: savedLists.id })
    .from(savedLists)
    .where(
      and(
        eq(savedLists.buyerId, buyerId),
        sql`lower(${savedLists.name}) = lower(${name})`,
        exceptId ? sql`${savedLists.id} <> ${exceptId}` : undefined,
      ),
    );
  return rows.length > 0;
}

export async function insertList(db: Executor, buyerId: string, name: string) {
  const [row] = await db.insert(savedLists).values({ buyerId, name }).returning();
  return row!;
}

export const renameList = (db: Executor, listId: string, name: string) =>
  db.update(savedLists).set({ name, updatedAt: sql`now()` }).where(eq(savedLists.id, listId));

export const touchList = (db: Executor, listId: string) =>
  db.update(savedLists).set({ updatedAt: sql`now()` }).where(eq(savedLists.id, listId));

export const deleteList = (db: Executor, listId: string) =>
  db.delete(savedLists).where(eq(savedLists.id, listId));

/** A list's lines in the order they were first saved, with the option's SKU and what the list shows of it. */
export const linesOf = (db: Executor, listId: string) =>
  db
    .select({
      productOptionId: savedListLines.productOptionId,
      quantity: savedListLines.quantity,
      productId: products.id,
      title: products.title,
      optionNameValue1: productOptions.optionNameValue1,
      optionNameValue2: productOptions.optionNameValue2,
      sku: productOptions.sku,
    })
    .from(savedListLines)
    .innerJoin(productOptions, eq(productOptions.id, savedListLines.productOptionId))
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(eq(savedListLines.listId, listId))
    .orderBy(asc(savedListLines.seq));

export type ListLineRow = Awaited<ReturnType<typeof linesOf>>[number];

export async function lineCount(db: Executor, listId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedListLines).where(eq(savedListLines.listId, listId));
  return row?.n ?? 0;
}

/** The options among `optionIds` a member can save: of products not deleted and on sale. */
export async function optionsOnSale(db: Executor, optionIds: readonly string[]): Promise<Set<string>> {
  if (optionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: productOptions.id })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(
      and(
        inArray(productOptions.id, [...optionIds]),
        sql`${products.deletedAt} is null and ${products.isPublished}`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The cart's lines as a list's lines: option and quantity, in the cart's order. */
export const cartAsLines = (db: Executor, buyerId: string) =>
  db
    .select({ productOptionUuid: cartItems.productOptionId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.buyerId, buyerId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));

/**
 * Lines added to a list: a new option becomes a line at the end, one already there has the quantity added (capped at
 * the largest quantity a line can hold). Answers the options written.
 */
export function addLines(
  db: Executor,
  listId: string,
  lines: readonly { productOptionUuid: string; quantity: number }[],
  most: number,
) {
  return db
    .insert(savedListLines)
    .values(lines.map((l) => ({ listId, productOptionId: l.productOptionUuid, quantity: l.quantity })))
    .onConflictDoUpdate({
      target: [savedListLines.listId, savedListLines.productOptionId],
      set: { quantity: sql`least(${savedListLines.quantity} + excluded.quantity, ${most})` },
    })
    .returning({ productOptionId: savedListLines.productOptionId });
}

export async function setLineQuantity(db: Executor, listId: string, optionId: string, quantity: number) {
  const rows = await db
    .update(savedListLines)
    .set({ quantity })
    .where(and(eq(savedListLines.listId, listId), eq(savedListLines.productOptionId, optionId)))
    .returning({ listId: savedListLines.listId });
  return rows.length > 0;
}

export async function removeLine(db: Executor, listId: string, optionId: string) {
  const rows = await db
    .delete(savedListLines)
    .where(and(eq(savedListLines.listId, listId), eq(savedListLines.productOptionId, optionId)))
    .returning({ listId: savedListLines.listId });
  return rows.length > 0;
}
