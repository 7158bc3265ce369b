import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { type Executor, queryRows } from '../db/client.js';
import { body, type TestShop } from './app.js';

type Auth = { authorization: string };

/** Answers of 500 and above, with their bodies, so a failing test says what went wrong. */
export const serverErrors = (answers: LightMyRequestResponse[]) =>
  answers.filter((a) => a.statusCode >= 500).map((a) => `${a.statusCode} ${a.body}`);

export type StockRow = { id: string; stock: number; hold: number; open: number };

/**
 * Stock of every option of the products, with the quantity that open orders (neither shipped, delivered
 * nor cancelled) hold on it. The shop's promise: `stock >= hold >= 0` and `hold = open`.
 */
export async function stockOf(shop: TestShop, productIds: string[]): Promise<StockRow[]> {
  return queryRows<StockRow>(
    shop.db,
    sql`
      select o.id, o.stock, o.hold_stock as hold,
        coalesce((
          select sum(d.quantity)::int from order_details d join orders r on r.id = d.order_id
          where d.product_option_id = o.id and r.status not in ('SHIPPED', 'DELIVERED', 'CANCELLED')
        ), 0) as open
      from product_options o
      where o.product_id in (${sql.join(
        productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by o.id`,
  );
}

/** Rows that break the promise; empty when all is well. */
export const brokenStock = (rows: StockRow[]) =>
  rows.filter((r) => !(r.stock >= r.hold && r.hold >= 0 && r.hold === r.open));

/**
 * The artists' and tags' rows (`product_list_facets`, decision 0036) that differ from what the products
 * themselves say (of `productIds`, or of every product), each as `kept` or `derived` and the row: empty when
 * the trigger kept up.
 */
export async function driftedFacetRows(db: Executor, productIds?: string[]): Promise<string[]> {
  const ids = productIds
    ? sql`in (${sql.join(
        productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`is not null`;
  const rows = await queryRows<{ side: string; row: string }>(
    db,
    sql`
      with kept as (
        select concat_ws('/', facet, product_id, created_at, total_sales_quantity, category_id, in_stock) as row
        from product_list_facets where product_id ${ids}),
      derived as (
        select concat_ws('/', f, id, created_at, total_sales_quantity, category_id, in_stock) as row
        from products cross join lateral (
          select 'artist:' || a as f from unnest(artist_ids) a union select 'tag:' || t from unnest(tags) t) facets
        where id ${ids} and deleted_at is null and is_published)
      (select 'kept' as side, row from kept except all select 'kept', row from derived)
      union all
      (select 'derived', row from derived except all select 'derived', row from kept)`,
  );
  return rows.map((r) => `${r.side} ${r.row}`).sort();
}

const OPTION_KEYS = { optionNameKey1: 'VERSION', optionNameKey2: null, optionNameValue2: null };

/** A product made through the back office with `options` options, plenty of stock, 10,000 KRW each. */
export async function racingProduct(
  shop: TestShop,
  owner: Auth,
  title: string,
  options = 3,
  stock = 100_000,
) {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/products',
    headers: owner,
    payload: {
      title,
      vendor: 'Race Label',
      categoryId: 5,
      // An artist, so that the product's artist rows (decision 0036) are rewritten by the racing writes too.
      artistIds: [1],
      options: Array.from({ length: options }, (_, i) => ({
        ...OPTION_KEYS,
        optionNameValue1: `V${i + 1}`,
        priceKrw: 10_000,
        priceUsd: 8,
        stock,
        isDefault: i === 0,
      })),
    },
  });
  if (res.statusCode !== 200) throw new Error(`product not created: ${res.body}`);
  return body(res).data as AdminProduct;
}

export type AdminProduct = {
  uuid: string;
  options: { uuid: string; stock: number; holdStock: number }[];
} & Record<string, unknown>;

/** The product as the back office sends it back when saving, with new stock for every option. */
export const withStock = (product: AdminProduct, stock: number) => ({
  ...product,
  options: product.options.map((o) => ({ ...o, stock })),
});
