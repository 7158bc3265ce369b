import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { LatePreordersList } from './late-preorders-list';

const LATE = [
  {
    orderUuid: '7d2a0c74-0f2d-4c79-9e75-4b5b3e3a2c01',
    orderNumber: 'KS-20260301-0001',
    companyName: 'Hanbit Records Co., Ltd.',
    productUuid: '7d2a0c74-0f2d-4c79-9e75-4b5b3e3a2d01',
    title: 'NewJeans 2nd EP',
    openUnits: 12,
    releaseDate: '2026-03-10',
  },
];

describe('LatePreordersList', () => {
  it('lists each late pre-order with a link to its order, its open units and release date', () => {
    renderWithProviders(<LatePreordersList rows={LATE} />);
    expect(screen.getByRole('heading', { name: 'Pre-orders not shipped 3 days after release' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Late pre-orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order number', 'Company', 'Product', 'Open units', 'Release date']);
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['KS-20260301-0001', 'Hanbit Records Co., Ltd.', 'NewJeans 2nd EP', '12', '2026-03-10']);
    expect(within(row!).getByRole('link', { name: 'KS-20260301-0001' }).getAttribute('href')).toBe(
      '/orders/KS-20260301-0001',
    );
  });

  it('says when no pre-order is late, in English and in Korean', async () => {
    const { unmount } = renderWithProviders(<LatePreordersList rows={[]} />);
    expect(screen.getByText('Every pre-order due by now has shipped.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    await act(() => activateLanguage('ko'));
    renderWithProviders(<LatePreordersList rows={LATE} />);
    expect(screen.getByRole('heading', { name: '발매 3일 후에도 출고되지 않은 선주문' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '주문번호',
      '거래처',
      '상품',
      '미출고 수량',
      '발매일',
    ]);
  });
});
