import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { productItem } from '../../test/fixtures';
import { renderWithI18n } from '../../test/render';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

const images = (container: HTMLElement) => [...container.querySelectorAll('img')];

describe('ProductGrid', () => {
  it('loads the first images at once and first, and the rest lazily, each with its size', () => {
    const products = Array.from({ length: 6 }, () => productItem());
    const { container } = renderWithI18n(
      <MemoryRouter>
        <ProductGrid products={products} priorityCount={2} />
      </MemoryRouter>,
    );
    expect(
      images(container).map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')]),
    ).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['lazy', null],
      ['lazy', null],
      ['lazy', null],
      ['lazy', null],
    ]);
    for (const img of images(container)) {
      expect(img.getAttribute('width')).toBe('400');
      expect(img.getAttribute('height')).toBe('400');
    }
  });

  it('loads every image lazily unless told otherwise', () => {
    const { container } = renderWithI18n(
      <MemoryRouter>
        <ProductGrid products={[productItem(), productItem()]} />
      </MemoryRouter>,
    );
    expect(images(container).every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
  });
});

describe('ProductGridSkeleton', () => {
  it('holds a card-shaped place for each product to come and says Loading... to screen readers', () => {
    const { container } = renderWithI18n(<ProductGridSkeleton count={5} layout="row" />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(container.querySelectorAll('.product-card--skeleton .product-card__media')).toHaveLength(5);
    expect(container.querySelector('ul')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('ul')?.className).toContain('product-grid--row');
  });
});
