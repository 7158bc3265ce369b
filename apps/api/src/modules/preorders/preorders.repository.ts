import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preorderBuyerTotals, productOptions } from '../../db/schema.js';

/**
 * What open pre-orders took of some options (issue 34): in all (`product_options.preorder_taken`) and by the
 * given buyer (`preorder_buyer_totals`). Their caps are checked against these counts; the order statement
 * checks them again on the locked rows as they are now.
 */
export async function preorderTaken(
  db: Executor,
  optionIds: readonly string[],
  buyerId: string | null = null,
): Promise<Map<string, { total: number; buyer: number }>> {
  if (optionIds.length === 0) return new Map();
  const ids = [...optionIds];
  const [totals, mine] = await Promise.all([
    db
      .select({ id: productOptions.id, taken: productOptions.preorderTaken })
      .from(productOptions)
      .where(inArray(productOptions.id, ids)),
    buyerId
      ? db
          .select({ id: preorderBuyerTotals.productOptionId, quantity: preorderBuyerTotals.quantity })
          .from(preorderBuyerTotals)
          .where(
            and(eq(preorderBuyerTotals.buyerId, buyerId), inArray(preorderBuyerTotals.productOptionId, ids)),
          )
      : [],
  ]);
  const byBuyer = new Map(mine.map((row) => [row.id, row.quantity]));
  return new Map(totals.map((row) => [row.id, { total: row.taken, buyer: byBuyer.get(row.id) ?? 0 }]));
}

/**
 * Takes `quantity` more of a pre-order option for a buyer: counted in the option's `preorder_taken` while its
 * cap allows (checked on the row as it is now), and in the buyer's total. Answers false, having changed
 * nothing, when the cap does not allow it. The caller holds the option's lock (decision 0010); the buyer's
 * total is written after it (level 6).
 */
export async function takePreorder(db: Executor, optionId: string, buyerId: string | null, quantity: number) {
  const taken = await db
    .update(productOptions)
    .set({ preorderTaken: sql`${productOptions.preorderTaken} + ${quantity}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(productOptions.id, optionId),
        sql`${productOptions.preorderTaken} + ${quantity} <= coalesce(${productOptions.preorderCap}, 2147483647)`,
      ),
    )
    .returning({ id: productOptions.id });
  if (taken.length === 0) return false;
  if (buyerId)
    await db
      .insert(preorderBuyerTotals)
      .values({ productOptionId: optionId, buyerId, quantity })
      .onConflictDoUpdate({
        target: [preorderBuyerTotals.productOptionId, preorderBuyerTotals.buyerId],
        set: { quantity: sql`${preorderBuyerTotals.quantity} + ${quantity}` },
      });
  return true;
}

/** Gives back `quantity` of a pre-order option a buyer's order no longer takes (cancelled, or lowered). */
export async function givePreorderBack(
  db: Executor,
  optionId: string,
  buyerId: string | null,
  quantity: number,
) {
  await db
    .update(productOptions)
    .set({
      preorderTaken: sql`greatest(${productOptions.preorderTaken} - ${quantity}, 0)`,
      updatedAt: sql`now()`,
    })
    .where(eq(productOptions.id, optionId));
  if (buyerId)
    await db
      .update(preorderBuyerTotals)
      .set({ quantity: sql`greatest(${preorderBuyerTotals.quantity} - ${quantity}, 0)` })
      .where(
        and(eq(preorderBuyerTotals.productOptionId, optionId), eq(preorderBuyerTotals.buyerId, buyerId)),
      );
}

/**
 * As `givePreorderBack` for several buyers' units of one option at once: the option's count in one statement,
 * the buyers' totals in another.
 */
export async function givePreorderBackMany(
  db: Executor,
  optionId: string,
  given: readonly { buyerId: string | null; quantity: number }[],
) {
  const total = given.reduce((sum, g) => sum + g.quantity, 0);
  if (total === 0) return;
  await db
    .update(productOptions)
    .set({
      preorderTaken: sql`greatest(${productOptions.preorderTaken} - ${total}, 0)`,
      updatedAt: sql`now()`,
    })
    .where(eq(productOptions.id, optionId));
  const perBuyer = new Map<string, number>();
  for (const g of given) if (g.buyerId) perBuyer.set(g.buyerId, (perBuyer.get(g.buyerId) ?? 0) + g.quantity);
  if (perBuyer.size === 0) return;
  const rows = [...perBuyer].map(([buyer, quantity]) => ({ buyer, quantity }));
  await db.execute(sql`
    update ${preorderBuyerTotals} t set quantity = greatest(t.quantity - v.quantity, 0)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(buyer uuid, quantity integer)
    where t.product_option_id = ${optionId}::uuid and t.buyer_id = v.buyer`);
}
