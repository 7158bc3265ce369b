import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { DashboardPage } from './dashboard-page';

const NONE = { data: { from: '2026-11-01', to: '2026-11-22', currencies: [] } };

describe('the dashboard in Korean', () => {
  it('names its tiles, tables, status names and sales panels in Korean', async () => {
    signedIn();
    stubApi({
      'GET /admin/dashboard': {
        data: {
          pendingAccounts: 2,
          ordersByStatus: { PENDING: 3, PAID: 1 },
          newInquiries: 1,
          lowStock: [],
          latePreorders: [],
        },
      },
      'GET /admin/products/stock-levels': { data: { low: [], lowCount: 0, soldOut: [], soldOutCount: 0 } },
      'GET /admin/sales/series': { data: { ...NONE.data, interval: 'day' } },
      'GET /admin/sales/top': NONE,
    });
    await act(() => activateLanguage('ko'));
    renderWithProviders(<DashboardPage />);

    expect(screen.getByRole('heading', { level: 1, name: '대시보드' })).toBeTruthy();
    expect(await screen.findByText('승인 대기 계정')).toBeTruthy();
    expect(screen.getByText('담당자 배정 대기 주문')).toBeTruthy();
    const byStatus = screen.getByRole('table');
    expect(within(byStatus).getByRole('columnheader', { name: '상태' })).toBeTruthy();
    expect(within(byStatus).getByRole('link', { name: '결제 완료' })).toBeTruthy();
    expect(within(byStatus).queryByText('Paid')).toBeNull();
    expect(screen.getByRole('heading', { name: '재고 부족' })).toBeTruthy();
    expect(await screen.findByText('재고가 부족한 옵션이 없습니다.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '품절 (0)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '발매 3일 후에도 출고되지 않은 선주문' })).toBeTruthy();
    expect(screen.getByText('지금까지 출고 예정인 선주문이 모두 출고되었습니다.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '매출' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '상품 매출 순위' })).toBeTruthy();
    expect(screen.getByRole('form', { name: '매출 조회 기간' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '조회' })).toBeTruthy();
    expect(screen.queryByText('Orders by status')).toBeNull();
  });
});
