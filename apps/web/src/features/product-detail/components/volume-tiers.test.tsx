import type { ProductOptionDetail } from '@kshop/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../../test/render';
import { lineAmount } from './option-selection';
import { unitPriceAt, VolumeTierTable } from './volume-tiers';

const option = (productPrice: ProductOptionDetail['productPrice']): ProductOptionDetail => ({
  uuid: '11111111-1111-4111-8111-111111111111',
  optionNameKey1: 'VERSION',
  optionNameKey2: null,
  optionNameValue1: 'A',
  optionNameValue2: null,
  isDefault: true,
  isSoldOut: false,
  minimumOrderQuantity: 1,
  stock: 500,
  productPrice,
});

const tiered = option({
  totalPrice: 9000,
  comparedPrice: null,
  volumeTiers: [
    { minQuantity: 50, discountPercent: 5, price: 8550 },
    { minQuantity: 100, discountPercent: 8, price: 8280 },
  ],
});

describe('volume prices on the product page', () => {
  it('prices a selection at the tier of its quantity', () => {
    expect(unitPriceAt(tiered, 49)).toBe(9000);
    expect(unitPriceAt(tiered, 50)).toBe(8550);
    expect(unitPriceAt(tiered, 120)).toBe(8280);
    expect(lineAmount({ option: tiered, quantity: 100 })).toBe(828_000);
    expect(unitPriceAt(option(null), 100)).toBeNull();
  });

  it('lists each tier for a member and nothing for a guest', () => {
    const { unmount } = renderWithI18n(<VolumeTierTable option={tiered} currencyCode="KRW" />);
    expect(screen.getByRole('heading', { name: 'Volume prices' })).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['From 50 pcs: ₩8,550 each (5 % off)', 'From 100 pcs: ₩8,280 each (8 % off)']);
    unmount();
    const guest = renderWithI18n(<VolumeTierTable option={option(null)} currencyCode={null} />);
    expect(guest.container.textContent).toBe('');
  });
});
