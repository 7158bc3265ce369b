import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { NewOrderPage } from './new-order-page';
import { OrderListPage } from './order-list-page';

const ORDERS = {
  orderList: [
    {
      uuid: '66666666-6666-4666-8666-666666666666',
      orderNumber: '20261122-1001',
      createdAt: '2026-11-22T05:05:00.000Z',
      companyName: 'Hanbit Records',
      buyerEmail: 'korea@demo.kshop.example',
      lineCount: 2,
      finalPaymentAmount: 134000,
      currencyCode: 'KRW',
      status: 'PENDING',
      personInCharge: null,
      takenBy: null,
      poReference: 'HB-4500012345',
    },
  ],
  totalCount: 1,
};

describe('the order list in Korean', () => {
  it('shows its filters, table headers, status names and the bulk change in Korean', async () => {
    signedIn();
    stubApi({ 'GET /admin/orders': { data: ORDERS } });
    await act(() => activateLanguage('ko'));
    renderWithProviders(<OrderListPage />, { route: '/orders' });

    const table = await screen.findByRole('table', { name: '주문' });
    expect(screen.getByRole('heading', { level: 1, name: '주문' })).toBeTruthy();
    for (const name of ['주문번호', '주문일시', '업체명', '바이어 이메일', '금액', '상태', '담당자']) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(name) })).toBeTruthy();
    }
    expect(within(table).queryByRole('columnheader', { name: 'Placed' })).toBeNull();
    expect(within(table).getByText('담당자 배정 중')).toBeTruthy();
    expect(within(table).getByText('미배정')).toBeTruthy();
    expect(screen.getByRole('link', { name: '주문 등록' })).toBeTruthy();
    for (const name of ['주문 (주문별 1행)', '주문 품목 (품목별 1행)']) {
      const exports = within(screen.getByRole('group', { name }));
      expect(exports.getByRole('button', { name: 'CSV 내보내기' })).toBeTruthy();
      expect(exports.getByRole('button', { name: '엑셀 내보내기' })).toBeTruthy();
    }
    const filters = screen.getByRole('form', { name: '주문 검색 조건' });
    expect(within(filters).getByRole('option', { name: '전체 상태' })).toBeTruthy();
    expect(within(filters).getByRole('option', { name: '최신순' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: '검색' })).toBeTruthy();
    expect(within(filters).getByRole('searchbox', { name: '주문번호 또는 발주번호' })).toBeTruthy();
    expect(within(table).getByText('발주번호 HB-4500012345')).toBeTruthy();

    const bar = screen.getByRole('form', { name: '선택한 주문 상태 일괄 변경' });
    expect(within(bar).getByText('선택한 주문 없음')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: '주문 20261122-1001 선택' }));
    expect(within(bar).getByText('주문 1건 선택됨')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: '상태 변경' }));
    expect((await screen.findByRole('alert')).textContent).toBe('변경할 주문 상태를 선택해 주십시오.');
  });

  it('offers a new order for a buyer in Korean', async () => {
    signedIn();
    stubApi({});
    await act(() => activateLanguage('ko'));
    renderWithProviders(<NewOrderPage />, { route: '/orders/new' });

    expect(screen.getByRole('heading', { level: 1, name: '바이어 대리 주문 등록' })).toBeTruthy();
    expect(screen.getByRole('form', { name: '승인 바이어 검색' })).toBeTruthy();
    expect(screen.getByLabelText('업체명, 이메일 또는 사업자등록번호')).toBeTruthy();
    expect(screen.getByRole('button', { name: '바이어 검색' })).toBeTruthy();
    expect(screen.queryByText('New order for a buyer')).toBeNull();
  });
});
