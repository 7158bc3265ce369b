import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../../test/render';
import { OrderLines } from './order-lines';

const line = (
  n: number,
  extra: {
    preorder?: boolean;
    releaseDate?: string | null;
    shipsOn?: string | null;
    allocatedQuantity?: number;
    shippedQuantity?: number;
    backorderQuantity?: number;
  },
) => ({
  orderDetailUuid: `0d000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  quantity: n,
  amount: 15000 * n,
  currencyCode: 'KRW' as const,
  productOption: {
    productOptionUuid: null,
    productTitle: `Album ${n}`,
    optionNameValue1: 'A',
    optionNameValue2: null,
    thumbnailUrlArray: [`/media/${n}.svg`],
  },
  ...extra,
});

const itemOf = (title: string) => within(screen.getByText(title).closest('li') as HTMLElement);

describe('the lines of an order', () => {
  it('marks a pre-order line with its release date and planned ship date', () => {
    renderWithI18n(
      <OrderLines
        lines={[
          line(1, { preorder: true, releaseDate: '2026-12-18', shipsOn: '2026-12-20' }),
          line(2, { preorder: true, releaseDate: '2026-12-18', shipsOn: null }),
          line(3, { preorder: false, releaseDate: '2026-01-01', shipsOn: null }),
        ]}
      />,
    );
    expect(itemOf('Album 1').getByText('Pre-order')).toBeTruthy();
    expect(itemOf('Album 1').getByText('Release date: 2026-12-18')).toBeTruthy();
    expect(itemOf('Album 1').getByText('Ships from 2026-12-20')).toBeTruthy();
    expect(itemOf('Album 2').getByText('Pre-order')).toBeTruthy();
    expect(itemOf('Album 2').queryByText(/Ships from/)).toBeNull();
    expect(itemOf('Album 3').queryByText(/Pre-order|Release date/)).toBeNull();
  });

  it('says per pre-order line how much was ordered, allocated, shipped and is on backorder', () => {
    renderWithI18n(
      <OrderLines
        lines={[
          line(5, { preorder: true, allocatedQuantity: 3, shippedQuantity: 2, backorderQuantity: 2 }),
          line(4, { preorder: true, allocatedQuantity: 0, shippedQuantity: 0, backorderQuantity: 0 }),
          line(6, { preorder: true, allocatedQuantity: 6, backorderQuantity: 0 }),
          line(7, { preorder: false, shippedQuantity: 7 }),
        ]}
      />,
    );
    const figures = (title: string) =>
      itemOf(title).getByRole('list', { name: 'Pre-order quantities' }).querySelectorAll('li');
    expect([...figures('Album 5')].map((item) => item.textContent)).toEqual([
      'Ordered 5',
      'Allocated 3',
      'Shipped 2',
      'On backorder 2',
    ]);
    expect([...figures('Album 4')].map((item) => item.textContent)).toEqual(['Ordered 4']);
    expect([...figures('Album 6')].map((item) => item.textContent)).toEqual(['Ordered 6', 'Allocated 6']);
    expect(itemOf('Album 7').queryByRole('list', { name: 'Pre-order quantities' })).toBeNull();
  });
});
