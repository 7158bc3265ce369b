import { SORTS, type Sort, STOCK_STATUSES, type StockStatus } from '@kshop/contract';

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

/** The same address with one query value changed; a changed filter or sort starts again at page 1. */
export function withParam(params: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(key, value);
  if (key !== 'page') next.delete('page');
  return next;
}
