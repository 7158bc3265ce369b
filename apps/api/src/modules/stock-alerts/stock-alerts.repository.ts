import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { listedProduct } from '../../db/listed.js';
import { buyers, productOptions, products, stockAlerts } from '../../db/schema.js';

/** The option with its product, unless the product was deleted. */
export async function findOption(db: Executor, optionId: string) {
  const [row] = await db
    .select({ option: productOptions, product: { id: products.id, title: products.title } })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(eq(productOptions.id, optionId), listedProduct()))
    .limit(1);
  return row;
}

/**
 * One request per buyer and option: a second ask changes nothing while the first waits, and makes a done
 * request wait again (the option sold out once more since the mail).
 */
export async function upsertWaiting(db: Executor, buyerId: string, optionId: string) {
  await db
    .insert(stockAlerts)
    .values({ buyerId, productOptionId: optionId })
    .onConflictDoUpdate({
      target: [stockAlerts.buyerId, stockAlerts.productOptionId],
      set: { notifiedAt: null, createdAt: sql`now()` },
      setWhere: sql`${stockAlerts.notifiedAt} is not null`,
    });
}

/** Removes this buyer's waiting request for the option; another buyer's request is out of reach. */
export async function deleteWaiting(db: Executor, buyerId: string, optionId: string) {
  await db
    .delete(stockAlerts)
    .where(
      and(
        eq(stockAlerts.buyerId, buyerId),
        eq(stockAlerts.productOptionId, optionId),
        isNull(stockAlerts.notifiedAt),
      ),
    );
}

/** The options of the product of `optionId` that this buyer waits for. */
export async function waitingOptionsOfProduct(db: Executor, buyerId: string, optionId: string) {
  const rows = await db
    .select({ optionId: stockAlerts.productOptionId })
    .from(stockAlerts)
    .innerJoin(productOptions, eq(productOptions.id, stockAlerts.productOptionId))
    .where(
      and(
        eq(stockAlerts.buyerId, buyerId),
        isNull(stockAlerts.notifiedAt),
        eq(
          productOptions.productId,
          sql`(select ${productOptions.productId} from ${productOptions} where ${productOptions.id} = ${optionId})`,
        ),
      ),
    )
    .orderBy(asc(stockAlerts.productOptionId));
  return rows.map((r) => r.optionId);
}

/** How many members wait for each option of a product. */
export async function waitingCounts(db: Executor, productId: string) {
  return db
    .select({ optionUuid: productOptions.id, waiting: sql<number>`count(*)::int` })
    .from(stockAlerts)
    .innerJoin(productOptions, eq(productOptions.id, stockAlerts.productOptionId))
    .where(and(eq(productOptions.productId, productId), isNull(stockAlerts.notifiedAt)))
    .groupBy(productOptions.id)
    .orderBy(asc(productOptions.id));
}

/** For staff: a draft exists too, only a deleted product does not. */
export async function productExists(db: Executor, productId: string) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  return rows.length === 1;
}

/**
 * Marks the option's waiting requests done and answers who to mail: the update claims each request for
 * exactly one job, so two jobs for the same option never mail the same member. Members whose account is
 * no longer approved are claimed without a mail.
 */
export async function claimWaiting(db: Executor, optionId: string) {
  const claimed = await db
    .update(stockAlerts)
    .set({ notifiedAt: sql`now()` })
    .where(and(eq(stockAlerts.productOptionId, optionId), isNull(stockAlerts.notifiedAt)))
    .returning({ id: stockAlerts.id, buyerId: stockAlerts.buyerId });
  if (claimed.length === 0) return [];
  const recipients = await db
    .select({ id: buyers.id, email: buyers.email, language: buyers.language })
    .from(buyers)
    .where(
      and(
        inArray(
          buyers.id,
          claimed.map((c) => c.buyerId),
        ),
        eq(buyers.status, 'APPROVED'),
        isNull(buyers.deletedAt),
      ),
    );
  const recipientOf = new Map(recipients.map((r) => [r.id, r]));
  return claimed.flatMap((c) => {
    const recipient = recipientOf.get(c.buyerId);
    return recipient ? [{ alertId: c.id, email: recipient.email, language: recipient.language }] : [];
  });
}

/** Makes requests wait again whose mail could not be sent, for the job's next attempt. */
export async function unclaim(db: Executor, alertIds: readonly string[]) {
  if (alertIds.length === 0) return;
  await db
    .update(stockAlerts)
    .set({ notifiedAt: null })
    .where(inArray(stockAlerts.id, [...alertIds]));
}
