import { type AdminOrderDetail, ORDER_EDIT_RULES } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import { OrderLineEdits } from './order-line-edits';

const ORDER = '66666666-6666-4666-8666-666666666666';
const LINE_A = '99999999-9999-4999-8999-999999999999';
const LINE_B = '99999999-9999-4999-8999-99999999999b';
const PRODUCT = '12121212-1212-4121-8121-121212121212';
const OPTION = '13131313-1313-4131-8131-131313131313';
const SOLD_OUT = '14141414-1414-4141-8141-141414141414';

const line = (uuid: string, title: string, quantity: number, unit: number) => ({
  orderDetailUuid: uuid,
  quantity,
  amount: quantity * unit,
  currencyCode: 'KRW' as const,
  productOption: {
    productOptionUuid: null,
    productTitle: title,
    optionNameValue1: 'Standard',
    optionNameValue2: null,
    thumbnailUrlArray: [],
  },
});

const order = (overrides: Partial<AdminOrderDetail> = {}) =>
  ({
    uuid: ORDER,
    orderNumber: '20261123-1001',
    createdAt: '2026-11-23T02:00:00.000Z',
    status: 'PAID',
    currencyCode: 'KRW',
    beforeDiscountProductAmount: 62000,
    finalPaymentAmount: 77000,
    orderMemos: [],
    orderDetails: [line(LINE_A, 'Moonlight Album', 2, 25000), line(LINE_B, 'Light Stick', 1, 12000)],
    receiverInfo: {
      receiverName: 'Kim Minji',
      companyName: 'Hanbit Records',
      companyEmail: 'korea@demo.kshop.example',
      phoneNumber: '+82 10-1234-5678',
      addressDetail: 'Seoul',
      postalCode: '03925',
    },
    personInChargeStaffId: null,
    personInCharge: null,
    businessRegistrationNumber: '1208812345',
    nextStatuses: ['PREPARING', 'CANCELLED'],
    memos: [],
    memosOpen: true,
    statusHistory: [],
    changes: [],
    linesEditable: true,
    assignableStaff: [],
    mayClearPersonInCharge: true,
    ...overrides,
  }) as AdminOrderDetail;

const change = (kind: string, from: number, to: number) => ({
  data: {
    kind,
    orderDetailUuid: LINE_A,
    productOptionUuid: null,
    productTitle: 'Moonlight Album',
    optionNameValue1: 'Standard',
    optionNameValue2: null,
    fromQuantity: from,
    toQuantity: to,
    unitPrice: 25000,
    currencyCode: 'KRW',
    productAmountBefore: 0,
    productAmountAfter: 0,
    finalAmountBefore: 0,
    finalAmountAfter: 0,
  },
});

