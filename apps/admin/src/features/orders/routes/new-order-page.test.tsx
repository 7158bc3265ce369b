import { type BuyerOrderOption, shopMessages } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { NewOrderPage } from './new-order-page';

const BUYER = {
  id: '77777777-7777-4777-8777-777777777777',
  email: 'korea@demo.kshop.example',
  status: 'APPROVED',
  statusReason: null,
  isKoreanCompany: true,
  companyName: 'Hanbit Records',
  representativeName: 'Kim Hana',
  businessRegistrationNumber: '1234567890',
  phoneNumber: '+82 10-1234-5678',
  companyAddress: 'Seoul',
  postalCode: '03925',
  marketingAgree: false,
  createdAt: '2026-11-01T00:00:00.000Z',
};
const DETAIL = {
  ...BUYER,
  certificate: null,
  addresses: [
    {
      addressUuid: '88888888-8888-4888-8888-888888888888',
      postalCode: '03925',
      addressDetail: '12 Mapo-daero, Seoul',
      isDefault: true,
      country: 'KR',
    },
  ],
  orderCount: 3,
  priceGroupId: 1,
};
const option = (overrides: Partial<BuyerOrderOption>): BuyerOrderOption => ({
  productOptionId: '99999999-9999-4999-8999-999999999901',
  productTitle: 'NewJeans 2nd EP',
  optionNameValue1: 'Bluebook',
  optionNameValue2: null,
  thumbnailUrl: null,
  available: 40,
  isSoldOut: false,
  minimumOrderQuantity: 1,
  orderMultiple: 1,
  maxPerOrder: null,
  orderWindow: 'OPEN',
  salesEndAt: null,
  preorder: false,
  unitPrice: 15000,
  volumeTiers: [],
  ...overrides,
});
// Closed at 18:00 on 20 November in Korea.
const CLOSED = option({ orderWindow: 'CLOSED', salesEndAt: '2026-11-20T09:00:00.000Z' });
const OPEN = option({
  productOptionId: '99999999-9999-4999-8999-999999999902',
  productTitle: 'IVE Light Stick',
  optionNameValue1: 'Standard',
});
const REFUSAL = shopMessages.orderWindow.closed('NewJeans 2nd EP', '2026-11-20 18:00');

const stubShop = (optionList: BuyerOrderOption[]) =>
  stubApi({
    'GET /admin/buyers': { data: { buyerList: [BUYER], totalCount: 1 } },
    [`GET /admin/buyers/${BUYER.id}`]: { data: DETAIL },
    [`GET /admin/buyers/${BUYER.id}/order-options`]: { data: { currencyCode: 'KRW', optionList } },
    'POST /admin/orders': (call) =>
      (call.body as { outsideWindowReason?: string }).outsideWindowReason ||
      optionList.every((o) => o === OPEN)
        ? { data: { uuid: '66666666-6666-4666-8666-666666666666', orderNumber: '20261128-1001' } }
        : { statusCode: 409, message: REFUSAL },
  });

/** Chooses the buyer, finds the products and adds the one named. */
async function addLine(user: ReturnType<typeof userEvent.setup>, addLabel: string) {
  await user.type(screen.getByLabelText(/Company, e-mail or registration number|업체명/), 'Hanbit');
  await user.click(screen.getByRole('button', { name: /Find buyer|바이어 검색/ }));
  await user.click(await screen.findByRole('button', { name: /Choose Hanbit Records|Hanbit Records/ }));
  await user.type(await screen.findByLabelText(/Product, vendor or option|상품명/), 'EP');
  await user.click(screen.getByRole('button', { name: /Find products|상품 검색/ }));
  await user.click(await screen.findByRole('button', { name: addLabel }));
}

afterEach(() => vi.restoreAllMocks());

