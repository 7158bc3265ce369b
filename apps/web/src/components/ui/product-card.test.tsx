import { messages } from '@kshop/contract';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { productItem } from '../../test/fixtures';
import { renderWithI18n } from '../../test/render';
import { ProductCard, type ProductCardData } from './product-card';

function renderCard(product: ProductCardData) {
  const { container } = renderWithI18n(
    <MemoryRouter>
      <ProductCard product={product} />
    </MemoryRouter>,
  );
  return container;
}

const badgeTexts = () =>
  [...document.querySelectorAll('.product-card__badges .badge')].map((badge) => badge.textContent);

describe('ProductCard', () => {
  it('shows a sale price against the compared price, and says that won prices include VAT', () => {
    const container = renderCard(
      productItem({ totalPrice: 9000, comparedPrice: 12000, currencyCode: 'KRW' }),
    );
    const price = container.querySelector('.product-card__price')!;
    expect(price.querySelector('del')?.textContent).toBe('Was ₩12,000');
    expect(price.textContent).toContain('VAT incl.');
    cleanup();
    const dollars = renderCard(productItem({ totalPrice: 12.5, comparedPrice: 12.5, currencyCode: 'USD' }));
    expect(dollars.querySelector('.product-card__price del')).toBeNull();
    expect(dollars.textContent).not.toContain('VAT');
  });

  it('shows Members Only to guests, whose lists carry no prices', () => {
    renderCard(productItem({ title: 'MAP OF THE SOUL', totalPrice: null, currencyCode: null }));
    expect(screen.getByText(messages.membersOnly)).toBeTruthy();
  });

  it('shows a member the price in dollars or won', () => {
    renderCard(productItem({ totalPrice: 12.5, currencyCode: 'USD' }));
    expect(screen.getByText('US$12.50')).toBeTruthy();
    expect(screen.queryByText(messages.membersOnly)).toBeNull();
    cleanupAndRender(productItem({ totalPrice: 15000, currencyCode: 'KRW' }));
    expect(screen.getByText('₩15,000')).toBeTruthy();
  });

  it('shows title, vendor and the first ten characters of the release date, linking to the detail', () => {
    const product = productItem({
      title: 'Golden Hour',
      vendor: 'ADOR',
      releaseDate: '2025-06-01T09:00:00.000Z',
    });
    renderCard(product);
    const link = screen.getByRole('link', { name: 'Golden Hour' });
    expect(link.getAttribute('href')).toBe(`/productdetail/${product.optionUuid}`);
    expect(screen.getByText('ADOR')).toBeTruthy();
    expect(screen.getByText('2025-06-01')).toBeTruthy();
  });

  it('shows at most two badges, in the order sale, pre, new, hot', () => {
    renderCard(productItem({ tags: ['hot', 'new', 'pre', 'sale'] }));
    expect(badgeTexts()).toEqual(['SALE', 'PRE']);
  });

  it('keeps the badge order when only later badges apply', () => {
    renderCard(productItem({ tags: ['hot', 'new'] }));
    expect(badgeTexts()).toEqual(['NEW', 'HOT']);
  });

  it('covers a sold-out product with an overlay, which is not a badge', () => {
    const container = renderCard(productItem({ tags: ['sold out', 'new'] }));
    expect(screen.getByText('SOLD OUT')).toBeTruthy();
    expect(container.querySelector('.product-card--sold-out')).not.toBeNull();
    expect(badgeTexts()).toEqual(['NEW']);
  });

  it('has no overlay while in stock', () => {
    renderCard(productItem({ tags: ['new'] }));
    expect(screen.queryByText('SOLD OUT')).toBeNull();
  });
});

function cleanupAndRender(product: ProductCardData) {
  cleanup();
  renderCard(product);
}
