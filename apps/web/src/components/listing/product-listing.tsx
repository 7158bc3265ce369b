import {
  PAGE_SIZE,
  type ProductListData,
  pageCount,
  SORTS,
  type Sort,
  STOCK_STATUSES,
  type StockStatus,
} from '@kshop/contract';
import { Pagination } from '@kshop/ui';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { readListing, readPreorder, withParam } from '../../lib/listing-params';
import { FIRST_ROW, ProductGrid, ProductGridSkeleton } from '../ui/product-grid';
import { EmptyState, ErrorState } from '../ui/status';
import './product-listing.css';

/** The sort choices as a listing shows them (the contract's SORT_LABELS), in the page's language. */
const SORT_TEXTS: Record<Sort, MessageDescriptor> = {
  latest: msg`Latest`,
  bestSelling: msg`Best Selling`,
  releaseDate: msg`Release Date`,
};

/** The stock filter's choices (the contract's STOCK_STATUS_LABELS), in the page's language. */
const STOCK_STATUS_TEXTS: Record<StockStatus, MessageDescriptor> = {
  all: msg`ALL`,
  inStock: msg`In stock`,
  outOfStock: msg`Out of stock`,
};

type ProductListingProps = {
  title: ReactNode;
  /** A small line above the title, e.g. 'Search results'. */
  eyebrow?: string;
  query: UseQueryResult<ProductListData>;
  /** 'No products found.' (in the page's language) unless given. */
  emptyMessage?: string;
  /** Offers 'Open pre-orders only' (the address's `preorder=open`): the product lists take it, search does not. */
  preorderFilter?: boolean;
  /** What a member can do from each card (a quantity box and Add: the list as an order form). */
  cardAction?: (product: ProductListData['productOptionList'][number]) => ReactNode;
};

/**
 * A product list or search result: title, stock filter and sort, four-column grid and pagination, all driven
 * by the address so that reload, back and shared links show the same page.
 */
export function ProductListing({
  title,
  eyebrow,
  query,
  emptyMessage,
  preorderFilter,
  cardAction,
}: ProductListingProps) {
  const { t, i18n } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const listing = readListing(searchParams);
  const totalCount = query.data?.totalCount ?? 0;
  const totalPages = pageCount(totalCount, PAGE_SIZE.productList);

  const openPreordersOnly = readPreorder(searchParams.get('preorder')) === 'open';
  const change = (key: 'sort' | 'stockStatus' | 'preorder', value: string | null) =>
    setSearchParams(withParam(searchParams, key, value));
  const hrefForPage = (page: number) => `${pathname}?${withParam(searchParams, 'page', String(page))}`;

  return (
    <div className="listing container">
      <header className="listing__header">
        {eyebrow && <p className="listing__eyebrow">{eyebrow}</p>}
        <h1 className="listing__title">{title}</h1>
        {/* Always there, empty until the count is known, so the controls below do not move when it arrives. */}
        <p className="listing__count" aria-live="polite">
          {query.data && <Plural value={totalCount} one="# item" other="# items" />}
        </p>
      </header>
      <div className="listing__controls">
        {preorderFilter && (
          <label className="listing__toggle">
            <input
              type="checkbox"
              checked={openPreordersOnly}
              onChange={(event) => change('preorder', event.target.checked ? 'open' : null)}
            />
            <span>
              <Trans>Open pre-orders only</Trans>
            </span>
          </label>
        )}
        <div className="select-field">
          <select
            aria-label={t`Stock status`}
            value={listing.stockStatus}
            onChange={(event) => change('stockStatus', event.target.value)}
          >
            {STOCK_STATUSES.map((value) => (
              <option key={value} value={value}>
                {i18n._(STOCK_STATUS_TEXTS[value])}
              </option>
            ))}
          </select>
        </div>
        <div className="select-field">
          <select
            aria-label={t`Sort`}
            value={listing.sort}
            onChange={(event) => change('sort', event.target.value)}
          >
            {SORTS.map((value) => (
              <option key={value} value={value}>
                {i18n._(SORT_TEXTS[value])}
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.isPending ? (
        <ProductGridSkeleton count={PAGE_SIZE.productList} />
      ) : query.isError ? (
        <ErrorState message={t`Could not load products. Please try again.`} onRetry={() => query.refetch()} />
      ) : query.data.productOptionList.length === 0 ? (
        <EmptyState>{emptyMessage ?? t`No products found.`}</EmptyState>
      ) : (
        <div
          className={
            query.isPlaceholderData ? 'listing__results listing__results--stale' : 'listing__results'
          }
        >
          {/* The cards' titles are h3: this keeps the heading levels in order under the page's h1. */}
          <h2 className="visually-hidden">
            <Trans>Products</Trans>
          </h2>
          <ProductGrid
            products={query.data.productOptionList}
            priorityCount={FIRST_ROW}
            cardAction={cardAction}
          />
          <Pagination currentPage={listing.page} totalPages={totalPages} hrefForPage={hrefForPage} />
        </div>
      )}
    </div>
  );
}
