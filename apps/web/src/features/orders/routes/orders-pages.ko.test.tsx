import { type OrderDetail, type OrderSummary, REORDER_SKIPS } from '@kshop/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { startSession } from '../../../lib/session';
import { envelope, renderWithI18n, renderWithProviders } from '../../../test/render';
import { OrderAgain } from '../components/order-again';
import { OrderShipments } from '../components/order-shipments';
import { OrderDetailPage } from './order-detail-page';
import { ShoppingInfoPage } from './shopping-info-page';

const ORDER_UUID = '0b1c2d3e-0000-4000-8000-000000000001';

const line = (title: string, n: number, shippedQuantity = 0) => ({
  orderDetailUuid: `0d000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  quantity: n * 2,
  shippedQuantity,
  amount: 15000 * n * 2,
  currencyCode: 'KRW' as const,
  productOption: {
    productOptionUuid: null,
    productTitle: title,
    optionNameValue1: 'A',
    optionNameValue2: null,
    thumbnailUrlArray: [`/media/${n}.svg`],
  },
});

const summary: OrderSummary = {
  uuid: ORDER_UUID,
  orderNumber: '20260314-1001',
  createdAt: '2026-03-14T05:30:00.000Z',
  status: 'PENDING',
  finalPaymentAmount: 45000,
  currencyCode: 'KRW',
  orderDetails: [line('NOVA9 1st Album', 1), line('Light Stick', 2), line('Photo Book', 3)],
};

const detail: OrderDetail = {
  uuid: ORDER_UUID,
  orderNumber: '20260314-1001',
  createdAt: '2026-03-14T05:30:00.000Z',
  status: 'CONFIRMED',
  currencyCode: 'KRW',
  beforeDiscountProductAmount: 90000,
  finalPaymentAmount: 105000,
  poReference: 'HB-4500012345',
  orderMemos: [{ orderMemoUuid: '0e000000-0000-4000-8000-000000000001', content: 'Shipping fee/15000' }],
  orderDetails: [line('NOVA9 1st Album', 1), line('Light Stick', 2)],
  receiverInfo: {
    receiverName: 'Kim Minji',
    companyName: 'Hanbit Records',
    companyEmail: 'buyer@hanbit.example',
    phoneNumber: '+82 10 1234 5678',
    addressDetail: '200 Front St W, Toronto, ON',
    postalCode: 'M5V 2T6',
    country: 'CA',
  },
};

describe('orders in Korean', () => {
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('lists the orders with Korean dates, "외 N개" and the detail link in Korean', async () => {
    startSession('member');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ orderList: [summary], totalCount: 1 })),
    );
    await act(() => activateLanguage('ko'));
    renderWithProviders(<ShoppingInfoPage />, { route: '/mypage/shoppinginfo' });
    expect(screen.getByRole('heading', { level: 1, name: '주문 내역' })).toBeTruthy();
    const card = within((await screen.findByText('20260314-1001')).closest('article') as HTMLElement);
    expect(card.getByText('2026년 3월 14일')).toBeTruthy();
    expect(card.getByText('외 2개')).toBeTruthy();
    expect(card.getByText('주문번호', { exact: false })).toBeTruthy();
    expect(card.getByRole('link', { name: '주문 20260314-1001 상세 보기' }).getAttribute('href')).toBe(
      `/mypage/shoppingdetail/${ORDER_UUID}`,
    );
    expect(screen.queryByText('and 2 more')).toBeNull();
  });

  it('shows an order in Korean: date and time without seconds, status label, lines, amounts and receiver', async () => {
    startSession('member');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(detail)),
    );
    await act(() => activateLanguage('ko'));
    renderWithProviders(
      <Routes>
        <Route path="/mypage/shoppingdetail/:orderUuid" element={<OrderDetailPage />} />
      </Routes>,
      { route: `/mypage/shoppingdetail/${ORDER_UUID}` },
    );
    expect(await screen.findByRole('heading', { level: 1, name: '주문 상세' })).toBeTruthy();
    expect(screen.getByText('2026년 3월 14일 오후 2:30')).toBeTruthy();
    expect(screen.getByText('CONFIRMED')).toBeTruthy();
    expect(screen.getByText('(주문 확정)')).toBeTruthy();
    expect(screen.getByText('귀사 발주번호').nextElementSibling?.textContent).toBe('HB-4500012345');
    const lines = within(screen.getByRole('list', { name: '주문 상품' })).getAllByRole('listitem');
    expect(within(lines[0] as HTMLElement).getByText('수량: 2개')).toBeTruthy();
    const amounts = [...document.querySelectorAll('.order-amounts > div')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(amounts).toEqual([
      ['소계', '₩90,000'],
      ['Shipping fee', '₩15,000'],
      ['합계', '₩105,000'],
    ]);
    expect(screen.getByRole('heading', { name: '배송 정보' })).toBeTruthy();
    expect(screen.getByText('국가').nextElementSibling?.textContent).toBe('캐나다');
    expect(screen.getByRole('button', { name: '인보이스 내려받기' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '주문 내역으로 돌아가기' })).toBeTruthy();
    expect(screen.queryByText('Order Detail')).toBeNull();
    expect(document.title).toContain('주문 상세');
  });

  it('shows the parcels in Korean, also when drawn on their own', async () => {
    await act(() => activateLanguage('ko'));
    renderWithI18n(
      <OrderShipments
        order={{
          ...detail,
          status: 'PREPARING',
          orderDetails: [line('NOVA9 1st Album', 1, 1)],
          shipments: [
            {
              shipmentUuid: '0f000000-0000-4000-8000-000000000001',
              carrier: 'CJ대한통운',
              trackingNumber: '6789-1234-5678',
              createdAt: '2026-03-15T01:00:00.000Z',
              lines: [
                {
                  orderDetailUuid: '0d000000-0000-4000-8000-000000000001',
                  productTitle: 'NOVA9 1st Album',
                  optionNameValue1: 'A',
                  optionNameValue2: null,
                  quantity: 1,
                },
              ],
            },
          ],
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: '출고 내역' })).toBeTruthy();
    expect(screen.getByRole('table', { name: '1차 출고' })).toBeTruthy();
    expect(screen.getByText('택배사')).toBeTruthy();
    expect(screen.getByText('송장번호')).toBeTruthy();
    expect(screen.getByText('2026년 3월 15일 오전 10:00')).toBeTruthy();
    const open = screen.getByRole('table', { name: '출고 대기' });
    expect(
      within(open)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['상품옵션출고미출고', 'NOVA9 1st AlbumA2개 중 1개1']);
  });

  it('orders again in Korean, with the reasons a line was not added', async () => {
    startSession('member');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelope({
          added: [
            {
              productOptionUuid: '0c000000-0000-4000-8000-000000000001',
              productTitle: 'Light Stick',
              optionNameValue1: 'NANA',
              optionNameValue2: null,
              orderedQuantity: 8,
              quantity: 5,
            },
          ],
          skipped: [
            {
              productOptionUuid: '0c000000-0000-4000-8000-000000000002',
              productTitle: 'Photo Book',
              optionNameValue1: 'NANA',
              optionNameValue2: null,
              orderedQuantity: 8,
              reason: REORDER_SKIPS.soldOut,
            },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    await act(() => activateLanguage('ko'));
    renderWithProviders(<OrderAgain orderUuid={ORDER_UUID} />);
    await user.click(screen.getByRole('button', { name: '재주문' }));
    expect(await screen.findByText('Light Stick (NANA) × 5 (주문 수량 8개)')).toBeTruthy();
    expect(screen.getByText('장바구니에 담은 상품:')).toBeTruthy();
    expect(screen.getByText('담지 못한 상품:')).toBeTruthy();
    expect(screen.getByText('Photo Book (NANA): 품절')).toBeTruthy();
    expect(screen.getByRole('link', { name: '장바구니로 이동' }).getAttribute('href')).toBe('/cart');
  });
});
