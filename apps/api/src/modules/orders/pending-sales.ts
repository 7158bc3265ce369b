import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { pendingSales } from '../../db/schema.js';

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

/**
 * Adds the pending sales to their products' totals (never below zero, as every change of them always did) and
 * removes them, in one statement, a transaction of its own, so no lock waits on a round trip to the shop;
 * answers how many products it changed. It takes the products with pending rows first, in id order (decision
 * 0010's level 4; an init plan, so before anything else), then deletes the pending rows of those products
 * (level 6) and of products that no longer exist, and adds up what it deleted. Rows appended meanwhile wait
 * for the next fold. Two folds at once (two instances) queue at the first product: the second then finds the
 * rows the first deleted gone (PostgreSQL skips a row deleted by a transaction that committed meanwhile) and
 * adds only what is left, so nothing is counted twice.
 */
export async function foldSales(db: Executor): Promise<number> {
  const changed = await queryRows<{ id: string }>(
    db,
    sql`with locked as materialized (
        select p.id from products p
        where p.id in (select product_id from ${pendingSales})
        order by p.id
        for no key update
      ),
      moved as (
        delete from ${pendingSales} s
        where s.product_id = any ((select array_agg(id) from locked)::uuid[])
          or not exists (select 1 from products p where p.id = s.product_id)
        returning s.product_id, s.quantity, s.amount_krw, s.amount_usd
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
}
