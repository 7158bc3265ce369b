import type { Sort } from '@kshop/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, runsStatementsAtOnce } from '../../db/client.js';
import { listedProduct } from '../../db/listed.js';
import { productListFacets, productOptions, products } from '../../db/schema.js';
import { koreanDate } from '../../lib/korean-day.js';
import { listCount, listSums, listTotalOf, SPAN_WALK, spanOf } from './kept-counts.repository.js';
import {
  type ListOrder,
  PRODUCT_KEYS,
  SELECTED_KEYS,
  SORT_DEFINITIONS,
  type SortDefinition,
  type Spans,
} from './list-orders.js';
import { categoryAndStock, filterConditions, type ProductFilter } from './product-filter.js';
import {
  COUNT_IN_HALVES_ABOVE,
  FEW_MATCHES,
  KEEP_COUNTED_ABOVE,
  keywordSpanOf,
  searchCount,
} from './search.repository.js';

/**
 * Where to read a page: from the start, or, for a page past the middle of `totalCount` matches, from the
 * end in the mirrored order with the offset counted from there (the last page then costs what the first
 * does). `limit` shrinks on the last page so that the rows read from the end are exactly the page's.
 */
export function pageWindow(offset: number, limit: number, totalCount: number) {
  const fromEnd = totalCount - offset - limit;
  if (offset >= totalCount || fromEnd >= offset) return { backward: false, offset, limit };
  return { backward: true, offset: Math.max(fromEnd, 0), limit: Math.min(limit, totalCount - offset) };
}

const cardColumns = {
  id: products.id,
  categoryId: products.categoryId,
  title: products.title,
  vendor: products.vendor,
  imageUrl: sql<string | null>`${products.imageUrls}[1]`,
  releaseDate: products.releaseDate,
  tags: products.tags,
  inStock: products.inStock,
  statusId: products.statusId,
  nationCode2: products.nationCode2,
  totalSalesQuantity: products.totalSalesQuantity,
  totalSalesAmountKrw: products.totalSalesAmountKrw,
  totalSalesAmountUsd: products.totalSalesAmountUsd,
  salesStartAt: products.salesStartAt,
  salesEndAt: products.salesEndAt,
  eventType: products.eventType,
  eventApplyStartAt: products.eventApplyStartAt,
  eventApplyEndAt: products.eventApplyEndAt,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  deletedAt: products.deletedAt,
};

/** Where a page lies among the ordered matches: limit and offset, from the start or from the end. */
type Window = { backward: boolean; offset: SQL | number; limit: SQL | number };

/** `a + b` for a limit or an offset, numbers added here. */
const plus = (a: SQL | number, b: SQL | number) =>
  typeof a === 'number' && typeof b === 'number' ? a + b : sql`(${a})::bigint + (${b})::bigint`;

/** The sort keys a subquery selects from products for `SELECTED_KEYS`. */
const selectedKeys = sql`${products.id} as id, ${products.createdAt} as created_at,
  ${products.totalSalesQuantity} as total_sales_quantity, ${products.releaseDate} as release_date`;

/**
 * The ids of one page: walked in list order through the list indexes, or picked among all the matches.
 * An order of several parts walks each part's index for as many rows as the page and those before it need
 * (or after it, mirrored), and puts those few in order.
 */
function pageIds(
  where: SQL | undefined,
  sort: Sort,
  window: Window,
  among: 'walk' | 'matches',
  today: SQL,
): SQL {
  const definition: SortDefinition = SORT_DEFINITIONS[sort];
  const direction = (order: ListOrder) => sql.join(window.backward ? order.backward : order.forward, sql`, `);
  if (among === 'walk') {
    const parts = definition.parts(today);
    if (parts.length === 1) {
      return sql`(select ${products.id} as id from ${products} where ${and(where, parts[0]!.where)}
        order by ${direction(parts[0]!.order)} limit ${window.limit} offset ${window.offset})`;
    }
    const reach = plus(window.offset, window.limit);
    const walks = parts.map(
      (part) => sql`(select ${selectedKeys} from ${products} where ${and(where, part.where)}
        order by ${direction(part.order)} limit ${reach})`,
    );
    return sql`(select id from (${sql.join(walks, sql` union all `)}) parts
      order by ${direction(definition.order(SELECTED_KEYS, today))} limit ${window.limit} offset ${window.offset})`;
  }
  // 'offset 0' keeps the matches a query of their own, planned for all of them (by the trigram index for
  // a rare word) instead of for the first rows in list order.
  return sql`(select id from (select ${selectedKeys} from ${products} where ${where} offset 0) matches
    order by ${direction(definition.order(SELECTED_KEYS, today))} limit ${window.limit} offset ${window.offset})`;
}