describe('OrderLineEdits', () => {
  it('changes a quantity after a confirmation that shows the amounts, and shows a refusal at the field', async () => {
    signedIn();
    const api = stubApi({
      [`PATCH /admin/orders/${ORDER}/lines/${LINE_A}`]: (call) =>
        (call.body as { quantity: number }).quantity === 9
          ? { statusCode: 409, message: ORDER_EDIT_RULES.notEnoughStock('Moonlight Album', 4) }
          : change('LINE_CHANGED', 2, 5),
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderLineEdits order={order()} />);
    const field = screen.getByLabelText('Quantity of Moonlight Album / Standard');
    const row = field.closest('li')!;

    await user.clear(field);
    await user.type(field, '5');
    await user.click(within(row).getByRole('button', { name: 'Change quantity' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Change Moonlight Album / Standard from 2 to 5?');
    expect(dialog.textContent).toContain('Products ₩62,000 → ₩137,000; final amount ₩77,000 → ₩152,000.');
    await user.click(within(dialog).getByRole('button', { name: 'Change quantity' }));
    expect(await within(row).findByRole('status')).toHaveProperty('textContent', 'Quantity changed to 5.');
    expect(api.callsTo(`PATCH /admin/orders/${ORDER}/lines/${LINE_A}`)[0]!.body).toEqual({ quantity: 5 });
    // Focus goes back where it was once the dialog closes.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Change quantity' })),
    );

    await user.clear(field);
    await user.type(field, '9');
    await user.click(within(row).getByRole('button', { name: 'Change quantity' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Change quantity' }),
    );
    expect(await within(row).findByRole('alert')).toHaveProperty(
      'textContent',
      ORDER_EDIT_RULES.notEnoughStock('Moonlight Album', 4),
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('checks the quantity before asking, and sends nothing when the confirmation is cancelled', async () => {
    signedIn();
    const api = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<OrderLineEdits order={order()} />);
    const field = screen.getByLabelText('Quantity of Light Stick / Standard');
    const row = field.closest('li')!;

    await user.clear(field);
    await user.type(field, '0');
    await user.click(within(row).getByRole('button', { name: 'Change quantity' }));
    expect(within(row).getByRole('alert').textContent).toBe(ORDER_EDIT_RULES.quantityRule);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Remove Light Stick / Standard' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Products ₩62,000 → ₩50,000');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls).toHaveLength(0);
  });

  it('removes a line after confirmation, never the last one', async () => {
    signedIn();
    const api = stubApi({
      [`DELETE /admin/orders/${ORDER}/lines/${LINE_B}`]: change('LINE_REMOVED', 1, 0),
    });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<OrderLineEdits order={order()} />);
    await user.click(screen.getByRole('button', { name: 'Remove Light Stick / Standard' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove line' }),
    );
    await waitFor(() => expect(api.callsTo(`DELETE /admin/orders/${ORDER}/lines/${LINE_B}`)).toHaveLength(1));
    unmount();

    renderWithProviders(
      <OrderLineEdits order={order({ orderDetails: [line(LINE_A, 'Moonlight Album', 2, 25000)] })} />,
    );
    const remove = screen.getByRole('button', { name: 'Remove Moonlight Album / Standard' });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    expect(remove.getAttribute('title')).toBe(ORDER_EDIT_RULES.lastLine);
  });

  it('finds a product in the catalogue, picks an available option and adds it with a quantity', async () => {
    signedIn();
    const api = stubApi({
      'GET /admin/products': {
        data: {
          productList: [
            {
              uuid: PRODUCT,
              title: 'Winter Photobook',
              vendor: 'Label',
              categoryId: 13,
              tags: [],
              inStock: true,
              optionCount: 2,
              thumbnailUrl: null,
              createdAt: '2026-11-01T00:00:00.000Z',
              isPublished: true,
            },
          ],
          totalCount: 1,
        },
      },
      [`GET /admin/products/${PRODUCT}`]: {
        data: {
          uuid: PRODUCT,
          title: 'Winter Photobook',
          options: [
            {
              uuid: OPTION,
              optionNameValue1: 'A ver.',
              optionNameValue2: null,
              priceKrw: 30000,
              priceUsd: 24,
              stock: 10,
              holdStock: 4,
              isSoldOut: false,
            },
            {
              uuid: SOLD_OUT,
              optionNameValue1: 'B ver.',
              optionNameValue2: null,
              priceKrw: 30000,
              priceUsd: 24,
              stock: 0,
              holdStock: 0,
              isSoldOut: true,
            },
          ],
        },
      },
      [`POST /admin/orders/${ORDER}/lines`]: change('LINE_ADDED', 0, 3),
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderLineEdits order={order()} />);

    await user.type(screen.getByLabelText('Product, vendor or artist'), 'winter');
    await user.click(screen.getByRole('button', { name: 'Find products' }));
    await user.click(await screen.findByRole('button', { name: 'Winter Photobook' }));
    expect(api.callsTo('GET /admin/products')[0]!.url).toContain('q=winter');
    const select = await screen.findByLabelText('Option of Winter Photobook');
    const soldOut = within(select).getByRole('option', { name: 'B ver. — ₩30,000, sold out' });
    expect((soldOut as HTMLOptionElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add line' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose an option.');
    await user.selectOptions(select, 'A ver. — ₩30,000, 6 available');
    const quantity = screen.getByLabelText('Quantity to add');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Add Winter Photobook / A ver. × 3 at ₩30,000 each (list price');
    expect(dialog.textContent).toContain('final amount ₩77,000 → ₩167,000');
    await user.click(within(dialog).getByRole('button', { name: 'Add line' }));
    expect((await screen.findByText('Winter Photobook / A ver. added.')).getAttribute('role')).toBe('status');
    expect(api.callsTo(`POST /admin/orders/${ORDER}/lines`)[0]!.body).toEqual({
      productOptionId: OPTION,
      quantity: 3,
    });
  });

  it('shows nothing once the order can no longer change', () => {
    renderWithProviders(<OrderLineEdits order={order({ status: 'SHIPPED', linesEditable: false })} />);
    expect(screen.queryByRole('heading', { name: 'Change lines' })).toBeNull();
  });
});
