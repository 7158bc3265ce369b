import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { lockProducts } from '../../db/row-locks.js';
import { pendingSales } from '../../db/schema.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';

/** A signed change of one product's sales: what an order adds, a cancellation or a smaller line takes back. */
export type SalesChange = { productId: string; quantity: number; amountKrw: number; amountUsd: number };

/**
 * Appends sales changes for the next fold (decision 0034): the product's totals take them in within a second
 * or so. Appending locks nothing, so it fits anywhere in decision 0010's lock order.
 */
export async function appendSales(db: Executor, changes: readonly SalesChange[]): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(pendingSales).values([...changes]);
}

/** Folds (on one instance or several) run one after another; the seed's lock is another number. */
const FOLD_LOCK_KEY = 7_210_002;

/**
 * Adds the pending sales to their products' totals (never below zero, as every change of them always did) and
 * removes them, in one transaction; answers how many products it changed. Takes the products first, in id
 * order, then the pending rows of those products only (decision 0010's levels 4 then 6): rows appended
 * meanwhile for other products wait for the next fold. Folds run one at a time across instances (an advisory
 * lock, taken before any row and by folds alone), so a fold that waited finds only what came after the one
 * before it. Nothing pending, the usual case when no one orders, costs one read.
 */
export async function foldSales(db: Executor, log?: TransactionLog): Promise<number> {
  const [waiting] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from ${pendingSales}) as any`,
  );
  if (!waiting?.any) return 0;
  return inTransaction(
    db,
    async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK_KEY})`);
      const pending = await queryRows<{ product_id: string }>(
        tx,
        sql`select distinct product_id from ${pendingSales}`,
      );
      const locked = await lockProducts(
        tx,
        pending.map((p) => p.product_id),
      );
      // Rows of products that no longer exist go with the fold, adding to nothing.
      const gone = pending.map((p) => p.product_id).filter((id) => !locked.includes(id));
      const ids = [...locked, ...gone];
      if (ids.length === 0) return 0;
      const changed = await queryRows<{ id: string }>(
        tx,
        sql`with moved as (
            delete from ${pendingSales} where product_id in ${ids}
            returning product_id, quantity, amount_krw, amount_usd
          ),
          sums as (
            select product_id, sum(quantity) as quantity, sum(amount_krw) as krw, sum(amount_usd) as usd
            from moved group by product_id
          )
          update products p set
            total_sales_quantity = greatest(p.total_sales_quantity + s.quantity, 0),
            total_sales_amount_krw = greatest(p.total_sales_amount_krw + s.krw, 0),
            total_sales_amount_usd = greatest(p.total_sales_amount_usd + s.usd, 0)
          from sums s
          where p.id = s.product_id and (s.quantity <> 0 or s.krw <> 0 or s.usd <> 0)
          returning p.id`,
      );
      return changed.length;
    },
    { log },
  );
}
