import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ProductGrid, ProductGridSkeleton } from '../../../components/ui/product-grid';
import { EmptyState, ErrorState } from '../../../components/ui/status';
import { productListQuery } from '../../../lib/catalog-api';
import type { HomeSectionSpec } from '../home-sections';

/**
 * The titles that are the shop's own words rather than a category's name (home-sections.ts stays free of Lingui:
 * the inline script of index.html reads it).
 */
const SHOP_TITLES: Record<string, MessageDescriptor> = { 'PRE-ORDER': msg`PRE-ORDER` };

/** A row shows at most five cards at once; more placeholders would only be scrolled to. */
const ROW_SKELETON_CARDS = 5;

type HomeSectionProps = HomeSectionSpec & {
  /** How many leading cards load their image first (the section at the top of the page). */
  priorityCount?: number;
};

/** A titled strip of products on the home page with a VIEW ALL link to the full list. */
export function HomeSection({ title: name, viewAllTo, params, layout, priorityCount = 0 }: HomeSectionProps) {
  const headingId = useId();
  const { t, i18n } = useLingui();
  // A category's name (K-MERCH, K-MAGAZINE) is the same in every language; PRE-ORDER is the shop's word.
  const shopTitle = SHOP_TITLES[name];
  const title = shopTitle ? i18n._(shopTitle) : name;
  const gridLabel = t`${title} products`;
  const query = useQuery(productListQuery(params));
  const rowRef = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) => {
    const row = rowRef.current;
    row?.scrollBy({ left: direction * row.clientWidth * 0.9, behavior: 'smooth' });
  };
  const ends = useRowEnds(rowRef, query.data?.productOptionList.length ?? 0);

  return (
    <section aria-labelledby={headingId} className="home-section container">
      <header className="home-section__header">
        <h2 id={headingId} className="home-section__title">
          {title}
        </h2>
        <div className="home-section__tools">
          {/* Shown while loading too (disabled), so VIEW ALL does not move when the products arrive. */}
          {layout === 'row' && (query.isPending || (query.data?.productOptionList.length ?? 0) > 0) && (
            <>
              <button
                type="button"
                className="icon-button icon-button--outline"
                aria-label={t`Previous products`}
                disabled={query.isPending || ends.atStart}
                onClick={() => scroll(-1)}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <button
                type="button"
                className="icon-button icon-button--outline"
                aria-label={t`Next products`}
                disabled={query.isPending || ends.atEnd}
                onClick={() => scroll(1)}
              >
                <span aria-hidden="true">›</span>
              </button>
            </>
          )}
          <Link to={viewAllTo} className="home-section__view-all">
            <Trans>VIEW ALL</Trans>
          </Link>
        </div>
      </header>
      {query.isPending ? (
        layout === 'row' ? (
          <div className="home-section__row">
            <ProductGridSkeleton count={Math.min(params.limit, ROW_SKELETON_CARDS)} layout="row" />
          </div>
        ) : (
          <ProductGridSkeleton count={params.limit} />
        )
      ) : query.isError ? (
        <ErrorState message={t`Could not load products. Please try again.`} onRetry={() => query.refetch()} />
      ) : query.data.productOptionList.length === 0 ? (
        <EmptyState>
          <Trans>No products yet.</Trans>
        </EmptyState>
      ) : layout === 'row' ? (
        <div ref={rowRef} className="home-section__row">
          <ProductGrid
            products={query.data.productOptionList}
            label={gridLabel}
            layout="row"
            priorityCount={priorityCount}
          />
        </div>
      ) : (
        <ProductGrid
          products={query.data.productOptionList}
          label={gridLabel}
          priorityCount={priorityCount}
        />
      )}
    </section>
  );
}

/**
 * Whether the row is scrolled to its start or its end, so that the arrow that cannot move is disabled; kept
 * up to date on scrolling, on resizing and when the products change.
 */
function useRowEnds(rowRef: React.RefObject<HTMLDivElement | null>, itemCount: number) {
  const [ends, setEnds] = useState({ atStart: true, atEnd: true });
  const measure = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    // A pixel of slack: fractional widths can leave the end a hair short of the scroll width.
    const atStart = row.scrollLeft <= 1;
    const atEnd = row.scrollLeft + row.clientWidth >= row.scrollWidth - 1;
    setEnds((current) =>
      current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd },
    );
  }, [rowRef]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the row and its width change with the item count
  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure, rowRef, itemCount]);
  return ends;
}