describe('NewOrderPage', () => {
  it('asks a reason for a product outside its order window, shows the refusal without it, and sends it', async () => {
    signedIn();
    const api = stubShop([CLOSED, OPEN]);
    const user = userEvent.setup();
    renderWithProviders(<NewOrderPage />, { route: '/orders/new' });

    await addLine(user, 'Add NewJeans 2nd EP Bluebook');
    const lines = screen.getByRole('table', { name: 'Lines of the order' });
    expect(within(lines).getByRole('row', { name: /NewJeans/ }).textContent).toContain(
      'Outside its order window: orders closed at 2026-11-20 18:00 (Korea time)',
    );
    const reason = screen.getByLabelText('Reason for ordering outside the window');
    expect(reason.tagName).toBe('TEXTAREA');
    expect((reason as HTMLTextAreaElement).required).toBe(true);
    expect(screen.getByText("Required for NewJeans 2nd EP; the order's history keeps it.")).toBeTruthy();

    // Without a reason the API refuses, and the form says why.
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(REFUSAL);
    expect(api.callsTo('POST /admin/orders')[0]!.body).not.toHaveProperty('outsideWindowReason');

    // Reached by keyboard, typed, and sent with the order.
    reason.focus();
    await user.keyboard('Label allowed a late order');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await vi.waitFor(() => expect(api.callsTo('POST /admin/orders')).toHaveLength(2));
    expect(api.callsTo('POST /admin/orders')[1]!.body).toMatchObject({
      buyerId: BUYER.id,
      lines: [{ productOptionId: CLOSED.productOptionId, quantity: 1 }],
      outsideWindowReason: 'Label allowed a late order',
    });
  });

  it('asks no reason for a product within its window', async () => {
    signedIn();
    const api = stubShop([OPEN]);
    const user = userEvent.setup();
    renderWithProviders(<NewOrderPage />, { route: '/orders/new' });

    await addLine(user, 'Add IVE Light Stick Standard');
    expect(screen.queryByLabelText('Reason for ordering outside the window')).toBeNull();
    expect(screen.queryByText(/Outside its order window/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await vi.waitFor(() => expect(api.callsTo('POST /admin/orders')).toHaveLength(1));
    expect(api.callsTo('POST /admin/orders')[0]!.body).not.toHaveProperty('outsideWindowReason');
    expect(api.callsTo('POST /admin/orders')[0]!.body).not.toHaveProperty('poReference');
  });

  it("sends the buyer's PO number said on the phone, trimmed, at most 50 characters", async () => {
    signedIn();
    const api = stubShop([OPEN]);
    const user = userEvent.setup();
    renderWithProviders(<NewOrderPage />, { route: '/orders/new' });

    await addLine(user, 'Add IVE Light Stick Standard');
    const po = screen.getByRole('textbox', { name: "Buyer's PO number" }) as HTMLInputElement;
    expect(po.required).toBe(false);
    expect(
      screen.getByText(
        "Optional. The buyer's own purchase-order number, printed on the invoice and the packing list.",
      ),
    ).toBeTruthy();
    await user.type(po, 'X'.repeat(60));
    expect(po.value).toHaveLength(50);
    await user.clear(po);
    await user.type(po, '  PHONE-PO-31 ');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await vi.waitFor(() => expect(api.callsTo('POST /admin/orders')).toHaveLength(1));
    expect(api.callsTo('POST /admin/orders')[0]!.body).toMatchObject({ poReference: 'PHONE-PO-31' });
  });

  it('says in Korean where the window stands and what the field is', async () => {
    signedIn();
    stubShop([option({ orderWindow: 'NOT_YET' })]);
    const user = userEvent.setup();
    await act(() => activateLanguage('ko'));
    renderWithProviders(<NewOrderPage />, { route: '/orders/new' });

    await addLine(user, 'NewJeans 2nd EP Bluebook 추가');
    expect(screen.getAllByText('주문 기간 외: 아직 주문을 받지 않습니다').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('주문 기간 외 주문 사유')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '바이어 발주번호' })).toBeTruthy();
  });
});
