import type { CurrencyCode, OrderStatus, SalesGroup, SalesInterval } from '@kshop/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/**
 * The statuses whose orders are sales: confirmed by staff and not cancelled (docs/decisions/0024). A
 * PENDING order is a request the shop has not accepted yet.
 */
export const SALES_STATUSES: readonly OrderStatus[] = [
  'CONFIRMED',
  'PAID',
  'PREPARING',
  'SHIPPED',
  'DELIVERED',
];

export type SalesRange = { from: string; to: string };

/** Orders that are sales, placed on the Korean days `from` to `to` (both included). */
const salesWhere = (r: SalesRange) => sql`o.status in (${sql.join(
  SALES_STATUSES.map((s) => sql`${s}::order_status`),
  sql`, `,
)})
  and o.created_at >= (${r.from}::date::timestamp at time zone 'Asia/Seoul')
  and o.created_at < ((${r.to}::date + 1)::timestamp at time zone 'Asia/Seoul')`;

type Sums = { amount: string | number; quantity: string | number; orders: string | number };
const rowsOf = async <T>(db: Executor, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export type SeriesRow = {
  currency: CurrencyCode;
  period: string;
  amount: number;
  quantity: number;
  orders: number;
};

/** Order-line sums per currency and Korean day or week (weeks start on Monday), minor units. */
export async function salesSeries(
  db: Executor,
  r: SalesRange,
  interval: SalesInterval,
): Promise<SeriesRow[]> {
  const unit = interval === 'week' ? sql`'week'` : sql`'day'`;
  const rows = await rowsOf<Sums & { currency: CurrencyCode; period: string }>(
    db,
    sql`select o.currency_code as currency,
      to_char(date_trunc(${unit}, o.created_at at time zone 'Asia/Seoul'), 'YYYY-MM-DD') as period,
      sum(d.amount) as amount, sum(d.quantity) as quantity, count(distinct o.id) as orders
    from orders o join order_details d on d.order_id = o.id
    where ${salesWhere(r)}
    group by 1, 2
    order by 1, 2`,
  );
  return rows.map((row) => ({ ...row, ...numbers(row) }));
}

const numbers = (row: Sums) => ({
  amount: Number(row.amount),
  quantity: Number(row.quantity),
  orders: Number(row.orders),
});

/** How each grouping names its group: its key, its label, and what else it joins. */
function grouping(by: SalesGroup): { key: SQL; label: SQL; groupBy: SQL; joins: SQL } {
  switch (by) {
    case 'product':
      // A line whose option is gone keeps the title it was ordered under.
      return {
        key: sql`po.product_id::text`,
        label: sql`coalesce(max(p.title), max(d.product_title))`,
        groupBy: sql`po.product_id, case when po.product_id is null then d.product_title end`,
        joins: sql``,
      };
    case 'category':
      return {
        key: sql`c.id::text`,
        label: sql`coalesce(max(c.name), 'Unknown category')`,
        groupBy: sql`c.id`,
        joins: sql`left join categories c on c.id = p.category_id`,
      };
    case 'artist':
      // A line of a product with several artists counts in full for each of them.
      return {
        key: sql`a.id::text`,
        label: sql`coalesce(max(a.name_en), 'No artist')`,
        groupBy: sql`a.id`,
        joins: sql`left join product_artists pa on pa.product_id = p.id left join artists a on a.id = pa.artist_id`,
      };
    case 'buyer':
      // An order whose account is gone keeps the company it was placed for.
      return {
        key: sql`o.buyer_id::text`,
        label: sql`coalesce(max(b.company_name), max(o.receiver_company_name))`,
        groupBy: sql`o.buyer_id, case when o.buyer_id is null then o.receiver_company_name end`,
        joins: sql`left join buyers b on b.id = o.buyer_id`,
      };
  }
}

export type GroupRow = {
  currency: CurrencyCode;
  key: string | null;
  label: string;
  amount: number;
  quantity: number;
  orders: number;
};

/**
 * Order-line sums per currency and group, largest amount first (then quantity, then label); at most
 * `limit` groups per currency when given. Minor units.
 */
export async function salesByGroup(
  db: Executor,
  r: SalesRange,
  by: SalesGroup,
  limit?: number,
): Promise<GroupRow[]> {
  const g = grouping(by);
  const rows = await rowsOf<Sums & { currency: CurrencyCode; key: string | null; label: string }>(
    db,
    sql`select currency, key, label, amount, quantity, orders from (
      select o.currency_code as currency, ${g.key} as key, ${g.label} as label,
        sum(d.amount) as amount, sum(d.quantity) as quantity, count(distinct o.id) as orders,
        row_number() over (partition by o.currency_code
          order by sum(d.amount) desc, sum(d.quantity) desc, ${g.label} asc, ${g.key} asc) as rank
      from orders o join order_details d on d.order_id = o.id
        left join product_options po on po.id = d.product_option_id
        left join products p on p.id = po.product_id
        ${g.joins}
      where ${salesWhere(r)}
      group by o.currency_code, ${g.groupBy}
    ) ranked
    ${limit === undefined ? sql`` : sql`where rank <= ${limit}`}
    order by currency, rank`,
  );
  return rows.map((row) => ({ ...row, ...numbers(row) }));
}
