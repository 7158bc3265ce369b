import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { ProductGrid } from '../../../components/ui/product-grid';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/status';
import { type ProductListParams, productListQuery } from '../../../lib/catalog-api';

type HomeSectionProps = {
  title: string;
  viewAllTo: string;
  params: ProductListParams;
  layout: 'row' | 'grid';
};

/** A titled strip of products on the home page with a VIEW ALL link to the full list. */
export function HomeSection({ title, viewAllTo, params, layout }: HomeSectionProps) {
  const headingId = useId();
  const query = useQuery(productListQuery(params));
  const rowRef = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) => {
    const row = rowRef.current;
    row?.scrollBy({ left: direction * row.clientWidth * 0.9, behavior: 'smooth' });
  };

  return (
    <section aria-labelledby={headingId} className="home-section container">
      <header className="home-section__header">
        <h2 id={headingId} className="home-section__title">
          {title}
        </h2>
        <div className="home-section__tools">
          {layout === 'row' && (query.data?.productOptionList.length ?? 0) > 0 && (
            <>
              <button
                type="button"
                className="icon-button icon-button--outline"
                aria-label="Previous products"
                onClick={() => scroll(-1)}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <button
                type="button"
                className="icon-button icon-button--outline"
                aria-label="Next products"
                onClick={() => scroll(1)}
              >
                <span aria-hidden="true">›</span>
              </button>
            </>
          )}
          <Link to={viewAllTo} className="home-section__view-all">
            VIEW ALL
          </Link>
        </div>
      </header>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message="Could not load products. Please try again." onRetry={() => query.refetch()} />
      ) : query.data.productOptionList.length === 0 ? (
        <EmptyState>No products yet.</EmptyState>
      ) : layout === 'row' ? (
        <div ref={rowRef} className="home-section__row">
          <ProductGrid products={query.data.productOptionList} label={`${title} products`} layout="row" />
        </div>
      ) : (
        <ProductGrid products={query.data.productOptionList} label={`${title} products`} />
      )}
    </section>
  );
}
