import { type StubCall, stubApi } from '@kshop/ui/test/api-stub';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import type { AdminOrderDetail } from '../api/orders-api';
import { OrderDetailPage } from './order-detail-page';

const ORDER_NUMBER = '20261122-1001';
const STAFF_ID = '44444444-4444-4444-8444-444444444444';
const OWNER_ID = '55555555-5555-4555-8555-555555555555';

const order = (overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail => ({
  uuid: '66666666-6666-4666-8666-666666666666',
  orderNumber: ORDER_NUMBER,
  createdAt: '2026-11-22T02:47:18.618Z',
  status: 'PAID',
  currencyCode: 'KRW',
  beforeDiscountProductAmount: 124000,
  finalPaymentAmount: 134000,
  orderMemos: [
    { orderMemoUuid: '77777777-7777-4777-8777-777777777777', content: 'Shipping fee/15000' },
    { orderMemoUuid: '88888888-8888-4888-8888-888888888888', content: 'Discount/-5000' },
  ],
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
        thumbnailUrlArray: ['/media/demo/aurora-1.svg'],
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
  personInChargeStaffId: null,
  businessRegistrationNumber: '1208812345',
  nextStatuses: ['PREPARING', 'CANCELLED'],
  ...overrides,
});

function stubOrder(role: 'OWNER' | 'STAFF', detail = order()) {
  let current = detail;
  return stubApi({
    'GET /admin/me': { data: { mustChangePassword: false, role, email: 'me@kshop.example', name: 'Me' } },
    [`GET /admin/orders/${ORDER_NUMBER}`]: () => ({ data: current }),
    'GET /admin/orders': {
      data: {
        orderList: [
          {
            uuid: detail.uuid,
            orderNumber: ORDER_NUMBER,
            createdAt: detail.createdAt,
            status: detail.status,
            currencyCode: 'KRW',
            finalPaymentAmount: detail.finalPaymentAmount,
            companyName: 'Hanbit Records',
            buyerEmail: 'korea@demo.kshop.example',
            personInCharge: null,
            lineCount: 1,
          },
        ],
        totalCount: 1,
      },
    },
    'GET /admin/staff': {
      data: {
        staffList: [
          {
            id: OWNER_ID,
            email: 'owner@kshop.example',
            name: 'Ha-eun',
            role: 'OWNER',
            disabled: false,
            createdAt: '',
          },
          {
            id: STAFF_ID,
            email: 'jisoo@kshop.example',
            name: 'Jisoo',
            role: 'STAFF',
            disabled: false,
            createdAt: '',
          },
        ],
      },
    },
    [`POST /admin/orders/${ORDER_NUMBER}/status`]: (call: StubCall) => {
      const { status } = call.body as { status: 'PREPARING' };
      current = { ...current, status, nextStatuses: ['SHIPPED', 'CANCELLED'] };
      return { data: null, message: `Order is now ${status}.` };
    },
    [`POST /admin/orders/${ORDER_NUMBER}/memos`]: (call: StubCall) => {
      const { content } = call.body as { content: string };
      if (content === 'Shipping fee/abc')
        return {
          statusCode: 400,
          message: "A memo reads 'label/amount', for example 'Shipping fee/15000' or 'Discount/-5000'.",
        };
      return { data: null, message: 'Memo added.' };
    },
    [`POST /admin/orders/${ORDER_NUMBER}/person-in-charge`]: { data: null },
  });
}

function renderPage() {
  signedIn();
  const user = userEvent.setup();
  renderWithProviders(<OrderDetailPage />, {
    route: `/orders/${ORDER_NUMBER}`,
    path: '/orders/:orderNumber',
  });
  return user;
}

const statusButtons = () =>
  within(screen.getByRole('region', { name: 'Status' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('OrderDetailPage', () => {
  it('offers only the next statuses the API names, and moves the order after confirmation', async () => {
    const api = stubOrder('STAFF');
    const user = renderPage();
    expect(await screen.findByRole('heading', { name: /Order 20261122-1001/ })).toBeTruthy();
    expect(statusButtons()).toEqual(['Mark as Preparing', 'Cancel order']);

    await user.click(screen.getByRole('button', { name: 'Mark as Preparing' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Move order 20261122-1001 to Preparing?');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Preparing' }));

    await waitFor(() => expect(api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/status`)).toHaveLength(1));
    expect(api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/status`)[0]?.body).toEqual({
      status: 'PREPARING',
    });
    await waitFor(() => expect(statusButtons()).toEqual(['Mark as Shipped', 'Cancel order']));
    expect(screen.getByText('The order is now Preparing.')).toBeTruthy();
  });

  it('moves nothing when the confirmation is cancelled, and offers nothing for a final status', async () => {
    const api = stubOrder('STAFF', order({ status: 'DELIVERED', nextStatuses: [] }));
    const user = renderPage();
    expect(await screen.findByText('This order has reached its final status.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Status' })).queryAllByRole('button')).toHaveLength(0);
    expect(api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/status`)).toHaveLength(0);
    void user;
  });

  it("shows the memos as label and amount and adds a memo only in the 'label/amount' form", async () => {
    const api = stubOrder('STAFF');
    const user = renderPage();
    const amounts = await screen.findByRole('region', { name: 'Amounts and memos' });
    const row = (label: string) =>
      within(amounts).getByRole('row', { name: new RegExp(`^${label}`) }).textContent;
    expect(row('Products')).toContain('₩124,000');
    expect(row('Shipping fee')).toContain('+₩15,000');
    expect(row('Discount')).toContain('−₩5,000');
    expect(row('Final amount')).toContain('₩134,000');

    const memo = within(amounts).getByLabelText('New memo');
    await user.type(memo, 'Shipping fee');
    await user.click(within(amounts).getByRole('button', { name: 'Add memo' }));
    expect(
      await within(amounts).findByText(
        "A memo reads 'label/amount', for example 'Shipping fee/15000' or 'Discount/-5000'.",
      ),
    ).toBeTruthy();
    expect(memo.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/memos`)).toHaveLength(0);

    await user.clear(memo);
    await user.type(memo, 'Gift wrap/3000');
    await user.click(within(amounts).getByRole('button', { name: 'Add memo' }));
    await waitFor(() => expect(api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/memos`)).toHaveLength(1));
    expect(api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/memos`)[0]?.body).toEqual({
      content: 'Gift wrap/3000',
    });
    await waitFor(() => expect((memo as HTMLInputElement).value).toBe(''));
  });

  it('lets an owner pick the person in charge from the staff list', async () => {
    const api = stubOrder('OWNER');
    const user = renderPage();
    const picker = await screen.findByRole('combobox', { name: 'Person in charge' });
    await screen.findByRole('option', { name: 'Jisoo (jisoo@kshop.example)' });
    await user.selectOptions(picker, STAFF_ID);
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/person-in-charge`)[0]?.body).toEqual({
        staffId: STAFF_ID,
      }),
    );
  });

  it('shows staff who is in charge without a picker', async () => {
    const api = stubOrder('STAFF');
    renderPage();
    expect(await screen.findByText('An owner assigns the person in charge.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Person in charge' })).toBeNull();
    expect(api.callsTo('GET /admin/staff')).toHaveLength(0);
  });
});
