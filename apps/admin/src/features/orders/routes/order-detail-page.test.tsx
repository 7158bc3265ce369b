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
const JISOO = { id: STAFF_ID, email: 'jisoo@kshop.example', name: 'Jisoo' };
const HAEUN = { id: OWNER_ID, email: 'owner@kshop.example', name: 'Ha-eun' };

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
  personInChargeStaffId: STAFF_ID,
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
    {
      orderMemoUuid: '88888888-8888-4888-8888-888888888888',
      content: 'Discount/-5000',
      amount: -5000,
      createdAt: '2026-11-22T03:05:00.000Z',
      createdBy: HAEUN,
      editedAt: null,
      editedBy: null,
      voidedAt: null,
      voidedBy: null,
    },
    {
      orderMemoUuid: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      content: 'Gift wrap/2000',
      amount: 2000,
      createdAt: '2026-11-22T03:06:00.000Z',
      createdBy: JISOO,
      editedAt: null,
      editedBy: null,
      voidedAt: '2026-11-22T03:07:00.000Z',
      voidedBy: HAEUN,
    },
  ],
  memosOpen: true,
  statusHistory: [
    { at: '2026-11-22T02:47:18.618Z', from: null, to: 'PENDING', actor: 'BUYER', staff: null, note: null },
    {
      at: '2026-11-22T04:00:00.000Z',
      from: 'PENDING',
      to: 'CONFIRMED',
      actor: 'STAFF',
      staff: JISOO,
      note: 'Called the buyer.',
    },
    {
      at: '2026-11-22T05:00:00.000Z',
      from: 'CONFIRMED',
      to: 'PAID',
      actor: 'SYSTEM',
      staff: null,
      note: null,
    },
  ],
  changes: [],
  linesEditable: true,
  assignableStaff: [HAEUN, JISOO],
  mayClearPersonInCharge: false,
  ...overrides,
});

