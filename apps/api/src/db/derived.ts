import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from './client.js';
import { lockProducts } from './row-locks.js';

/**
 * Recomputes the columns a product keeps for fast listing: `search_text` (`product_search_text`, migration
 * 0038: title, vendor, artist names in English and Korean with their initial consonants, category names and
 * product-type words in both languages), `artist_ids` (its artists, in id order) and `in_stock` (some option not flagged sold
 * out with available stock left).
 * Every writer of products, options, stock or artist links calls it for the products it touched. The
 * products are locked in id order first (a no-op for a transaction that already holds them), so the
 * update never takes them in another order than the rest of the shop does. Answers the products that changed.
 */
export async function refreshProductDerived(
  db: Executor,
  productIds?: readonly string[],
  /** Orders change stock only; they leave the search text and artists alone. */
  { searchText = true }: { searchText?: boolean } = {},
): Promise<string[]> {
  if (productIds && productIds.length === 0) return [];
  if (productIds) await lockProducts(db, productIds);
  const only = productIds
    ? sql`where q.id in (${sql.join(
        productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const search = searchText
    ? sql`product_search_text(q.id) as search_text,
      array(select pa.artist_id from product_artists pa where pa.product_id = q.id order by 1) as artist_ids,`
    : sql``;
  // Only rows whose derived values change are written: an unchanged row costs no new row version, no
  // index entries and no list-count work.
  const [set, changed] = searchText
    ? [
        sql`search_text = d.search_text, artist_ids = d.artist_ids, in_stock = d.in_stock`,
        sql`(p.search_text, p.artist_ids, p.in_stock) is distinct from (d.search_text, d.artist_ids, d.in_stock)`,
      ]
    : [sql`in_stock = d.in_stock`, sql`p.in_stock is distinct from d.in_stock`];
  const updated = await queryRows<{ id: string }>(
    db,
    sql`
    update products p set ${set}
    from (
      select q.id, ${search}
        exists (
          select 1 from product_options o
          where o.product_id = q.id and not o.is_sold_out and o.stock - o.hold_stock > 0) as in_stock
      from products q
      ${only}
    ) d
    where p.id = d.id and ${changed}
    returning p.id`,
  );
  return updated.map((row) => row.id);
}
