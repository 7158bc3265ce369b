import { Trans } from '@lingui/react/macro';

/**
 * The detail page while its product loads: the main image's square and the first lines of the information, where
 * they will be, so the page does not jump when the product arrives. Screen readers hear 'Loading...'.
 */
export function ProductDetailSkeleton() {
  return (
    <div className="product-detail container">
      <p role="status" className="visually-hidden">
        <Trans>Loading...</Trans>
      </p>
      <div className="product-detail__top" aria-hidden="true">
        <div className="gallery">
          <div className="gallery__main" />
        </div>
        <div className="product-detail__info product-detail__info--skeleton">
          <span className="skeleton-line skeleton-line--short" />
          <span className="skeleton-line skeleton-line--title" />
          <span className="skeleton-line skeleton-line--title skeleton-line--short" />
        </div>
      </div>
    </div>
  );
}
