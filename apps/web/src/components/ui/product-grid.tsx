import type { ProductListItem } from '@kshop/contract';
import { ProductCard } from './product-card';
import './product-grid.css';

type ProductGridProps = {
  products: readonly ProductListItem[];
  label?: string;
  /** 'row' scrolls sideways inside its own box (the home carousel); 'grid' wraps into columns. */
  layout?: 'grid' | 'row';
  columns?: 3 | 4 | 6;
};

export function ProductGrid({
  products,
  label = 'Products',
  layout = 'grid',
  columns = 4,
}: ProductGridProps) {
  return (
    <ul aria-label={label} className={`product-grid product-grid--${layout} product-grid--cols-${columns}`}>
      {products.map((product) => (
        <li key={product.optionUuid} className="product-grid__item">
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
