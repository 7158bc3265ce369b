import type { ProductListItem } from '@kshop/contract';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ProductCard } from './product-card';
import './product-grid.css';

/** The cards of a first row on a wide screen (two rows on a phone): the images a visitor sees first. */
export const FIRST_ROW = 4;

type GridShape = {
  /** 'row' scrolls sideways inside its own box (the home carousel); 'grid' wraps into columns. */
  layout?: 'grid' | 'row';
  columns?: 3 | 4 | 6;
};

type ProductGridProps = GridShape & {
  products: readonly ProductListItem[];
  /** Names the list; 'Products' (in the page's language) unless given. */
  label?: string;
  /** How many leading cards load their image at once with high priority (the first row a visitor sees). */
  priorityCount?: number;
  /** What a member can do from each card (see `ProductCard`'s `action`). */
  cardAction?: (product: ProductListItem) => ReactNode;
};

const gridClass = ({ layout = 'grid', columns = 4 }: GridShape) =>
  `product-grid product-grid--${layout} product-grid--cols-${columns}`;

export function ProductGrid({ products, label, priorityCount = 0, cardAction, ...shape }: ProductGridProps) {
  const { t } = useLingui();
  return (
    <ul aria-label={label ?? t`Products`} className={gridClass(shape)}>
      {products.map((product, index) => (
        <li key={product.optionUuid} className="product-grid__item">
          <ProductCard product={product} priority={index < priorityCount} action={cardAction?.(product)} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Stands in for a grid while its products load: as many cards as will come, each exactly as tall as a product card,
 * so nothing below moves when the products arrive. Screen readers hear 'Loading...' as with the spinner.
 */
export function ProductGridSkeleton({ count, ...shape }: GridShape & { count: number }) {
  const { t } = useLingui();
  return (
    <div className="product-grid-skeleton">
      <p role="status" className="visually-hidden">
        {t`Loading...`}
      </p>
      <ul aria-hidden="true" className={gridClass(shape)}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          <li key={index} className="product-grid__item">
            <div className="product-card product-card--skeleton">
              <div className="product-card__media" />
              <div className="product-card__body">
                <span className="skeleton-line skeleton-line--short" />
                <span className="skeleton-line" />
                <span className="skeleton-line skeleton-line--short" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
