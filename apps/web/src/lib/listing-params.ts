import {
  listingTag,
  PAGE_SIZE,
  PREORDER_FILTERS,
  PRODUCT_TAGS,
  type PreorderFilter,
  type ProductTag,
  SORTS,
  type Sort,
  STOCK_STATUSES,
  type StockStatus,
} from '@kshop/contract';
import type { ProductListParams } from './catalog-api';

/** Page, sort and stock filter of a product listing, read from the address (spec section 9 defaults). */
export type ListingState = { page: number; sort: Sort; stockStatus: StockStatus };

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined;
}

export function readListing(params: URLSearchParams): ListingState {
  return {
    page: positiveInt(params.get('page')) ?? 1,
    sort: oneOf(SORTS, params.get('sort'), 'latest'),
    stockStatus: oneOf(STOCK_STATUSES, params.get('stockStatus'), 'all'),
  };
}

export const readTag = (value: string | null): ProductTag | undefined =>
  PRODUCT_TAGS.includes(value as ProductTag) ? (value as ProductTag) : undefined;

/** The list's pre-order filter from the address ('open'), absent for any other value. */
export const readPreorder = (value: string | null): PreorderFilter | undefined =>
  PREORDER_FILTERS.includes(value as PreorderFilter) ? (value as PreorderFilter) : undefined;

/**
 * The products /productlist/{categoryId} shows: a category, an artist (category 0 + artistId) or a tag (category 0
 * + tag; 'pre' only there). A category id that is not a whole number gives NaN, which the page shows as not found.
 */
export function productListParams(rawCategoryId: string, searchParams: URLSearchParams): ProductListParams {
  const categoryId = /^\d+$/.test(rawCategoryId) ? Number(rawCategoryId) : Number.NaN;
  return {
    ...readListing(searchParams),
    limit: PAGE_SIZE.productList,
    categoryId,
    artistId: positiveInt(searchParams.get('artistId')),
    tag: listingTag(categoryId, readTag(searchParams.get('tag'))),
    preorder: readPreorder(searchParams.get('preorder')),
  };
}

/**
 * The same address with one query value changed (removed for null); a changed filter or sort starts again at
 * page 1.
 */
export function withParam(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(key);
  else next.set(key, value);
  if (key !== 'page') next.delete('page');
  return next;
}