/** The page's products with their default options, in list order, and whatever else `extra` selects. */
function readPage<E extends Record<string, SQL.Aliased | SQL>>(
  db: Executor,
  page: SQL,
  sort: Sort,
  today: SQL,
  extra: E,
) {
  return db
    .select({
      product: cardColumns,
      option: {
        id: productOptions.id,
        priceKrw: productOptions.priceKrw,
        priceUsd: productOptions.priceUsd,
        comparedPriceKrw: productOptions.comparedPriceKrw,
        comparedPriceUsd: productOptions.comparedPriceUsd,
        minimumOrderQuantity: productOptions.minimumOrderQuantity,
        orderMultiple: productOptions.orderMultiple,
      },
      ...extra,
    })
    .from(sql`${page} as "page"`)
    .innerJoin(products, sql`${products.id} = "page"."id"`)
    .innerJoin(
      productOptions,
      and(eq(productOptions.productId, products.id), eq(productOptions.isDefault, true)),
    )
    .orderBy(...SORT_DEFINITIONS[sort].order(PRODUCT_KEYS, today).forward);
}

/**
 * The facet an artist's or a tag's list is walked in (migration 0027, decision 0036), or undefined for a
 * list of neither or of both (those walk a list index of every product).
 */
function facetOf(filter: ProductFilter): string | undefined {
  if (filter.artistId !== undefined && !filter.tag) return `artist:${filter.artistId}`;
  if (filter.tag && filter.artistId === undefined) return `tag:${filter.tag}`;
  return undefined;
}

/**
 * The ids of one page of an artist's or a tag's list, walked in list order among that facet's products
 * alone, through one of the facet table's ordered covering indexes (index-only).
 */
function facetPageIds(facet: string, order: ListOrder, filter: ProductFilter, window: Window): SQL {
  const keys = sql.join(window.backward ? order.backward : order.forward, sql`, `);
  const where = and(
    eq(productListFacets.facet, facet),
    categoryAndStock(filter, sql`${productListFacets.categoryId}`, sql`${productListFacets.inStock}`),
  );
  return sql`(select ${productListFacets.productId} as id from ${productListFacets} where ${where}
    order by ${keys} limit ${window.limit} offset ${window.offset})`;
}

/**
 * A list page and its exact total. The first page carries the total in its own statement; a later page
 * reads the total first, to be placed from the nearer end (from the end past the middle).
 */
async function listPage(
  db: Executor,
  filter: ProductFilter,
  where: SQL | undefined,
  { spanWalk, today }: { spanWalk: number; today: SQL },
) {
  const definition: SortDefinition = SORT_DEFINITIONS[filter.sort];
  const facet = definition.facetOrder ? facetOf(filter) : undefined;
  const walk = (window: Window) =>
    facet && definition.facetOrder
      ? facetPageIds(facet, definition.facetOrder, filter, window)
      : pageIds(where, filter.sort, window, 'walk', today);
  if (filter.offset > 0) {
    const totalCount = await listCount(db, filter);
    if (filter.offset >= totalCount) return { rows: [], totalCount };
    const window = pageWindow(filter.offset, filter.limit, totalCount);
    const spans = definition.spans;
    const spanned =
      spans && window.offset > spanWalk && !filter.tag && filter.artistId === undefined
        ? await spanOf(db, filter, spans)
        : undefined;
    const page =
      spans && spanned
        ? pageIds(
            and(where, spans.before(spanned.span)),
            filter.sort,
            { backward: false, offset: filter.offset - spanned.before, limit: filter.limit },
            'walk',
            today,
          )
        : walk(window);
    const rows = await readPage(db, page, filter.sort, today, {});
    return { rows, totalCount };
  }
  const rows = await readPage(
    db,
    walk({ backward: false, offset: 0, limit: filter.limit }),
    filter.sort,
    today,
    {
      sums: sql<(string | number)[]>`${listSums(filter)}`,
    },
  );
  const first = rows[0];
  if (!first) return { rows: [], totalCount: await listCount(db, filter) };
  return {
    rows: rows.map(({ product, option }) => ({ product, option })),
    totalCount: listTotalOf(db, first.sums),
  };
}

