import { messages, ORDER_STATUS_LABELS, type OrderDetail, type OrderSummary } from '@kshop/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FALLBACK_IMAGE_URL } from '../../../lib/fallback-image';
import { startSession } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { orderDate } from '../order-format';
import { OrderDetailPage } from './order-detail-page';
import { ShoppingInfoPage } from './shopping-info-page';

const ORDER_UUID = '0b1c2d3e-0000-4000-8000-000000000001';

const line = (title: string, n: number, thumbnails = [`/media/${n}.svg`]) => ({
  orderDetailUuid: `0d000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  quantity: n,
  amount: 15000 * n,
  currencyCode: 'KRW' as const,
  productOption: {
    productOptionUuid: null,
    productTitle: title,
    optionNameValue1: 'A',
    optionNameValue2: n % 2 ? 'NANA' : null,
    thumbnailUrlArray: thumbnails,
  },
});

const summary = (overrides: Partial<OrderSummary> = {}): OrderSummary => ({
  uuid: ORDER_UUID,
  orderNumber: '20260314-1001',
  createdAt: '2026-03-14T05:30:00.000Z',
  status: 'PENDING',
  finalPaymentAmount: 45000,
  currencyCode: 'KRW',
  orderDetails: [line('NOVA9 1st Album', 1), line('Light Stick', 2), line('Photo Book', 3)],
  ...overrides,
});

const detail = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  uuid: ORDER_UUID,
  orderNumber: '20260314-1001',
  createdAt: '2026-03-14T05:30:00.000Z',
  status: 'CONFIRMED',
  currencyCode: 'KRW',
  beforeDiscountProductAmount: 45000,
  finalPaymentAmount: 55000,
  orderMemos: [
    { orderMemoUuid: '0e000000-0000-4000-8000-000000000001', content: 'Shipping fee/15000' },
    { orderMemoUuid: '0e000000-0000-4000-8000-000000000002', content: 'Discount/-5000' },
  ],
  orderDetails: [line('NOVA9 1st Album', 1), line('Light Stick', 2)],
  receiverInfo: {
    receiverName: 'Kim Minji',
    companyName: 'Hanbit Records',
    companyEmail: 'buyer@hanbit.example',
    phoneNumber: '+82 10 1234 5678',
    addressDetail: '12 Teheran-ro',
    postalCode: '06234',
  },
  ...overrides,
});

function stubFetch(answer: (url: string) => Response) {
  const fetchMock = vi.fn(async (url: string) => answer(url));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderDetail = () =>
  renderWithProviders(
    <Routes>
      <Route path="/mypage/shoppingdetail/:orderUuid" element={<OrderDetailPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route: `/mypage/shoppingdetail/${ORDER_UUID}` },
  );

describe('ShoppingInfoPage', () => {
  it('shows each order with its date, number, first product, "and N more", amount and detail link', async () => {
    startSession('member');
    const fetchMock = stubFetch(() => envelope({ orderList: [summary()], totalCount: 1 }));
    renderWithProviders(<ShoppingInfoPage />, { route: '/mypage/shoppinginfo' });

    const card = within((await screen.findByText('20260314-1001')).closest('article') as HTMLElement);
    expect(card.getByText(orderDate('2026-03-14T05:30:00.000Z'))).toBeTruthy();
    expect(card.getByText('NOVA9 1st Album')).toBeTruthy();
    expect(card.getByText('and 2 more')).toBeTruthy();
    expect(card.getByText('₩45,000')).toBeTruthy();
    expect(card.getByText(ORDER_STATUS_LABELS.PENDING)).toBeTruthy();
    expect(card.getByRole('link', { name: 'View Details of order 20260314-1001' }).getAttribute('href')).toBe(
      `/mypage/shoppingdetail/${ORDER_UUID}`,
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/order/list?page=1&limit=4');
  });

  it("shows the buyer's PO number on the card of an order that has one, and nothing on the others", async () => {
    startSession('member');
    stubFetch(() =>
      envelope({
        orderList: [
          summary({ poReference: 'HB-4500012345' }),
          summary({ uuid: '0b1c2d3e-0000-4000-8000-000000000002', orderNumber: '20260314-1002' }),
        ],
        totalCount: 2,
      }),
    );
    renderWithProviders(<ShoppingInfoPage />, { route: '/mypage/shoppinginfo' });
    const withPo = within((await screen.findByText('20260314-1001')).closest('article') as HTMLElement);
    expect(withPo.getByText('HB-4500012345').parentElement?.textContent).toBe('Your PO number HB-4500012345');
    const without = within(screen.getByText('20260314-1002').closest('article') as HTMLElement);
    expect(without.queryByText(/Your PO number/)).toBeNull();
  });

  it('writes the date in the Korean locale and Korean time', () => {
    expect(orderDate('2026-03-14T05:30:00.000Z')).toBe('2026. 3. 14.');
    // Still 13 March in UTC, already 14 March in Seoul, as the order number says.
    expect(orderDate('2026-03-13T23:30:00.000Z')).toBe('2026. 3. 14.');
  });

  it('falls back to a stand-in image when the thumbnail is missing or fails, and has no "more" for one line', async () => {
    startSession('member');
    stubFetch(() =>
      envelope({
        orderList: [
          summary({ orderNumber: 'A-1', orderDetails: [line('Broken', 1, ['/media/broken.svg'])] }),
          summary({
            uuid: '0b1c2d3e-0000-4000-8000-000000000002',
            orderNumber: 'A-2',
            orderDetails: [line('None', 1, [])],
          }),
        ],
        totalCount: 2,
      }),
    );
    const { container } = renderWithProviders(<ShoppingInfoPage />, { route: '/mypage/shoppinginfo' });
    await screen.findByText('A-1');
    const [broken, none] = [...container.querySelectorAll<HTMLImageElement>('.order-card__thumb')];
    expect(none?.getAttribute('src')).toBe(FALLBACK_IMAGE_URL);
    expect(broken?.getAttribute('src')).toBe('/media/broken.svg');
    fireEvent.error(broken as HTMLImageElement);
    expect(broken?.getAttribute('src')).toBe(FALLBACK_IMAGE_URL);
    expect(screen.queryByText(/more$/)).toBeNull();
  });

  it("says 'No orders found.' when there are none", async () => {
    startSession('member');
    stubFetch(() => envelope({ orderList: [], totalCount: 0 }));
    renderWithProviders(<ShoppingInfoPage />, { route: '/mypage/shoppinginfo' });
    expect(await screen.findByText(messages.order.noOrders)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('pages by 4, reading the page from the address', async () => {
    startSession('member');
    const fetchMock = stubFetch(() => envelope({ orderList: [summary()], totalCount: 9 }));
    renderWithProviders(<ShoppingInfoPage />, { route: '/mypage/shoppinginfo?page=2' });
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/order/list?page=2&limit=4');
    expect(within(nav).getAllByRole('link', { name: /^Page / })).toHaveLength(3);
    expect(within(nav).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/mypage/shoppinginfo?page=3',
    );
  });
});

describe('OrderDetailPage', () => {
  it("shows 'Loading...' until the order arrives, then its number, status, lines, memos and shipping", async () => {
    startSession('member');
    const fetchMock = stubFetch(() => envelope(detail()));
    renderDetail();
    expect(screen.getByText('Loading...')).toBeTruthy();

    expect(await screen.findByText('20260314-1001')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/v1/order/detail/${ORDER_UUID}`);
    expect(screen.getByText('CONFIRMED')).toBeTruthy();
    expect(screen.queryByText('(Confirmed)')).toBeNull();
    expect(screen.getByText('2026. 3. 14. 오후 2:30:00')).toBeTruthy();

    const lines = within(screen.getByRole('list', { name: 'Ordered products' })).getAllByRole('listitem');
    expect(within(lines[0] as HTMLElement).getByText('A / NANA')).toBeTruthy();
    expect(within(lines[0] as HTMLElement).getByText('Quantity: 1')).toBeTruthy();
    expect(within(lines[1] as HTMLElement).getByText('A')).toBeTruthy();
    expect(within(lines[1] as HTMLElement).getByText('₩30,000')).toBeTruthy();

    const amounts = [...document.querySelectorAll('.order-amounts > div')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(amounts).toEqual([
      ['SubTotal', '₩45,000'],
      ['Shipping fee', '₩15,000'],
      ['Discount', '-₩5,000'],
      ['Total', '₩55,000'],
    ]);
    expect(screen.getByText('Kim Minji')).toBeTruthy();
    expect(screen.getByText('Hanbit Records')).toBeTruthy();
    expect(screen.getByText('+82 10 1234 5678')).toBeTruthy();
    expect(screen.getByText('12 Teheran-ro (06234)')).toBeTruthy();
  });

  it('shows the status as returned, with the PENDING label beside it', async () => {
    startSession('member');
    stubFetch(() => envelope(detail({ status: 'PENDING' })));
    renderDetail();
    expect(await screen.findByText('PENDING')).toBeTruthy();
    expect(screen.getByText('(Assigning a person in charge)')).toBeTruthy();
  });

  it('shows only the Total without memos, and the address without brackets without a postal code', async () => {
    startSession('member');
    stubFetch(() =>
      envelope(
        detail({
          orderMemos: [],
          finalPaymentAmount: 45000,
          receiverInfo: { ...detail().receiverInfo, postalCode: '' },
        }),
      ),
    );
    renderDetail();
    await screen.findByText('20260314-1001');
    expect(screen.queryByText('SubTotal')).toBeNull();
    expect(screen.getByText('Total')).toBeTruthy();
    expect(screen.getByText('12 Teheran-ro')).toBeTruthy();
  });

  it("shows the receiver's country under the address, whose postal code keeps its letters", async () => {
    startSession('member');
    stubFetch(() =>
      envelope(
        detail({
          receiverInfo: {
            ...detail().receiverInfo,
            addressDetail: '200 Front St W, Toronto, ON',
            postalCode: 'M5V 2T6',
            country: 'CA',
          },
        }),
      ),
    );
    renderDetail();
    expect(await screen.findByText('200 Front St W, Toronto, ON (M5V 2T6)')).toBeTruthy();
    expect(screen.getByText('Country').nextElementSibling?.textContent).toBe('Canada');
  });

  it("shows the buyer's PO number beside the order number when the order has one", async () => {
    startSession('member');
    stubFetch(() => envelope(detail({ poReference: 'HB-4500012345' })));
    renderDetail();
    expect((await screen.findByText('Your PO number')).nextElementSibling?.textContent).toBe('HB-4500012345');
  });

  it('shows no PO number row for an order without one', async () => {
    startSession('member');
    stubFetch(() => envelope(detail({ poReference: null })));
    renderDetail();
    await screen.findByText('20260314-1001');
    expect(screen.queryByText('Your PO number')).toBeNull();
  });

  it('says the order was not found for an unknown or foreign order', async () => {
    startSession('member');
    stubFetch(() => envelope(null, 404, messages.order.notFound));
    renderDetail();
    expect(await screen.findByRole('heading', { name: messages.order.notFound })).toBeTruthy();
  });

  it('asks a guest to log in and goes to the login page', async () => {
    const fetchMock = stubFetch(() => envelope(null));
    renderDetail();
    expect(
      await screen.findByRole('alertdialog', { name: messages.account.loginForOrderDetail }),
    ).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('OrderDetailPage status history', () => {
  it('lists each status the order reached with its date, oldest first, and nothing when the answer has none', async () => {
    startSession('member');
    stubFetch(() =>
      envelope(
        detail({
          statusHistory: [
            { status: 'PENDING', at: '2026-03-14T05:30:00.000Z' },
            { status: 'CONFIRMED', at: '2026-03-15T01:00:00.000Z' },
          ],
        }),
      ),
    );
    renderDetail();
    const section = await screen.findByRole('region', { name: 'Status History' });
    const steps = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps).toEqual(['PENDING 2026. 3. 14. 오후 2:30:00', 'CONFIRMED 2026. 3. 15. 오전 10:00:00']);
  });

  it('shows no history section for an answer without one', async () => {
    startSession('member');
    stubFetch(() => envelope(detail()));
    renderDetail();
    await screen.findByText('20260314-1001');
    expect(screen.queryByRole('region', { name: 'Status History' })).toBeNull();
  });
});
