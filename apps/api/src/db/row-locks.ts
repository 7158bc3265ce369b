import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { buyers, productOptions, products } from './schema.js';

/*
 * The row locks of docs/decisions/0010-lock-order.md, taken in its order: buyer, order, products by id,
 * options by id, then anything else. `for no key update` serialises writers of a row without blocking
 * the key-share locks that foreign-key checks take (an order line pointing at an option, an address at
 * its buyer), so inserting children never waits behind these locks.
 */

/** Ids compared as the lock order takes them: by their text, as PostgreSQL orders uuids. */
export const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The buyer row: per-buyer work (addresses, account changes, decisions by staff) goes one at a time. */
export async function lockBuyer(db: Executor, buyerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: buyers.id })
    .from(buyers)
    .where(eq(buyers.id, buyerId))
    .for('no key update');
  return rows.length === 1;
}

/** Products in id order; answers the ids that exist (deleted ones included). */
export async function lockProducts(db: Executor, productIds: readonly string[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]))
    .orderBy(asc(products.id))
    .for('no key update');
  return rows.map((r) => r.id);
}

/**
 * The product of one option, locked and answered as it now is (deleted or not), found by the option in the same
 * statement: the option is read only once locked (an option never changes product). Null when there is none.
 */
export async function lockProductOfOption(db: Executor, optionId: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(
      eq(
        products.id,
        sql`(select ${productOptions.productId} from ${productOptions} where ${productOptions.id} = ${optionId})`,
      ),
    )
    .for('no key update');
  return row ?? null;
}

/** Options in id order, after their products; answers the locked rows as they now are. */
export async function lockOptions(db: Executor, optionIds: readonly string[]) {
  if (optionIds.length === 0) return [];
  return db
    .select()
    .from(productOptions)
    .where(inArray(productOptions.id, [...new Set(optionIds)]))
    .orderBy(asc(productOptions.id))
    .for('no key update');
}

/** Every option of the given products, in id order, after the products themselves were locked. */
export async function lockOptionsOfProducts(db: Executor, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productOptions)
    .where(inArray(productOptions.productId, [...new Set(productIds)]))
    .orderBy(asc(productOptions.id))
    .for('no key update');
}

/** The products the options belong to, read without locking (an option never changes product). */
export async function productIdsOfOptions(db: Executor, optionIds: readonly string[]): Promise<string[]> {
  if (optionIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: productOptions.productId })
    .from(productOptions)
    .where(inArray(productOptions.id, [...new Set(optionIds)]));
  return rows.map((r) => r.id);
}
