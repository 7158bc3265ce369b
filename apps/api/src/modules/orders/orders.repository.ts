import type { CurrencyCode } from '@kshop/contract';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  buyers,
  idempotencyKeys,
  orderChanges,
  orderDetails,
  orderMemos,
  orderStatusHistory,
  orders,
  productOptions,
  products,
  staff,
} from '../../db/schema.js';
import { containsPattern } from '../../lib/like.js';
import { KEY_LIFETIME, type KeyId } from '../idempotency/idempotency.js';
import { memberUnitSql } from '../pricing/pricing.repository.js';

export const optionsWithProducts = (db: Executor, optionIds: string[]) =>
  db
    .select({ option: productOptions, product: products })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(inArray(productOptions.id, optionIds), sql`${products.deletedAt} is null`));

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

/** A storefront order's Idempotency-Key: the order is written together with its answer under this key. */
export type OrderKey = {
  id: KeyId;
  requestHash: string;
  /** The success message the answer carries (the route's). */
  placedMessage: string;
};

/** What a key holds: the hash of the request that took it, and the answer given (null: none yet). */
export type StoredAnswer = { requestHash: string; statusCode: number | null; response: unknown };

export type OrderShape = { currency: CurrencyCode; lineCount: number; keyed: boolean };

/** The statement's text per shape: built once, its values bound as placeholders on every run. */
const orderStatements = new Map<string, Query>();

/** Orders of up to this many lines keep their statement prepared (one per currency, count and keying). */
const PREPARED_LINES = 10;

const p = (name: string) => sql.placeholder(name);

