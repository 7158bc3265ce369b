import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { lockProducts } from './row-locks.js';

/**
 * Recomputes the columns a product keeps for fast listing: `search_text` (title, vendor, artist names in
 * English and Korean), `artist_ids` (its artists, in id order) and `in_stock` (some option not flagged sold
 * out with available stock left).
 * Every writer of products, options, stock or artist links calls it for the products it touched. The
 * products are locked in id order first (a no-op for a transaction that already holds them), so the
 * update never takes them in another order than the rest of the shop does.
 */
export async function refreshProductDerived(
  db: Executor,
  productIds?: readonly string[],
  /** Orders change stock only; they leave the search text and artists alone. */
  { searchText = true }: { searchText?: boolean } = {},
): Promise<void> {
  if (productIds && productIds.length === 0) return;
  if (productIds) await lockProducts(db, productIds);
  const only = productIds
    ? sql`where p.id in (${sql.join(
        productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const search = searchText
    ? sql`search_text = lower(concat_ws(' ', p.title, p.vendor, (
        select string_agg(a.name_en || ' ' || a.name_ko, ' ')
        from product_artists pa join artists a on a.id = pa.artist_id
        where pa.product_id = p.id))),
      artist_ids = array(select pa.artist_id from product_artists pa where pa.product_id = p.id order by 1),`
    : sql``;
  await db.execute(sql`
    update products p set
      ${search}
      in_stock = exists (
        select 1 from product_options o
        where o.product_id = p.id and not o.is_sold_out and o.stock - o.hold_stock > 0)
    ${only}`);
}
