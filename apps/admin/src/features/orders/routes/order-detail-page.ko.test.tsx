import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import type { AdminOrderDetail } from '../api/orders-api';
import { OrderDetailPage } from './order-detail-page';

const ORDER_NUMBER = '20261122-1001';
const JISOO = { id: '44444444-4444-4444-8444-444444444444', email: 'jisoo@kshop.example', name: 'Jisoo' };

const ORDER: AdminOrderDetail = {
  uuid: '66666666-6666-4666-8666-666666666666',
  orderNumber: ORDER_NUMBER,
  createdAt: '2026-11-22T02:47:18.618Z',
  status: 'PAID',
  currencyCode: 'KRW',
  beforeDiscountProductAmount: 124000,
  finalPaymentAmount: 139000,
  orderMemos: [{ orderMemoUuid: '77777777-7777-4777-8777-777777777777', content: 'Shipping fee/15000' }],
  orderDetails: [
    {
      orderDetailUuid: '99999999-9999-4999-8999-999999999999',
      quantity: 10,
      amount: 124000,
      currencyCode: 'KRW',
      productOption: {
        productOptionUuid: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
        productTitle: 'AURORA CODE 4th Mini Album [Silver Lining]',
        optionNameValue1: 'ELLA',
        optionNameValue2: null,
        thumbnailUrlArray: [],
      },
    },
  ],
  receiverInfo: {
    receiverName: 'Kim Minji',
    companyName: 'Hanbit Records',
    companyEmail: 'korea@demo.kshop.example',
    phoneNumber: '+82 10-1234-5678',
    addressDetail: 'Seoul Mapo-gu 396',
    postalCode: '03925',
  },
  personInChargeStaffId: JISOO.id,
  personInCharge: JISOO,
  businessRegistrationNumber: '1208812345',
  nextStatuses: ['PREPARING', 'CANCELLED'],
  memos: [
    {
      orderMemoUuid: '77777777-7777-4777-8777-777777777777',
      content: 'Shipping fee/15000',
      amount: 15000,
      createdAt: '2026-11-22T03:00:00.000Z',
      createdBy: JISOO,
      editedAt: null,
      editedBy: null,
      voidedAt: null,
      voidedBy: null,
    },
  ],
  memosOpen: true,
  statusHistory: [
    { at: '2026-11-22T02:47:18.618Z', from: null, to: 'PENDING', actor: 'BUYER', staff: null, note: null },
    { at: '2026-11-22T05:00:00.000Z', from: 'PENDING', to: 'PAID', actor: 'SYSTEM', staff: null, note: null },
  ],
  changes: [],
  linesEditable: true,
  assignableStaff: [JISOO],
  mayClearPersonInCharge: false,
};

describe('the order page in Korean', () => {
  it('shows its headings, table headers, status names and actions in Korean', async () => {
    signedIn();
    stubApi({
      'GET /admin/me': {
        data: { mustChangePassword: false, role: 'STAFF', email: 'me@kshop.example', name: 'Me' },
      },
      [`GET /admin/orders/${ORDER_NUMBER}`]: { data: ORDER },
    });
    await act(() => activateLanguage('ko'));
    renderWithProviders(<OrderDetailPage />, {
      route: `/orders/${ORDER_NUMBER}`,
      path: '/orders/:orderNumber',
    });

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toContain(`주문 ${ORDER_NUMBER}`);
    expect(heading.textContent).toContain('결제 완료');
    for (const name of [
      '주문 상품',
      '금액 및 메모',
      '처리 이력',
      '담당자',
      '서류',
      '바이어 및 배송 정보',
      '출고',
      '이월 주문(백오더)',
    ]) {
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    }
    expect(screen.queryByRole('heading', { name: 'Amounts and memos' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: '수량' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '예약 주문 부족 수량' }).textContent).toContain(
      '거래처 설정대로',
    );
    expect(screen.getByRole('rowheader', { name: '최종 결제 금액' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '인보이스 (PDF)' })).toBeTruthy();
    expect(screen.getByText('주문 접수: 담당자 배정 중')).toBeTruthy();
    expect(screen.getByText('담당자 배정 중 → 결제 완료')).toBeTruthy();
    expect(screen.getAllByText('처리자: 시스템').length).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: '출고 준비 중 처리' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(`주문 ${ORDER_NUMBER}을(를) 출고 준비 중 상태로 변경하시겠습니까?`);
    expect(dialog.textContent).toContain('상품을 포장하고 있습니다.');
    expect(dialog.textContent).not.toContain('Move order');
    await userEvent.click(within(dialog).getByRole('button', { name: '취소' }));

    await userEvent.click(screen.getByRole('button', { name: '주문 취소' }));
    expect(screen.getByLabelText('취소 사유')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '주문 유지' }));
    expect(screen.getByRole('button', { name: '메모 등록' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '주문 상품 변경' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '수량 변경' })).toBeTruthy();
    const parcel = screen.getByRole('form', { name: '택배 출고' });
    expect(within(parcel).getByRole('columnheader', { name: '이번 출고 수량' })).toBeTruthy();
    expect(within(parcel).getByLabelText('송장번호')).toBeTruthy();
    expect(screen.getByText('출고 내역이 없습니다.')).toBeTruthy();
  });
});
