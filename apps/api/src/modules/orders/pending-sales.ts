import type { CurrencyCode } from '@kshop/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { pendingSales } from '../../db/schema.js';

/** A signed change of one product's sales: what an order adds, a cancellation or a smaller line takes back. */
export type SalesChange = { productId: string; quantity: number; amountKrw: number; amountUsd: number };

/** `quantity` pieces of a product worth `amount` (minor units) in the order's currency; negative takes back. */
export const salesChange = (
  productId: string,
  quantity: number,
  amount: number,
  currency: CurrencyCode,
): SalesChange => ({
  productId,
  quantity,
  amountKrw: currency === 'KRW' ? amount : 0,
  amountUsd: currency === 'USD' ? amount : 0,
});

/**
 * Appends sales changes for the next fold (decision 0034): the product's totals take them in within a second
 * or so. Appending takes only its foreign-key check's key-share lock on the product, which the `for no key
 * update` of orders, saves and folds never blocks, so it fits anywhere in decision 0010's lock order.
 */
export async function appendSales(db: Executor, changes: readonly SalesChange[]): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(pendingSales).values([...changes]);
}

/**
 * Adds the pending sales to their products' totals (never below zero, as every change of them always did) and
 * removes them, in one statement, a transaction of its own, so no lock waits on a round trip to the shop;
 * answers how many products it changed. It locks the products with pending rows that no one else holds, in id
 * order (decision 0010's level 4; an init plan, so before anything else), deletes their pending rows (level 6)
 * and adds up what it deleted. It waits for nothing: a product an order or a save holds right now (or another
 * fold) is skipped, and its rows, like rows appended meanwhile, wait for the next fold. So a fold never holds
 * one product while waiting for another, which would stall every order for the products it holds; and two
 * folds at once take different products, so no row is added twice. Its change to the totals does not notify
 * (`kshop.catalogue_quiet`, as an order's): the caller shows it at most once per `CATALOGUE_SALES_LAG_MS`.
 */
export async function foldSales(db: Executor): Promise<number> {
  return (await foldSalesOf(db)).length;
}

/** As `foldSales`, answering which products' totals it changed. */
export async function foldSalesOf(db: Executor): Promise<string[]> {
  const changed = await queryRows<{ id: string }>(
    db,
    sql`with quiet as materialized (select set_config('kshop.catalogue_quiet', 'on', true) as setting),
      locked as materialized (
        select p.id from products p
        where (select setting from quiet) = 'on' and p.id in (select product_id from ${pendingSales})
        order by p.id
        for no key update skip locked
      ),
      moved as (
        delete from ${pendingSales} s
        where s.product_id = any ((select array_agg(id) from locked)::uuid[])
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
  return changed.map((row) => row.id);
}
