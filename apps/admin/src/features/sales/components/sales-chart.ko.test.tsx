import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { ReportsPage } from '../routes/reports-page';

describe('the reports in Korean', () => {
  it('names the report, its chart, table and form in Korean', async () => {
    signedIn();
    stubApi({
      'GET /admin/sales/report': {
        data: {
          from: '2026-03-01',
          to: '2026-03-31',
          by: 'buyer',
          currencies: [
            {
              currency: 'KRW',
              rows: [
                { key: '1', label: 'Hanbit Records', amount: 150000, quantity: 5, orders: 2 },
                { key: '2', label: 'Seoul Music', amount: 30000, quantity: 1, orders: 1 },
              ],
            },
          ],
        },
      },
    });
    await act(() => activateLanguage('ko'));
    renderWithProviders(<ReportsPage />, { route: '/reports?from=2026-03-01&to=2026-03-31&by=buyer' });

    const krw = await screen.findByRole('region', { name: 'KRW 바이어별' });
    expect(screen.getByRole('heading', { level: 1, name: '리포트' })).toBeTruthy();
    within(krw).getByRole('img', { name: 'KRW 바이어별 상위 2개: 1위 Hanbit Records (₩150,000).' });
    const table = within(krw).getByRole('table', { name: 'KRW 바이어별 매출' });
    for (const name of ['바이어', '수량', '주문', '금액']) {
      expect(within(table).getByRole('columnheader', { name })).toBeTruthy();
    }
    expect(within(table).getByRole('rowheader', { name: '합계' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'CSV 다운로드' })).toBeTruthy();
    expect(screen.getByLabelText('기준')).toBeTruthy();
    expect(screen.getByRole('option', { name: '아티스트' })).toBeTruthy();
    expect(screen.getByLabelText('시작일')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});
