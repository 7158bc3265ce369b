import type { Sort, StockStatus } from '@kshop/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { listedProduct } from '../../db/listed.js';
import { products } from '../../db/schema.js';
import { containsPattern } from '../../lib/like.js';

export type ProductFilter = {
  categoryId?: number;
  artistId?: number;
  tag?: string;
  /** Lower-cased words that must all appear in the product's search text. */
  keywords?: string[];
  stockStatus: StockStatus;
  /**
   * Only products on pre-order whose order window is open now by the database's clock (`preorder=open`).
   * Such a list is read from the products themselves: the kept counts and facets cannot follow a deadline.
   */
  openPreorders?: boolean;
  sort: Sort;
  limit: number;
  offset: number;
};

/** The ids of a category and every category below it, read once per statement (an init plan). */
export const categorySubtree = (categoryId: number) => sql`array(
  with recursive tree as (
    select id from categories where id = ${categoryId}
    union all
    select c.id from categories c join tree on c.parent_id = tree.id)
  select id from tree)`;

/**
 * How a search's words are matched: `like` lets the planner find the matches through the trigram index;
 * `strpos` (the same test) keeps it from doing so, for a walk along a list index in list order, which the
 * planner would otherwise trade for sorting every match when it guesses a few words to be rare together.
 */
type WordMatch = 'like' | 'strpos';

const containsWord = (word: string, match: WordMatch) =>
  match === 'like'
    ? sql`${products.searchText} like ${containsPattern(word)}`
    : sql`strpos(${products.searchText}, ${word}) > 0`;

export function filterConditions(filter: ProductFilter, match: WordMatch = 'like'): SQL[] {
  const conditions: SQL[] = [listedProduct()];
  if (filter.categoryId !== undefined && filter.categoryId !== 0) {
    conditions.push(sql`${products.categoryId} = any(${categorySubtree(filter.categoryId)})`);
  }
  if (filter.artistId !== undefined) conditions.push(sql`${filter.artistId} = any(${products.artistIds})`);
  if (filter.tag) conditions.push(sql`${filter.tag} = any(${products.tags})`);
  for (const word of filter.keywords ?? []) conditions.push(containsWord(word, match));
  if (filter.stockStatus === 'inStock') conditions.push(eq(products.inStock, true));
  if (filter.stockStatus === 'outOfStock') conditions.push(eq(products.inStock, false));
  if (filter.openPreorders) conditions.push(openPreorder());
  return conditions;
}

/**
 * On pre-order and inside its order window now: `windowState` 'OPEN' by the database's clock (a window ends at
 * `salesEndAt`). The bare `preorder` matches the predicate of the index of listed pre-orders (migration 0042).
 */
export const openPreorder = (): SQL => sql`(${products.preorder}
  and (${products.salesStartAt} is null or ${products.salesStartAt} <= now())
  and (${products.salesEndAt} is null or ${products.salesEndAt} > now()))`;

/** A stock state tested on a kept table's `inStock` column (true for every product). */
export const stockCondition = (stockStatus: StockStatus, inStock: SQL) =>
  stockStatus === 'inStock' ? inStock : stockStatus === 'outOfStock' ? sql`not ${inStock}` : sql`true`;

/** A list's category (with the categories below it) and stock state, tested on a kept table's columns. */
export function categoryAndStock(filter: ProductFilter, categoryId: SQL, inStock: SQL): SQL {
  const conditions: SQL[] = [stockCondition(filter.stockStatus, inStock)];
  if (filter.categoryId !== undefined && filter.categoryId !== 0) {
    conditions.push(sql`${categoryId} = any(${categorySubtree(filter.categoryId)})`);
  }
  return and(...conditions)!;
}