function stubOrder(role: 'OWNER' | 'STAFF', detail = order()) {
  let current = detail;
  return stubApi({
    'GET /admin/me': { data: { mustChangePassword: false, role, email: 'me@kshop.example', name: 'Me' } },
    [`GET /admin/orders/${ORDER_NUMBER}`]: () => ({ data: current }),
    [`POST /admin/orders/${ORDER_NUMBER}/status`]: (call: StubCall) => {
      const { status, reason } = call.body as { status: AdminOrderDetail['status']; reason?: string };
      if (status === 'CONFIRMED' && current.personInCharge === null)
        return { statusCode: 409, message: 'Assign a person in charge before confirming the order.' };
      void reason;
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
    [`PUT /admin/orders/${ORDER_NUMBER}/backorder-choice`]: (call: StubCall) => {
      const { choice } = call.body as { choice: AdminOrderDetail['backorderChoice'] };
      current = { ...current, backorderChoice: choice };
      return { data: { choice } };
    },
    [`PATCH /admin/orders/${ORDER_NUMBER}/memos/77777777-7777-4777-8777-777777777777`]: { data: null },
    [`POST /admin/orders/${ORDER_NUMBER}/memos/88888888-8888-4888-8888-888888888888/void`]: { data: null },
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

  it('asks for carrier and tracking number in a dialog before Mark as Shipped, and sends them with the move', async () => {
    const api = stubOrder('STAFF', order({ status: 'PREPARING', nextStatuses: ['SHIPPED', 'CANCELLED'] }));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mark as Shipped' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark as Shipped' });
    expect(within(dialog).getByRole('list', { name: 'Still open' }).textContent).toBe(
      'AURORA CODE 4th Mini Album [Silver Lining] / ELLA × 10',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    expect(within(dialog).getByText('Please enter the carrier.')).toBeTruthy();
    expect(api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/status`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Carrier'), '한진택배');
    await user.type(within(dialog).getByLabelText('Tracking number'), '4242-0000-1111');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    await waitFor(() => expect(api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/status`)).toHaveLength(1));
    expect(api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/status`)[0]?.body).toEqual({
      status: 'SHIPPED',
      carrier: '한진택배',
      trackingNumber: '4242-0000-1111',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('The order is now Shipped.')).toBeTruthy();
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

  it("saves the order's choice for short pre-order units, back to the buyer's own choice too", async () => {
    const api = stubOrder('STAFF', order({ backorderChoice: 'KEEP' }));
    const user = renderPage();
    const choice = await screen.findByRole('combobox', { name: 'Short pre-order units' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['As the buyer chose', 'Keep on backorder', 'Cancel']);
    expect((choice as HTMLSelectElement).value).toBe('KEEP');
    const save = within(screen.getByRole('region', { name: 'Backorder' })).getByRole('button', {
      name: 'Save',
    });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.selectOptions(choice, 'CANCEL');
    await user.click(save);
    expect(await screen.findByText('Backorder choice saved.')).toBeTruthy();
    await user.selectOptions(choice, '');
    await user.click(save);
    await waitFor(() =>
      expect(api.callsTo(`PUT /admin/orders/${ORDER_NUMBER}/backorder-choice`).map((c) => c.body)).toEqual([
        { choice: 'CANCEL' },
        { choice: null },
      ]),
    );
  });

  it('lets an owner pick anyone the API names as assignable', async () => {
    const api = stubOrder('OWNER', order({ mayClearPersonInCharge: true }));
    const user = renderPage();
    const picker = await screen.findByRole('combobox', { name: 'Person in charge' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nobody', 'Ha-eun (owner@kshop.example)', 'Jisoo (jisoo@kshop.example)']);
    await user.selectOptions(picker, OWNER_ID);
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/person-in-charge`)[0]?.body).toEqual({
        staffId: OWNER_ID,
      }),
    );
  });

  it('offers a staff member only themselves, as the API allows, and says so', async () => {
    const me = { id: '12121212-1212-4212-8212-121212121212', email: 'me@kshop.example', name: 'Me' };
    const api = stubOrder('STAFF', order({ assignableStaff: [me], mayClearPersonInCharge: false }));
    const user = renderPage();
    const picker = await screen.findByRole('combobox', { name: 'Person in charge' });
    expect(screen.getByText('You can assign yourself; an owner assigns anyone.')).toBeTruthy();
    expect(screen.queryByText('An owner assigns the person in charge.')).toBeNull();
    const options = within(picker).getAllByRole('option') as HTMLOptionElement[];
    // The colleague in charge is shown but cannot be chosen; nobody is not offered.
    expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
      ['Jisoo (jisoo@kshop.example)', true],
      ['Me (me@kshop.example)', false],
    ]);
    await user.selectOptions(picker, me.id);
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/person-in-charge`)[0]?.body).toEqual({
        staffId: me.id,
      }),
    );
  });

  it('does not offer confirming a pending order with nobody in charge, and says why', async () => {
    stubOrder(
      'OWNER',
      order({
        status: 'PENDING',
        personInCharge: null,
        personInChargeStaffId: null,
        nextStatuses: ['CANCELLED'],
        mayClearPersonInCharge: true,
      }),
    );
    renderPage();
    expect(await screen.findByText('Assign a person in charge before confirming the order.')).toBeTruthy();
    expect(statusButtons()).toEqual(['Cancel order']);
  });

  it('cancels only with a reason, which it sends with the move', async () => {
    const api = stubOrder('STAFF');
    const user = renderPage();
    await screen.findByRole('heading', { name: /Order 20261122-1001/ });
    const status = screen.getByRole('region', { name: 'Status' });
    await user.click(within(status).getByRole('button', { name: 'Cancel order' }));
    const reason = within(status).getByLabelText('Reason for cancelling');
    expect(document.activeElement).toBe(reason);
    const submit = within(status)
      .getAllByRole('button', { name: 'Cancel order' })
      .find((b) => b.getAttribute('type') === 'submit')!;
    await user.click(submit);
    expect(await within(status).findByText('Please give a reason for cancelling the order.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/status`)).toHaveLength(0);

    await user.type(reason, 'Sold out at the label.');
    await user.click(submit);
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/status`)[0]?.body).toEqual({
        status: 'CANCELLED',
        reason: 'Sold out at the label.',
      }),
    );
  });

  it('lists every memo with its author and time, voided ones marked, and changes or voids an open one', async () => {
    const api = stubOrder('STAFF');
    const user = renderPage();
    const list = await screen.findByRole('list', { name: 'Memos' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('Added by Jisoo');
    expect(items[1]!.textContent).toContain('Added by Ha-eun');
    expect(items[2]!.textContent).toContain('(voided)');
    expect(items[2]!.textContent).toContain('voided by Ha-eun');
    expect(within(items[2]!).queryByRole('button')).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Change memo Shipping fee/15000' }));
    const field = screen.getByLabelText('Changed memo');
    await user.clear(field);
    await user.type(field, 'Shipping fee/20000');
    await user.click(screen.getByRole('button', { name: 'Save memo' }));
    await waitFor(() =>
      expect(
        api.callsTo(`PATCH /admin/orders/${ORDER_NUMBER}/memos/77777777-7777-4777-8777-777777777777`)[0]
          ?.body,
      ).toEqual({ content: 'Shipping fee/20000' }),
    );

    await user.click(within(list).getByRole('button', { name: 'Void memo Discount/-5000' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Void memo' }));
    await waitFor(() =>
      expect(
        api.callsTo(`POST /admin/orders/${ORDER_NUMBER}/memos/88888888-8888-4888-8888-888888888888/void`),
      ).toHaveLength(1),
    );
  });

  it("shows where the order ships: the postal code with its letters and the receiver's country", async () => {
    const base = order();
    stubOrder(
      'STAFF',
      order({
        receiverInfo: {
          ...base.receiverInfo,
          addressDetail: '200 Front St W, Toronto, ON',
          postalCode: 'M5V 2T6',
          country: 'CA',
        },
      }),
    );
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Buyer and delivery' });
    expect(within(panel).getByText('Address').nextElementSibling?.textContent).toBe(
      '200 Front St W, Toronto, ON (M5V 2T6)',
    );
    expect(within(panel).getByText('Country').nextElementSibling?.textContent).toBe('Canada');
  });

  it("shows the buyer's PO number with the buyer, and no row for an order without one", async () => {
    stubOrder('STAFF', order({ poReference: 'HB-4500012345' }));
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Buyer and delivery' });
    expect(within(panel).getByText("Buyer's PO number").nextElementSibling?.textContent).toBe(
      'HB-4500012345',
    );
  });

  it('leaves the PO number out when the order has none', async () => {
    stubOrder('STAFF', order({ poReference: null }));
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Buyer and delivery' });
    expect(within(panel).queryByText("Buyer's PO number")).toBeNull();
  });

  it('closes memos on a delivered order', async () => {
    stubOrder('STAFF', order({ status: 'DELIVERED', nextStatuses: [], memosOpen: false }));
    renderPage();
    const list = await screen.findByRole('list', { name: 'Memos' });
    expect(within(list).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByLabelText('New memo')).toBeNull();
    expect(screen.getByText('Memos stay as they are once an order is delivered or cancelled.')).toBeTruthy();
  });

  it('gives the memo hint in dollars on a dollar order and in won on a won order', async () => {
    stubOrder('STAFF', order({ currencyCode: 'USD', memos: [] }));
    renderPage();
    const field = await screen.findByLabelText('New memo');
    const hint = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(hint.textContent).toContain('US dollars');
    expect(hint.textContent).toContain('Shipping fee/25.50 adds US$25.50');
    expect(hint.textContent).not.toContain('15000');
  });

  it('reads 15000 as won on a won order', async () => {
    stubOrder('STAFF', order({ memos: [] }));
    renderPage();
    const field = await screen.findByLabelText('New memo');
    const hint = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(hint.textContent).toContain('Shipping fee/15000 adds ₩15,000');
    expect(hint.textContent).not.toContain('$');
  });

  it('shows the status history as a timeline: who, when, from, to and the note', async () => {
    stubOrder('STAFF');
    renderPage();
    const history = await screen.findByRole('region', { name: 'History' });
    const steps = within(history)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps).toHaveLength(3);
    expect(steps[0]).toContain('by the buyer');
    expect(steps[1]).toContain('by Jisoo');
    expect(steps[1]).toContain('Called the buyer.');
    expect(steps[2]).toContain('by the system');
  });
});
