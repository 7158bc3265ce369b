import type { Sort } from '@kshop/contract';
import { asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { productListFacets, products } from '../../db/schema.js';

/** A list order and its exact mirror (the same rows read from the far end). */
export type ListOrder = { forward: SQL[]; backward: SQL[] };

/** The columns the list orders read, on products or on the rows a page is picked among. */
type SortKeys = { createdAt: SQLWrapper; sales: SQLWrapper; releaseDate: SQLWrapper; id: SQLWrapper };

export const PRODUCT_KEYS: SortKeys = {
  createdAt: products.createdAt,
  sales: products.totalSalesQuantity,
  releaseDate: products.releaseDate,
  id: products.id,
};

/** The same columns by their plain names, as the subqueries a page is picked from select them. */
export const SELECTED_KEYS: SortKeys = {
  createdAt: sql`created_at`,
  sales: sql`total_sales_quantity`,
  releaseDate: sql`release_date`,
  id: sql`id`,
};

/** The facet rows' columns (migration 0027): creation and sales, not release dates. */
const FACET_KEYS = {
  createdAt: productListFacets.createdAt,
  sales: productListFacets.totalSalesQuantity,
  id: productListFacets.productId,
};

const latestOrder = (c: Pick<SortKeys, 'createdAt' | 'id'>): ListOrder => ({
  forward: [desc(c.createdAt), asc(c.id)],
  backward: [asc(c.createdAt), desc(c.id)],
});

const bestSellingOrder = (c: Pick<SortKeys, 'sales' | 'createdAt' | 'id'>): ListOrder => ({
  forward: [desc(c.sales), desc(c.createdAt), asc(c.id)],
  backward: [asc(c.sales), asc(c.createdAt), desc(c.id)],
});

/**
 * Releases from `today` on, soonest first; then past releases, newest first; then products without a
 * release date; ties by id. The part comes first, then the coming release date (null outside the first
 * part), then the release date the other way.
 */
function releaseDateOrder(c: Pick<SortKeys, 'releaseDate' | 'id'>, today: SQL): ListOrder {
  const part = sql`(case when ${c.releaseDate} >= ${today} then 0 when ${c.releaseDate} < ${today} then 1 else 2 end)`;
  const coming = sql`(case when ${c.releaseDate} >= ${today} then ${c.releaseDate} end)`;
  return {
    forward: [
      sql`${part} asc`,
      sql`${coming} asc nulls last`,
      sql`${c.releaseDate} desc nulls first`,
      asc(c.id),
    ],
    backward: [
      sql`${part} desc`,
      sql`${coming} desc nulls first`,
      sql`${c.releaseDate} asc nulls last`,
      desc(c.id),
    ],
  };
}

/** A stretch of a list order that one list index holds in order: its products, and their order there. */
type OrderPart = { where: SQL | undefined; order: ListOrder };

/**
 * Spans a list order is cut into, each kept counted per group by product triggers: `table` sums the listed
 * products per `span`, and `before(span)` is the condition of the products in that span and the spans after
 * it, which a list index answers as a range.
 */
export type Spans = { table: SQL; span: SQL; before: (span: number) => SQL };

/**
 * Everything a list order needs, on every path a list or a search can take:
 * - `order`: the order on any table's columns, and its mirror, for the Korean day `today` (the page's rows
 *   are put in it, and a page among a search's few matches is picked in it);
 * - `parts`: the stretches of the order that list indexes hold in order (migrations 0016, 0019, 0035): a page
 *   is walked through them, from the start or, mirrored, from the end. An order that turns on the day has
 *   more than one;
 * - `facetOrder`: the order on an artist's or a tag's facet rows (decision 0036), or null when those rows lack
 *   its keys (the list then walks the list indexes with the artist or tag as a filter);
 * - `spans`: the kept spans of a category's or stock state's list (decision 0025), or null (deep pages then
 *   walk from the nearer end);
 * - `keywordSpans`: the kept spans of a kept keyword's matches (decision 0036), or null;
 * - `followsSales`: whether products' sales totals order it (its kept answers turn stale with new totals);
 * - `turnsOnTheDay`: whether the order changes with the Korean day (its kept answers are kept per day).
 */
export type SortDefinition = {
  order: (c: SortKeys, today: SQL) => ListOrder;
  parts: (today: SQL) => readonly OrderPart[];
  facetOrder: ListOrder | null;
  spans: Spans | null;
  keywordSpans: Spans | null;
  followsSales: boolean;
  turnsOnTheDay: boolean;
};

const DAY_SECONDS = 24 * 60 * 60;
const WEEK_SECONDS = 7 * DAY_SECONDS;

/** The products created before `seconds` past the epoch: the end of a week or a day, as a list index range. */
const createdBefore = (seconds: number) =>
  sql`${products.createdAt} < to_timestamp(${seconds}::double precision)`;

/** Products with the sales bands above `band` left out: band b holds the quantities q with b^2 <= 4q < (b + 1)^2. */
const soldLessThanBandAbove = (band: number) =>
  sql`${products.totalSalesQuantity} < ${Math.ceil((band + 1) ** 2 / 4)}`;

/**
 * The catalogue's list orders, one definition each (the contract's `SORTS`). Newest first walks one list
 * index, with weeks of creation kept (migration 0021) and a kept keyword's days (0028); best-selling likewise
 * with sales bands (0022, 0028); release date walks its three parts through two indexes (0035) and keeps
 * no spans.
 */
export const SORT_DEFINITIONS = {
  latest: {
    order: (c) => latestOrder(c),
    parts: () => [{ where: undefined, order: latestOrder(PRODUCT_KEYS) }],
    facetOrder: latestOrder(FACET_KEYS),
    spans: {
      table: sql`product_list_spans`,
      span: sql`week`,
      before: (week) => createdBefore((week + 1) * WEEK_SECONDS),
    },
    keywordSpans: {
      table: sql`search_keyword_spans`,
      span: sql`day`,
      before: (day) => createdBefore((day + 1) * DAY_SECONDS),
    },
    followsSales: false,
    turnsOnTheDay: false,
  },
  bestSelling: {
    order: (c) => bestSellingOrder(c),
    parts: () => [{ where: undefined, order: bestSellingOrder(PRODUCT_KEYS) }],
    facetOrder: bestSellingOrder(FACET_KEYS),
    spans: { table: sql`product_list_bands`, span: sql`band`, before: soldLessThanBandAbove },
    keywordSpans: { table: sql`search_keyword_bands`, span: sql`band`, before: soldLessThanBandAbove },
    followsSales: true,
    turnsOnTheDay: false,
  },
  releaseDate: {
    order: releaseDateOrder,
    parts: (today) => {
      const date = products.releaseDate;
      return [
        {
          where: sql`${date} >= ${today}`,
          order: { forward: [asc(date), asc(products.id)], backward: [desc(date), desc(products.id)] },
        },
        {
          where: sql`${date} < ${today}`,
          order: { forward: [desc(date), asc(products.id)], backward: [asc(date), desc(products.id)] },
        },
        // All null: the date keeps the walk on the index's null end, in id order.
        {
          where: sql`${date} is null`,
          order: { forward: [asc(date), asc(products.id)], backward: [desc(date), desc(products.id)] },
        },
      ];
    },
    facetOrder: null,
    spans: null,
    keywordSpans: null,
    followsSales: false,
    turnsOnTheDay: true,
  },
} satisfies Record<Sort, SortDefinition>;

/** Whether products' sales totals order lists and searches in `sort`. */
export const sortFollowsSales = (sort: Sort) => SORT_DEFINITIONS[sort].followsSales;

/** Whether lists and searches in `sort` change with the Korean day. */
export const sortTurnsOnTheDay = (sort: Sort) => SORT_DEFINITIONS[sort].turnsOnTheDay;
