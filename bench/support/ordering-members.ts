/**
 * The two demo members who order in the benchmarks that browse while orders flow, the options they order
 * (given plenty of stock first) and their prices, read as the storefront reads them.
 */
import type { Database } from '../../apps/api/dist/db/client.js';
import { login } from './long-tail.js';
import type { Buyer, Priced } from './order-stream.js';
import { sqlRows } from './prepared-shop.js';
import { json } from './staff-session.js';

const OPTIONS = 40;
export const MEMBERS = [
  { email: 'korea@demo.kshop.example', currency: 'KRW', country: 'KR' },
  { email: 'global@demo.kshop.example', currency: 'USD', country: 'US' },
] as const;

/** Each member's own options with the member's unit price (from the product detail, as the storefront reads it). */
async function pricedOptions(base: string, token: string, ids: string[]): Promise<Priced[]> {
  const priced: Priced[] = [];
  for (const id of ids) {
    const detail = await json(`${base}/api/v1/product/detail/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const option = (detail.body.data as { currentOption: { productPrice: { totalPrice: number } } })
      .currentOption;
    priced.push({ id, unit: option.productPrice.totalPrice });
  }
  return priced;
}

/** 40 default options of the newest listed products, each with plenty of stock, ordered one piece at a time. */
export async function plentyOfStock(db: Database): Promise<string[]> {
  const ids = (
    await sqlRows<{ id: string }>(
      db,
      `with chosen as (
        select o.id from product_options o join products p on p.id = o.product_id
        where o.is_default and p.deleted_at is null and p.is_published
        order by p.created_at desc, p.id limit ${OPTIONS}
      )
      update product_options set stock = 10000000, hold_stock = 0, minimum_order_quantity = 1, order_multiple = 1,
        max_per_order = null, is_sold_out = false
      where id in (select id from chosen) returning id`,
    )
  ).map((r) => r.id);
  await db.db.execute(
    `update products set in_stock = true
     where id in (select product_id from product_options where id in (${ids.map((id) => `'${id}'`).join(', ')}))`,
  );
  return ids;
}

/** The members logged in on the shop at `base`, each with half of the options and their prices. */
export async function orderingMembers(
  base: string,
  optionIds: readonly string[],
): Promise<{ tokens: string[]; buyers: Buyer[] }> {
  const tokens = await Promise.all(MEMBERS.map((m) => login(base, m.email)));
  const buyers: Buyer[] = await Promise.all(
    MEMBERS.map(async (m, i) => ({
      token: tokens[i]!,
      currency: m.currency,
      country: m.country,
      email: m.email,
      options: await pricedOptions(
        base,
        tokens[i]!,
        optionIds.filter((_, j) => j % MEMBERS.length === i),
      ),
    })),
  );
  return { tokens, buyers };
}
