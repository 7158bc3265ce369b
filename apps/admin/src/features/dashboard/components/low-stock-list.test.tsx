import type { StockLevels } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import { LowStockList } from './low-stock-list';

const row = (n: number, option: string, available: number) => ({
  optionUuid: `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`,
  productUuid: `bbbbbbbb-bbbb-4bbb-8bbb-${String(n).padStart(12, '0')}`,
  title: 'AURORA CODE 4th Mini Album [Silver Lining] (Platform Ver.)',
  option,
  available,
  threshold: 10,
  isPublished: true,
});

const LEVELS: StockLevels = {
  low: [row(1, 'KAIN', 3)],
  lowCount: 1,
  soldOut: [
    { ...row(2, 'YOOJIN', 345), soldOutReason: 'FLAGGED' },
    { ...row(3, 'NANA', 0), soldOutReason: 'NO_STOCK' },
  ],
  soldOutCount: 2,
};

describe('LowStockList', () => {
  it('says for each sold-out option why it is listed: flagged by hand with what is available, or no stock left', async () => {
    signedIn();
    stubApi({ 'GET /admin/products/stock-levels': { data: LEVELS } });
    renderWithProviders(<LowStockList />);

    const soldOut = await screen.findByRole('table', { name: 'Options sold out' });
    const rows = within(soldOut)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      [
        'AURORA CODE 4th Mini Album [Silver Lining] (Platform Ver.)',
        'YOOJIN',
        'Flagged sold out (345 available)',
      ],
      ['AURORA CODE 4th Mini Album [Silver Lining] (Platform Ver.)', 'NANA', 'No stock left'],
    ]);
    expect(within(soldOut).getByRole('columnheader', { name: 'Why listed' })).toBeTruthy();
  });
});