/**
 * A list of open pre-orders and its exact total, read from the products in one statement, so the page and
 * the total compare the windows to the same now(). The few listed pre-orders are found through their own
 * index (migration 0042) and put in list order; the kept counts, spans and facets hold no deadlines.
 */
async function openPreorderPage(db: Executor, filter: ProductFilter, where: SQL | undefined, today: SQL) {
  const total = sql<string | number>`(select count(*) from ${products} where ${where})`;
  const window = { backward: false, offset: filter.offset, limit: filter.limit };
  const rows = await readPage(db, pageIds(where, filter.sort, window, 'matches', today), filter.sort, today, {
    total,
  });
  const first = rows[0];
  if (!first) {
    const counted = (await db.execute(sql`select ${total} as total`)) as unknown as {
      rows: { total: string | number }[];
    };
    return { rows: [], totalCount: Number(counted.rows[0]?.total ?? 0) };
  }
  return {
    rows: rows.map(({ product, option }) => ({ product, option })),
    totalCount: Number(first.total),
  };
}

/**
 * One page of products, each represented by its default option, and how many match in all. The page's
 * products are chosen first as ids from the list indexes alone (however deep the page), or among a rare
 * search's matches, then only those are read with their default options.
 */
export async function listProductCards(
  db: Executor,
  filter: ProductFilter,
  {
    fewMatches = FEW_MATCHES,
    keepAbove = KEEP_COUNTED_ABOVE,
    spanWalk = SPAN_WALK,
    halvesAbove = runsStatementsAtOnce(db) ? COUNT_IN_HALVES_ABOVE : Number.POSITIVE_INFINITY,
    today: day = koreanDate(),
  }: {
    fewMatches?: number;
    keepAbove?: number;
    spanWalk?: number;
    halvesAbove?: number;
    /** The day ('2026-11-22') the release-date order turns on: the Korean day by default. */
    today?: string;
  } = {},
) {
  const today = sql`${day}::date`;
  const where = and(...filterConditions(filter));
  if (filter.openPreorders && !filter.keywords?.length) return openPreorderPage(db, filter, where, today);
  if (!filter.keywords?.length) return listPage(db, filter, where, { spanWalk, today });
  const keywordSpans: Spans | null = SORT_DEFINITIONS[filter.sort].keywordSpans;
  // A search needs its total first, to choose how to find its page and from which end.
  const totalCount = await searchCount(db, filter, where, { keepAbove, halvesAbove });
  if (totalCount === 0) return { rows: [], totalCount };
  const few = totalCount <= fewMatches;
  const window = few
    ? { backward: false, offset: filter.offset, limit: filter.limit }
    : pageWindow(filter.offset, filter.limit, totalCount);
  const walk = and(...filterConditions(filter, 'strpos'));
  const spanned =
    keywordSpans &&
    !few &&
    window.offset > spanWalk &&
    !filter.categoryId &&
    filter.artistId === undefined &&
    !filter.tag
      ? await keywordSpanOf(db, filter, keywordSpans)
      : undefined;
  const page = few
    ? pageIds(where, filter.sort, window, 'matches', today)
    : keywordSpans && spanned
      ? pageIds(
          and(walk, keywordSpans.before(spanned.span)),
          filter.sort,
          { backward: false, offset: filter.offset - spanned.before, limit: filter.limit },
          'walk',
          today,
        )
      : pageIds(walk, filter.sort, window, 'walk', today);
  const rows = await readPage(db, page, filter.sort, today, {});
  return { rows, totalCount };
}

export type ProductCardRow = Awaited<ReturnType<typeof listProductCards>>['rows'][number];

/** The listed product an option belongs to, with its images, or null when it is not listed (or unknown). */
export async function imagesOfListedOption(db: Executor, optionId: string) {
  const [row] = await db
    .select({ productId: products.id, imageUrls: products.imageUrls })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(eq(productOptions.id, optionId), listedProduct()))
    .limit(1);
  return row ?? null;
}

export async function findProductByOption(db: Executor, optionId: string) {
  // One statement: a detail is made again on every stock change of its options.
  const rows = await db
    .select({ product: products, option: productOptions })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(
      and(
        eq(
          productOptions.productId,
          sql`(select o.product_id from ${productOptions} o where o.id = ${optionId})`,
        ),
        listedProduct(),
      ),
    )
    .orderBy(asc(productOptions.sortOrder), asc(productOptions.createdAt));
  const first = rows[0];
  if (!first) return null;
  return { product: first.product, options: rows.map((row) => row.option) };
}
