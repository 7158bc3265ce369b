import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
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

describe('the lines of an order in Korean', () => {
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('marks a pre-order line with its dates in Korean', async () => {
    await act(() => activateLanguage('ko'));
    renderWithI18n(
      <OrderLines lines={[line(1, { preorder: true, releaseDate: '2026-12-18', shipsOn: '2026-12-20' })]} />,
    );
    expect(itemOf('Album 1').getByText('예약 주문')).toBeTruthy();
    expect(itemOf('Album 1').getByText('발매일: 2026-12-18')).toBeTruthy();
    expect(itemOf('Album 1').getByText('출고 예정일: 2026-12-20')).toBeTruthy();
  });

  it('says the pre-order quantities in Korean', async () => {
    await act(() => activateLanguage('ko'));
    renderWithI18n(
      <OrderLines
        lines={[line(5, { preorder: true, allocatedQuantity: 3, shippedQuantity: 2, backorderQuantity: 2 })]}
      />,
    );
    const figures = itemOf('Album 5').getByRole('list', { name: '예약 상품 수량' }).querySelectorAll('li');
    expect([...figures].map((item) => item.textContent)).toEqual([
      '주문 수량 5',
      '배분 수량 3',
      '출고 수량 2',
      '이월 주문(백오더) 수량 2',
    ]);
  });
});