/** No cap: the largest integer a column holds. */
const NO_CAP = sql.raw('2147483647');

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
 * `catalogueTotal`, `day`, the receiver's fields, `takenBy`, `option{i}`/`qty{i}` per line, and with a key
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
  // The sale waits in pending_sales for the next fold (decision 0034): no product row is written for it.
  const salesAmount = shape.currency === 'KRW' ? sql`amount_krw` : sql`amount_usd`;
  const keyRow = sql`k.buyer_id = ${p('buyer')}::uuid and k.route = ${p('route')}::text and k.key = ${p('key')}::text`;
  // With a key, a key answered before the statement began stops it before its first lock (`known`); else
  // the key is written with the order's answer in the same statement, after everything else (see
  // docs/decisions/0026-orders-in-one-round-trip.md).
  const known = shape.keyed
    ? sql`known as materialized (
      select k.request_hash, k.status_code, k.response from idempotency_keys k
      where ${keyRow} and k.created_at >= now() - ${KEY_LIFETIME}
    ),`
    : sql``;
  const go = shape.keyed ? sql`where not exists (select 1 from known)` : sql``;
  const keyWrites = shape.keyed
    ? sql`,
    answer as (
      select jsonb_build_object('statusCode', 200, 'message', ${p('placed')}::text,
        'data', jsonb_build_object('uuid', ord.id, 'orderNumber', ord.order_number)) as body
      from ord
    ),
    renewed as (
      update idempotency_keys k set request_hash = ${p('requestHash')}::text, status_code = 200,
        response = (select body from answer), created_at = now()
      where ${keyRow} and k.created_at < now() - ${KEY_LIFETIME} and exists (select 1 from answer)
      returning 1
    ),
    claim as (
      insert into idempotency_keys (buyer_id, route, key, request_hash, status_code, response)
      select ${p('buyer')}::uuid, ${p('route')}::text, ${p('key')}::text, ${p('requestHash')}::text, 200, body
      from answer
      where not exists (select 1 from renewed)
    )`
    : sql``;
  const query = dialect.sqlToQuery(sql`
    with v (id, qty, pos) as (values ${values}),
    ${known}
    quiet as materialized (select set_config('kshop.catalogue_quiet', 'on', true) as setting ${go}),
    prods as materialized (
      select p.id, p.title, p.image_urls[1] as thumbnail, (p.deleted_at is null and p.is_published) as listed,
        p.in_stock, p.preorder, p.sales_start_at, p.sales_end_at,
        (p.sales_start_at is null or p.sales_start_at <= now()) and (p.sales_end_at is null or now() < p.sales_end_at)
          as window_open
      from products p
      where (select setting from quiet) = 'on' and p.id in (select x.product_id from product_options x where x.id in (select id from v))
      order by p.id
      for no key update
    ),
    opts as materialized (
      select o.id, o.product_id, o.stock, o.hold_stock, o.is_sold_out, o.minimum_order_quantity,
        o.order_multiple, o.max_per_order, o.${price} as list_price, o.option_name_value1, o.option_name_value2,
        o.sku, o.preorder_cap, o.preorder_buyer_cap, o.preorder_taken
      from product_options o
      where o.product_id = any ((select array_agg(id) from prods)::uuid[])
      order by o.id
      for no key update
    ),
    buyer as (
      select b.id, b.email, b.company_name, b.business_registration_number from buyers b
      where b.id = ${p('buyer')}::uuid
    ),
    mine as materialized (
      select t.product_option_id as id, t.quantity from preorder_buyer_totals t
      where t.buyer_id = ${p('buyer')}::uuid and t.product_option_id in (select id from v)
    ),
    lines as materialized (
      select o.*, ${memberUnit} as unit, v.qty, p.title, p.thumbnail, p.preorder, p.sales_start_at,
        p.sales_end_at, p.window_open or ${p('anyWindow')}::boolean as window_open, coalesce(m.quantity, 0) as mine
      from v join opts o on o.id = v.id join prods p on p.id = o.product_id and p.listed
        left join mine m on m.id = o.id
    ),
    expected as (
      select case when ${p('catalogueTotal')}::boolean then (select sum(unit * qty) from lines)
        else ${p('expected')}::bigint end as minor
    ),
    go as (
      select exists (select 1 from buyer) and count(*) = ${shape.lineCount}
        and coalesce(bool_and(window_open and qty >= minimum_order_quantity and not is_sold_out and ${fits(sql``)}), false)
        and coalesce(bool_and(qty % order_multiple = 0 and qty <= coalesce(max_per_order, qty)), false)
        and coalesce(sum(unit * qty), -1) = (select minor from expected) as ok
      from lines
    ),
    held as (
      update product_options o set
        hold_stock = o.hold_stock + case when l.preorder then 0 else l.qty end,
        preorder_taken = o.preorder_taken + case when l.preorder then l.qty else 0 end,
        updated_at = now()
      from lines l
      where o.id = l.id and (select ok from go) and not o.is_sold_out and ${fits(sql`o.`, sql`l.`)}
      returning o.id, o.product_id, l.qty, l.unit, l.title, l.thumbnail, o.option_name_value1,
        o.option_name_value2, o.sku, l.preorder
    ),
    bought as (
      insert into preorder_buyer_totals as t (product_option_id, buyer_id, quantity)
      select h.id, ${p('buyer')}::uuid, h.qty from held h where h.preorder
      on conflict (product_option_id, buyer_id) do update set quantity = t.quantity + excluded.quantity
      where t.quantity + excluded.quantity
        <= coalesce((select x.preorder_buyer_cap from opts x where x.id = excluded.product_option_id), ${NO_CAP})
      returning 1
    ),
    ord as (
      insert into orders (order_number, buyer_id, status, currency_code, product_amount, final_amount,
        receiver_company_name, receiver_email, receiver_name, receiver_phone_number, receiver_postal_code,
        receiver_address_detail, receiver_country, business_registration_number, taken_by_staff_id)
      select ${p('day')}::text || '-' || nextval('order_number_seq'), b.id, 'PENDING', ${currency},
        (select minor from expected), (select minor from expected), b.company_name, ${p('companyEmail')}::text,
        ${p('receiverName')}::text, ${p('phoneNumber')}::text, ${p('postalCode')}::text,
        ${p('addressDetail')}::text, ${p('country')}::text, b.business_registration_number, ${p('takenBy')}::uuid
      from buyer b
      where (select count(*) from held) = ${shape.lineCount}
      returning id, order_number, product_amount
    ),
    details as (
      insert into order_details (order_id, product_option_id, quantity, unit_price, amount, currency_code,
        product_title, option_name_value1, option_name_value2, sku, thumbnail_url, position, preorder)
      select ord.id, h.id, h.qty, h.unit, h.unit * h.qty, ${currency}, h.title, h.option_name_value1,
        h.option_name_value2, h.sku, h.thumbnail, v.pos, h.preorder
      from ord cross join held h join v on v.id = h.id
    ),
    cart as (
      delete from cart_items c using ord
      where c.buyer_id = ${p('buyer')}::uuid and c.product_option_id in (select id from held)
        and ${p('takenBy')}::uuid is null
    ),
    sales as (
      insert into pending_sales (product_id, quantity, ${salesAmount})
      select product_id, sum(qty), sum(unit * qty) from held
      where exists (select 1 from ord)
      group by product_id
    ),
    mails as (
      insert into mail_queue (kind, order_id) select 'order_placed', id from ord
    ),
    sold_out as materialized (
      select mark_products_sold_out(array_agg(p.id)) as marked, array_agg(p.id) as ids
      from prods p
      where p.in_stock and not p.preorder and p.id in (select product_id from held) and exists (select 1 from ord)
        and not exists (
          select 1 from opts x left join held h on h.id = x.id
          where x.product_id = p.id and not x.is_sold_out
            and x.stock - x.hold_stock - coalesce(h.qty, 0) > 0)
      having count(*) > 0
    )${keyWrites}
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

/** The key's answer if it was given within the key's lifetime, read as committed now. */
export async function liveKey(db: Executor, id: KeyId): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.buyerId, id.buyerId),
        eq(idempotencyKeys.route, id.route),
        eq(idempotencyKeys.key, id.key),
        sql`${idempotencyKeys.createdAt} >= now() - ${KEY_LIFETIME}`,
      ),
    );
  return row ?? null;
}

/**
 * Stores a refusal as the key's answer (a statement of its own: the refusal wrote nothing else), unless the
 * key holds a live answer already or the buyer no longer exists. Answers whether it was stored.
 */
export async function keepAnswer(
  db: Executor,
  key: Omit<OrderKey, 'placedMessage'>,
  answer: { statusCode: number; message: string; data: null },
): Promise<boolean> {
  const { buyerId, route, key: value } = key.id;
  const rows = await db.execute(sql`
    insert into idempotency_keys (buyer_id, route, key, request_hash, status_code, response)
    select b.id, ${route}::text, ${value}::text, ${key.requestHash}::text, ${answer.statusCode}::int,
      ${JSON.stringify(answer)}::jsonb
    from buyers b where b.id = ${buyerId}::uuid
    on conflict (buyer_id, route, key) do update set request_hash = excluded.request_hash,
      status_code = excluded.status_code, response = excluded.response, created_at = now()
    where idempotency_keys.created_at < now() - ${KEY_LIFETIME}
    returning 1 as kept`);
  return (rows as unknown as { rows: unknown[] }).rows.length === 1;
}

export const releaseStock = (db: Executor, optionId: string, quantity: number) =>
  db
    .update(productOptions)
    .set({ holdStock: sql`greatest(${productOptions.holdStock} - ${quantity}, 0)`, updatedAt: sql`now()` })
    .where(eq(productOptions.id, optionId));

/** Shipping turns the hold into a real decrement of stock. */
export const shipStock = (db: Executor, optionId: string, quantity: number) =>
  db
    .update(productOptions)
    .set({
      stock: sql`greatest(${productOptions.stock} - ${quantity}, 0)`,
      holdStock: sql`greatest(${productOptions.holdStock} - ${quantity}, 0)`,
      updatedAt: sql`now()`,
    })
    .where(eq(productOptions.id, optionId));

export async function buyerForOrder(db: Executor, buyerId: string) {
  const [row] = await db
    .select({
      email: buyers.email,
      language: buyers.language,
      companyName: buyers.companyName,
      businessRegistrationNumber: buyers.businessRegistrationNumber,
    })
    .from(buyers)
    .where(eq(buyers.id, buyerId));
  return row ?? null;
}

export async function pageOfOrders(db: Executor, buyerId: string, limit: number, offset: number) {
  const rows = await db
    .select({ order: orders, totalCount: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(orders)
    .where(eq(orders.buyerId, buyerId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(limit)
    .offset(offset);
  let totalCount = rows[0]?.totalCount ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.buyerId, buyerId));
    totalCount = count?.n ?? 0;
  }
  return { orders: rows.map((r) => r.order), totalCount };
}

export const detailsOf = (db: Executor, orderIds: string[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(orderDetails)
        .where(inArray(orderDetails.orderId, orderIds))
        .orderBy(asc(orderDetails.position), asc(orderDetails.id));

/** The release and planned ship dates of the products of some options, as the catalogue has them now. */
export async function releaseDatesOf(db: Executor, optionIds: readonly string[]) {
  if (optionIds.length === 0)
    return new Map<string, { releaseDate: string | null; shipsOn: string | null }>();
  const rows = await db
    .select({ id: productOptions.id, releaseDate: products.releaseDate, shipsOn: products.shipsOn })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(inArray(productOptions.id, [...optionIds]));
  return new Map(rows.map(({ id, ...dates }) => [id, dates]));
}

export const memosOf = (db: Executor, orderId: string) =>
  db
    .select()
    .from(orderMemos)
    .where(eq(orderMemos.orderId, orderId))
    .orderBy(asc(orderMemos.createdAt), asc(orderMemos.id));

/**
 * One order: a member's own by its id (another member's answers as missing), or, for staff, any order by its
 * number or, said in so many words, by its id.
 */
export async function findOrder(
  db: Executor,
  where: { id: string; buyerId: string } | { id: string; anyBuyer: true } | { orderNumber: string },
) {
  const condition =
    'orderNumber' in where
      ? eq(orders.orderNumber, where.orderNumber)
      : 'anyBuyer' in where
        ? eq(orders.id, where.id)
        : and(eq(orders.id, where.id), eq(orders.buyerId, where.buyerId));
  const [row] = await db.select().from(orders).where(condition).limit(1);
  return row ?? null;
}

/** Locks the order row for a status change or a memo, so two staff actions apply one after the other. */
/** Staff's choice for the order's short pre-order units (null: the buyer's own). The order is locked. */
export const setBackorderChoice = (db: Executor, orderId: string, choice: 'KEEP' | 'CANCEL' | null) =>
  db.update(orders).set({ backorderChoice: choice, updatedAt: sql`now()` }).where(eq(orders.id, orderId));

export async function lockOrderByNumber(db: Executor, orderNumber: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .for('update')
    .limit(1);
  return row ?? null;
}

export const setOrderStatus = (
  db: Executor,
  orderId: string,
  status: (typeof orders.$inferSelect)['status'],
) => db.update(orders).set({ status, updatedAt: sql`now()` }).where(eq(orders.id, orderId));

export const insertMemo = (db: Executor, memo: typeof orderMemos.$inferInsert) =>
  db.insert(orderMemos).values(memo);

export const setFinalAmount = (db: Executor, orderId: string, finalAmount: number) =>
  db.update(orders).set({ finalAmount, updatedAt: sql`now()` }).where(eq(orders.id, orderId));

export type AdminOrderFilter = {
  status?: (typeof orders.$inferSelect)['status'];
  from?: string;
  to?: string;
  buyer?: string;
  orderNumber?: string;
  /** Only the orders this staff member is in charge of (the list's `assigned=me`). */
  assignedTo?: string;
  sort?: AdminOrderSort;
  dir?: 'asc' | 'desc';
  limit: number;
  offset: number;
};
export type AdminOrderSort = 'date' | 'amount' | 'status';

/** Registration numbers compared without dashes, dots or spaces: '123-45-67890' finds 1234567890. */
const bareRegistration = (column: SQL | typeof orders.businessRegistrationNumber) =>
  sql`regexp_replace(${column}, '[-.[:space:]]', '', 'g')`;

/**
 * The list's order, from a fixed set (never SQL from the client). Amounts sort within each currency (won
 * and dollars never compare); ties go newest first.
 */
function adminOrderSortBy(f: Pick<AdminOrderFilter, 'sort' | 'dir'>): SQL[] {
  const by = f.dir === 'asc' ? asc : desc;
  const newest = [desc(orders.createdAt), desc(orders.orderNumber)];
  switch (f.sort) {
    case 'amount':
      return [asc(orders.currencyCode), by(orders.finalAmount), ...newest];
    case 'status':
      return [by(orders.status), ...newest];
    default:
      return f.dir === 'asc' ? [asc(orders.createdAt), asc(orders.orderNumber)] : newest;
  }
}

/** The back office's order filters (the list's and the exports'), joined with `buyers`. */
export function adminOrderConditions(f: Omit<AdminOrderFilter, 'limit' | 'offset'>): SQL[] {
  const conditions: SQL[] = [];
  if (f.status) conditions.push(eq(orders.status, f.status));
  // Days are the shop's days, in Korea.
  if (f.from)
    conditions.push(sql`${orders.createdAt} >= (${f.from}::date::timestamp at time zone 'Asia/Seoul')`);
  if (f.to)
    conditions.push(sql`${orders.createdAt} < ((${f.to}::date + 1)::timestamp at time zone 'Asia/Seoul')`);
  if (f.orderNumber) conditions.push(ilike(orders.orderNumber, containsPattern(f.orderNumber)));
  if (f.assignedTo) conditions.push(eq(orders.personInChargeStaffId, f.assignedTo));
  if (f.buyer) {
    const like = containsPattern(f.buyer);
    const bare = f.buyer.replace(/[-.\s]/g, '');
    conditions.push(
      or(
        ilike(orders.receiverCompanyName, like),
        ilike(buyers.email, like),
        ilike(buyers.companyName, like),
        ...(bare
          ? [
              ilike(bareRegistration(orders.businessRegistrationNumber), containsPattern(bare)),
              ilike(bareRegistration(sql`${buyers.businessRegistrationNumber}`), containsPattern(bare)),
            ]
          : []),
      )!,
    );
  }
  return conditions;
}

/** Orders for the back office, newest first, with the buyer and the person in charge. */
export async function searchOrders(db: Executor, f: AdminOrderFilter) {
  const conditions = adminOrderConditions(f);
  const rows = await db
    .select({
      order: orders,
      buyerEmail: buyers.email,
      personInCharge: staff.email,
      lineCount: sql<number>`(select count(*) from order_details d where d.order_id = orders.id)`.mapWith(
        Number,
      ),
      // Who took the order for the buyer (issue 11), by name or else e-mail; null for the buyer's own.
      takenBy: sql<
        string | null
      >`(select coalesce(nullif(t.name, ''), t.email) from staff t where t.id = orders.taken_by_staff_id)`,
      totalCount: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .leftJoin(staff, eq(staff.id, orders.personInChargeStaffId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...adminOrderSortBy(f))
    .limit(f.limit)
    .offset(f.offset);
  return { rows, totalCount: rows[0]?.totalCount ?? 0 };
}

/** An active staff member, share-locked so it cannot be disabled before the order names it. */
export async function lockActiveStaff(db: Executor, staffId: string) {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), isNull(staff.disabledAt)))
    .for('share');
  return row ?? null;
}

export const setPersonInCharge = (db: Executor, orderId: string, staffId: string | null) =>
  db
    .update(orders)
    .set({ personInChargeStaffId: staffId, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));

export const countByStatus = (db: Executor) =>
  db
    .select({ status: orders.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .groupBy(orders.status);

/** A memo of the order, locked for an edit or a void (after the order: the shop's lock order). */
export async function lockMemo(db: Executor, orderId: string, memoId: string) {
  const [row] = await db
    .select()
    .from(orderMemos)
    .where(and(eq(orderMemos.id, memoId), eq(orderMemos.orderId, orderId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export const editMemo = (
  db: Executor,
  memoId: string,
  content: string,
  amount: number,
  staffId: string | null,
) =>
  db
    .update(orderMemos)
    .set({ content, amount, editedByStaffId: staffId, editedAt: sql`now()` })
    .where(eq(orderMemos.id, memoId));

export const voidMemo = (db: Executor, memoId: string, staffId: string | null) =>
  db
    .update(orderMemos)
    .set({ voidedByStaffId: staffId, voidedAt: sql`now()` })
    .where(eq(orderMemos.id, memoId));

export const insertStatusHistory = (db: Executor, row: typeof orderStatusHistory.$inferInsert) =>
  db.insert(orderStatusHistory).values(row);

export const statusHistoryOf = (db: Executor, orderId: string) =>
  db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));

/** Line edits and shipments of the order, oldest first. */
export const changesOf = (db: Executor, orderId: string) =>
  db
    .select()
    .from(orderChanges)
    .where(eq(orderChanges.orderId, orderId))
    .orderBy(asc(orderChanges.createdAt), asc(orderChanges.id));

/** Staff members by id, disabled ones too (they still wrote what they wrote). */
export const staffByIds = (db: Executor, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: staff.id, email: staff.email, name: staff.name })
        .from(staff)
        .where(inArray(staff.id, ids));

export const activeStaff = (db: Executor) =>
  db
    .select({ id: staff.id, email: staff.email, name: staff.name })
    .from(staff)
    .where(isNull(staff.disabledAt))
    .orderBy(asc(staff.email));
