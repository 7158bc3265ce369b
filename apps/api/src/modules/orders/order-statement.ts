import type { CurrencyCode } from '@kshop/contract';
import { type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { KEY_LIFETIME } from '../idempotency/idempotency.js';
import { memberUnitSql } from '../pricing/pricing.repository.js';
import type { OrderKey, StoredAnswer } from './order-keys.repository.js';

const dialect = new PgDialect();

export type NewOrder = {
  buyerId: string;
  currency: CurrencyCode;
  /** One line per option, in the order's own order: the lines are listed so, while locks go by option id. */
  lines: readonly { optionId: string; quantity: number }[];
  /** What the buyer was shown, in minor units: the order is written only when the catalogue agrees. */
  expectedMinor: number;
  /** An order staff take for the buyer (issue 11): who took it. The buyer's cart is left as it is. */
  takenByStaffId?: string | null;
  /** True: the order's amount is the catalogue's own total under the locks, `expectedMinor` unchecked. */
  catalogueTotal?: boolean;
  /** True: products outside their order window are ordered anyway (staff, with a reason; issue 34). */
  anyWindow?: boolean;
  /** The order number's day part; the sequence gives the rest. */
  day: string;
  /** A storefront order's Idempotency-Key: its answer is stored with the order (see `writeOrder`). */
  once?: OrderKey;
  /** The buyer's own purchase-order number (issue 35), or null when none was given. */
  poReference?: string | null;
  receiver: {
    companyEmail: string;
    receiverName: string;
    phoneNumber: string;
    postalCode: string;
    addressDetail: string;
    /** ISO 3166-1 alpha-2, or null when unknown. */
    country: string | null;
  };
};

/** An ordered option as it stood under the order's locks, before anything was held. */
export type CheckedLine = {
  id: string;
  title: string;
  minimum: number;
  /** Quantity rules (issue 12): ordered in multiples of `multiple`, at most `maxPerOrder` (null: no limit). */
  multiple: number;
  maxPerOrder: number | null;
  /** The price in the order's currency, minor units. */
  unit: number;
  stock: number;
  hold: number;
  soldOut: boolean;
  /** Inside the product's order window (or ordered anyway), and the window itself (issue 34). */
  windowOpen: boolean;
  salesStartAt: string | null;
  salesEndAt: string | null;
  /** On pre-order: the option's caps (null: none), what open pre-orders took in all and this buyer's share. */
  preorder: boolean;
  preorderCap: number | null;
  preorderBuyerCap: number | null;
  preorderTaken: number;
  buyerTaken: number;
};

export type OrderWrite = {
  /** Whether the buyer exists (an unknown buyer orders nothing). */
  buyer: boolean | null;
  /** The ordered options that exist and whose product is not deleted. */
  lines: CheckedLine[];
  /** The order written, or null when it was refused. */
  order: { id: string; orderNumber: string; amount: number } | null;
  /** The order's products it marked out of stock; null when none (most orders). */
  soldOut: string[] | null;
  /**
   * With an Idempotency-Key (`NewOrder.once`): the key's stored answer when the key was already answered
   * (within its lifetime) as the statement began; the statement then locked and wrote nothing.
   */
  known?: StoredAnswer | null;
};

export type OrderShape = { currency: CurrencyCode; lineCount: number; keyed: boolean };

/** The statement's text per shape: built once, its values bound as placeholders on every run. */
const orderStatements = new Map<string, Query>();

/** Orders of up to this many lines keep their statement prepared (one per currency, count and keying). */
const PREPARED_LINES = 10;

const p = (name: string) => sql.placeholder(name);

/** No cap: the largest integer a column holds. */
const NO_CAP = sql.raw('2147483647');

/**
 * One named step of the order statement (a CTE). Materialized (the default), PostgreSQL computes it once, as the
 * locks and the values later steps read must be; a step that writes runs once anyway.
 */
const step = (name: string, body: SQL, materialized = true) =>
  sql`${sql.raw(name)} as ${materialized ? sql`materialized ` : sql``}(
      ${body}
    )`;

/**
 * Whether a line's quantity fits (issue 34): on pre-order, within what the option's caps leave (in all, and for
 * this buyer); otherwise within the stock less what open orders hold. `o` prefixes the option's columns and `l`
 * the line's, where they are apart.
 */
const fits = (o: SQL, l: SQL = o) =>
  sql`case when ${l}preorder
    then ${o}preorder_taken + ${l}qty <= coalesce(${o}preorder_cap, ${NO_CAP})
      and ${l}mine + ${l}qty <= coalesce(${o}preorder_buyer_cap, ${NO_CAP})
    else ${o}stock - ${o}hold_stock >= ${l}qty end`;

/**
 * The order statement of `writeOrder` for one shape, with placeholders: `buyer`, `expected`,
 * `catalogueTotal`, `day`, the receiver's fields, `takenBy`, `poReference`, `option{i}`/`qty{i}` per line, and with a key
 * `route`, `key`, `requestHash` and `placed`. Exported for `bench/ordering-vs-database.ts`, which runs the
 * very statement from pgbench.
 */
export function orderStatement(shape: OrderShape): Query {
  const cacheKey = `${shape.currency}|${shape.lineCount}|${shape.keyed}`;
  const cached = orderStatements.get(cacheKey);
  if (cached) return cached;
  const values = sql.join(
    // A line's place in the list is its place in the order (the locks go by id, in the CTEs below).
    Array.from(
      { length: shape.lineCount },
      (_, i) => sql`(${p(`option${i}`)}::uuid, ${p(`qty${i}`)}::int, ${sql.raw(String(i))})`,
    ),
    sql`, `,
  );
  const currency = sql`${shape.currency}::currency_code`;
  const price = shape.currency === 'KRW' ? sql`price_krw` : sql`price_usd`;
  // The buyer's price: their group's, less the tier for the line's quantity (decision 0021).
  const memberUnit = memberUnitSql(
    { id: sql`o.id`, listPrice: sql`o.list_price` },
    price,
    p('buyer'),
    sql`v.qty`,
  );
  const salesAmount = shape.currency === 'KRW' ? sql`amount_krw` : sql`amount_usd`;
  const keyRow = sql`k.buyer_id = ${p('buyer')}::uuid and k.route = ${p('route')}::text and k.key = ${p('key')}::text`;
  // The steps run in this order, each a CTE of the one statement (`writeOrder` tells the whole).
  const steps: SQL[] = [
    // The lines as ordered: a line's place in the list is its place in the order (the locks go by id).
    sql`v (id, qty, pos) as (values ${values})`,
    // With a key: an answer given within the key's lifetime stops the statement before its first lock.
    ...(shape.keyed
      ? [
          step(
            'known',
            sql`select k.request_hash, k.status_code, k.response from idempotency_keys k
      where ${keyRow} and k.created_at >= now() - ${KEY_LIFETIME}`,
          ),
        ]
      : []),
    // The catalogue's notifications wait for the commit; the caller announces the changes then (migration 0010).
    step(
      'quiet',
      sql`select set_config('kshop.catalogue_quiet', 'on', true) as setting
      ${shape.keyed ? sql`where not exists (select 1 from known)` : sql``}`,
    ),
    // The lock order's first rows: the ordered products in id order, their window judged by the database's clock.
    step(
      'prods',
      sql`select p.id, p.title, p.image_urls[1] as thumbnail, (p.deleted_at is null and p.is_published) as listed,
        p.in_stock, p.preorder, p.sales_start_at, p.sales_end_at,
        (p.sales_start_at is null or p.sales_start_at <= now()) and (p.sales_end_at is null or now() < p.sales_end_at)
          as window_open
      from products p
      where (select setting from quiet) = 'on' and p.id in (select x.product_id from product_options x where x.id in (select id from v))
      order by p.id
      for no key update`,
    ),
    // Then every option of those products in id order, filtered on the locked ids: no option is read before
    // every product is locked, and locked rows are read as they are now.
    step(
      'opts',
      sql`select o.id, o.product_id, o.stock, o.hold_stock, o.is_sold_out, o.minimum_order_quantity,
        o.order_multiple, o.max_per_order, o.${price} as list_price, o.option_name_value1, o.option_name_value2,
        o.sku, o.preorder_cap, o.preorder_buyer_cap, o.preorder_taken
      from product_options o
      where o.product_id = any ((select array_agg(id) from prods)::uuid[])
      order by o.id
      for no key update`,
    ),
    // The company comes from the buyer's profile, never from the request.
    step(
      'buyer',
      sql`select b.id, b.email, b.company_name, b.business_registration_number from buyers b
      where b.id = ${p('buyer')}::uuid`,
      false,
    ),
    // What this buyer's open pre-orders took of each option, for the cap per company.
    step(
      'mine',
      sql`select t.product_option_id as id, t.quantity from preorder_buyer_totals t
      where t.buyer_id = ${p('buyer')}::uuid and t.product_option_id in (select id from v)`,
    ),
    // Each line as it stands under the locks: its price for this buyer now, its product's window and caps.
    step(
      'lines',
      sql`select o.*, ${memberUnit} as unit, v.qty, p.title, p.thumbnail, p.preorder, p.sales_start_at,
        p.sales_end_at, p.window_open or ${p('anyWindow')}::boolean as window_open, coalesce(m.quantity, 0) as mine
      from v join opts o on o.id = v.id join prods p on p.id = o.product_id and p.listed
        left join mine m on m.id = o.id`,
    ),
    // The amount the buyer saw, or for a staff order the catalogue's own total.
    step(
      'expected',
      sql`select case when ${p('catalogueTotal')}::boolean then (select sum(unit * qty) from lines)
        else ${p('expected')}::bigint end as minor`,
      false,
    ),
    // The verdict: the buyer and every line exist, each line is open, meets its quantity rules and fits, and the
    // total is what was shown.
    step(
      'go',
      sql`select exists (select 1 from buyer) and count(*) = ${shape.lineCount}
        and coalesce(bool_and(window_open and qty >= minimum_order_quantity and not is_sold_out and ${fits(sql``)}), false)
        and coalesce(bool_and(qty % order_multiple = 0 and qty <= coalesce(max_per_order, qty)), false)
        and coalesce(sum(unit * qty), -1) = (select minor from expected) as ok
      from lines`,
      false,
    ),
    // Holds the stock (a pre-order line counts against the caps instead), checked again on the row as it is
    // updated: nothing is ever oversold, whatever ran meanwhile.
    step(
      'held',
      sql`update product_options o set
        hold_stock = o.hold_stock + case when l.preorder then 0 else l.qty end,
        preorder_taken = o.preorder_taken + case when l.preorder then l.qty else 0 end,
        updated_at = now()
      from lines l
      where o.id = l.id and (select ok from go) and not o.is_sold_out and ${fits(sql`o.`, sql`l.`)}
      returning o.id, o.product_id, l.qty, l.unit, l.title, l.thumbnail, o.option_name_value1,
        o.option_name_value2, o.sku, l.preorder`,
      false,
    ),
    // Raises the buyer's pre-order totals, the cap per company checked on the row as it is now.
    step(
      'bought',
      sql`insert into preorder_buyer_totals as t (product_option_id, buyer_id, quantity)
      select h.id, ${p('buyer')}::uuid, h.qty from held h where h.preorder
      on conflict (product_option_id, buyer_id) do update set quantity = t.quantity + excluded.quantity
      where t.quantity + excluded.quantity
        <= coalesce((select x.preorder_buyer_cap from opts x where x.id = excluded.product_option_id), ${NO_CAP})
      returning 1`,
      false,
    ),
    // The order, only when every line was held; numbered from the sequence, so a number never repeats.
    step(
      'ord',
      sql`insert into orders (order_number, buyer_id, status, currency_code, product_amount, final_amount,
        receiver_company_name, receiver_email, receiver_name, receiver_phone_number, receiver_postal_code,
        receiver_address_detail, receiver_country, business_registration_number, taken_by_staff_id, po_reference)
      select ${p('day')}::text || '-' || nextval('order_number_seq'), b.id, 'PENDING', ${currency},
        (select minor from expected), (select minor from expected), b.company_name, ${p('companyEmail')}::text,
        ${p('receiverName')}::text, ${p('phoneNumber')}::text, ${p('postalCode')}::text,
        ${p('addressDetail')}::text, ${p('country')}::text, b.business_registration_number, ${p('takenBy')}::uuid,
        ${p('poReference')}::text
      from buyer b
      where (select count(*) from held) = ${shape.lineCount}
      returning id, order_number, product_amount`,
      false,
    ),
    // Its lines, keeping the product's title and option names as they were when ordered.
    step(
      'details',
      sql`insert into order_details (order_id, product_option_id, quantity, unit_price, amount, currency_code,
        product_title, option_name_value1, option_name_value2, sku, thumbnail_url, position, preorder)
      select ord.id, h.id, h.qty, h.unit, h.unit * h.qty, ${currency}, h.title, h.option_name_value1,
        h.option_name_value2, h.sku, h.thumbnail, v.pos, h.preorder
      from ord cross join held h join v on v.id = h.id`,
      false,
    ),
    // What the buyer ordered leaves their cart; an order staff took for them leaves the cart as it is.
    step(
      'cart',
      sql`delete from cart_items c using ord
      where c.buyer_id = ${p('buyer')}::uuid and c.product_option_id in (select id from held)
        and ${p('takenBy')}::uuid is null`,
      false,
    ),
    // The sale waits in pending_sales for the next fold (decision 0034): no product row is written for it.
    step(
      'sales',
      sql`insert into pending_sales (product_id, quantity, ${salesAmount})
      select product_id, sum(qty), sum(unit * qty) from held
      where exists (select 1 from ord)
      group by product_id`,
      false,
    ),
    // The buyer's receipt and the shop's notice, written from the order when sent (decision 0035).
    step('mails', sql`insert into mail_queue (kind, order_id) select 'order_placed', id from ord`, false),
    // A product (not on pre-order) the hold left with nothing to order leaves the in-stock lists, through a
    // function called only when there is such a product (decision 0037).
    step(
      'sold_out',
      sql`select mark_products_sold_out(array_agg(p.id)) as marked, array_agg(p.id) as ids
      from prods p
      where p.in_stock and not p.preorder and p.id in (select product_id from held) and exists (select 1 from ord)
        and not exists (
          select 1 from opts x left join held h on h.id = x.id
          where x.product_id = p.id and not x.is_sold_out
            and x.stock - x.hold_stock - coalesce(h.qty, 0) > 0)
      having count(*) > 0`,
    ),
    // With a key, the order's answer is stored under it last; a key taken meanwhile fails the whole statement.
    ...(shape.keyed
      ? [
          step(
            'answer',
            sql`select jsonb_build_object('statusCode', 200, 'message', ${p('placed')}::text,
        'data', jsonb_build_object('uuid', ord.id, 'orderNumber', ord.order_number)) as body
      from ord`,
            false,
          ),
          step(
            'renewed',
            sql`update idempotency_keys k set request_hash = ${p('requestHash')}::text, status_code = 200,
        response = (select body from answer), created_at = now()
      where ${keyRow} and k.created_at < now() - ${KEY_LIFETIME} and exists (select 1 from answer)
      returning 1`,
            false,
          ),
          step(
            'claim',
            sql`insert into idempotency_keys (buyer_id, route, key, request_hash, status_code, response)
      select ${p('buyer')}::uuid, ${p('route')}::text, ${p('key')}::text, ${p('requestHash')}::text, 200, body
      from answer
      where not exists (select 1 from renewed)`,
            false,
          ),
        ]
      : []),
  ];
  const query = dialect.sqlToQuery(sql`
    with ${sql.join(steps, sql`,\n    `)}
    select
      (select true from buyer) as buyer,
      coalesce((select json_agg(json_build_object('id', id, 'title', title,
        'minimum', minimum_order_quantity, 'multiple', order_multiple, 'maxPerOrder', max_per_order, 'unit', unit, 'stock', stock, 'hold', hold_stock,
        'soldOut', is_sold_out, 'windowOpen', window_open, 'salesStartAt', sales_start_at, 'salesEndAt', sales_end_at,
        'preorder', preorder, 'preorderCap', preorder_cap, 'preorderBuyerCap', preorder_buyer_cap,
        'preorderTaken', preorder_taken, 'buyerTaken', mine)) from lines), '[]'::json) as lines,
      (select json_build_object('id', id, 'orderNumber', order_number, 'amount', product_amount) from ord) as "order",
      -- Selected so that the step runs: a plain CTE that no part of the statement reads is never run.
      (select to_json(ids) from sold_out where marked > 0) as "soldOut",
      ${shape.keyed ? sql`(select json_build_object('requestHash', request_hash, 'statusCode', status_code, 'response', response) from known) as known,` : sql``}
      -- A write that found fewer rows than the checks passed fails the statement whole (order_raced(), 40001).
      (select case when not (select ok from go) or (count(*) = ${shape.lineCount}
          and (select count(*) from bought) = count(*) filter (where preorder)) then true
        else order_raced() end from held) as whole`);
  if (shape.lineCount <= PREPARED_LINES) orderStatements.set(cacheKey, query);
  return query;
}

/**
 * Places a whole order in one statement, taking its locks in the shop's lock order
 * (docs/decisions/0010-lock-order.md):
 *
 * 1. `prods`: the products of the ordered options, in id order (deleted ones too);
 * 2. `opts`: every option of those products, in id order. Its filter is the array of the locked ids,
 *    an init plan that PostgreSQL computes once, and so locks every product, before it reads the first
 *    option. Locked rows are read as they are now (not as the statement's snapshot had them, which may
 *    predate a commit this statement waited for), and nobody else may change them until this
 *    transaction ends, since every writer of an option locks its product first;
 * 3. then, only if the buyer exists and every line exists, lies inside its product's order window (issue 34;
 *    staff may order outside it: `anyWindow`), meets its minimum, is not sold out and fits (`fits`: the stock
 *    less holds, or on pre-order what the option's caps leave in all and to this buyer), and the lines priced
 *    now add up to `expectedMinor`: the stock of every line is held (a pre-order line holds none and counts
 *    in the option's `preorder_taken` and the buyer's `preorder_buyer_totals` instead), the order is written
 *    (numbered from the sequence, with the company of the buyer's profile) with its lines, the ordered
 *    options leave the buyer's cart, each product's sale is appended to `pending_sales` (folded into its
 *    totals within a second or so, decision 0034), a product (not on pre-order) whose options the hold left
 *    with nothing to order loses `in_stock` (through `mark_products_sold_out`, migration 0029, called only
 *    when there is such a product: an UPDATE of products in the statement would run the products' statement
 *    triggers for every order, changed rows or not, decision 0037), and the order's two mails are queued
 *    (the buyer's receipt and the shop's notice, written from the order when sent: decision 0035).
 *    Otherwise nothing is written, and `lines` tell why.
 *
 * The hold keeps its own condition (`fits`, checked on the row as it is when updated), so stock and caps are
 * never oversold whatever happens; the buyer's pre-order total is raised by an upsert that checks the
 * per-buyer cap on the row as it is now. Should a write find fewer rows than the checks passed (the buyer's
 * total raised by another of their orders after this statement's snapshot), the statement fails whole as a
 * serialization failure (`order_raced()`, migration 0040) rather than keep part of an order; it is run again
 * and then refuses with the reason.
 *
 * With `once` (a storefront order's Idempotency-Key) the statement first reads the key: answered within its
 * lifetime, it stops there and returns the stored answer (`known`). Otherwise the written order's answer is
 * stored under the key by the same statement, as its last write; should another request with the key have
 * stored its answer meanwhile, that write fails as a unique violation and the statement writes nothing.
 *
 * Its catalogue changes do not notify (`quiet`, migration 0010: the setting lasts to the end of the
 * transaction): once the order is committed, the caller announces them with `notifications.announce`.
 * The statement's text is made once per currency, line count and keying; the values are bound to it.
 */
export async function writeOrder(db: Executor, o: NewOrder): Promise<OrderWrite> {
  const shape: OrderShape = { currency: o.currency, lineCount: o.lines.length, keyed: o.once !== undefined };
  const values: Record<string, unknown> = {
    buyer: o.buyerId,
    expected: o.expectedMinor,
    catalogueTotal: o.catalogueTotal ?? false,
    anyWindow: o.anyWindow ?? false,
    day: o.day,
    takenBy: o.takenByStaffId ?? null,
    poReference: o.poReference ?? null,
    ...o.receiver,
  };
  for (const [i, line] of o.lines.entries()) {
    values[`option${i}`] = line.optionId;
    values[`qty${i}`] = line.quantity;
  }
  if (o.once) {
    values.route = o.once.id.route;
    values.key = o.once.id.key;
    values.requestHash = o.once.requestHash;
    values.placed = o.once.placedMessage;
  }
  // One statement per shape: orders of a few lines, the usual ones, stay prepared.
  const name =
    o.lines.length <= PREPARED_LINES
      ? `place_order_${o.currency.toLowerCase()}_${o.lines.length}${o.once ? '_keyed' : ''}`
      : undefined;
  const result = await db._.session
    .prepareQuery(orderStatement(shape), undefined, name, false)
    .execute(values);
  return (result as { rows: OrderWrite[] }).rows[0]!;
}
