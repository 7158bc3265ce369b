import { type CartData, type CartItem, messages, SESSION_KEYS, type UserProfile } from '@kshop/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { OrderPage } from './order-page';

const ORDER_UUID = '0b1c2d3e-0000-4000-8000-000000000009';

const item = (n: number, price: number, quantity: number, value2: string | null = null): CartItem => ({
  uuid: `cccccccc-0000-4000-8000-${String(n).padStart(12, '0')}`,
  quantity,
  product: {
    uuid: `pppppppp-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Album ${n}`,
    vendor: 'STARHOUSE',
    thumbnailUrl: `/media/${n}.svg`,
    releaseDate: null,
  },
  productOption: {
    uuid: `oooooooo-0000-4000-8000-${String(n).padStart(12, '0')}`,
    optionNameKey1: 'VERSION',
    optionNameKey2: value2 ? 'MEMBER' : null,
    optionNameValue1: 'A',
    optionNameValue2: value2,
    stock: 100,
    holdStock: 0,
    minimumOrderQuantity: 1,
    isSoldOut: false,
  },
  productPrice: { price },
});

const cart = (cartList: CartItem[]): CartData => ({
  cartList,
  totalPrice: 0,
  currencyCode: 'USD',
  currencySymbol: 'US$',
});

const profile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  email: 'global@demo.kshop.example',
  phoneNumber: '+1 555 0100',
  companyName: 'Seoul Beats Trading',
  representativeName: 'Alex Park',
  businessRegistrationNumber: '987654321',
  companyAddress: '1 Main St',
  postalCode: '10001',
  businessCertificateUrl: '',
  businessCertificateName: '',
  marketingAgree: false,
  isKoreanCompany: false,
  status: 'APPROVED',
  addresses: [
    {
      addressUuid: 'aaaaaaaa-0000-4000-8000-000000000001',
      postalCode: '',
      addressDetail: 'Warehouse 7, Long Beach',
      isDefault: false,
    },
    {
      addressUuid: 'aaaaaaaa-0000-4000-8000-000000000002',
      postalCode: '06234',
      addressDetail: '12 Teheran-ro',
      isDefault: true,
    },
  ],
  ...overrides,
});

type Call = { method: string; url: string; body: unknown; headers: Record<string, string> };

function stubApi(
  user: UserProfile,
  cartData: CartData,
  order: () => Response = () =>
    envelope({ uuid: ORDER_UUID, orderNumber: '20260314-1002' }, 200, messages.order.placed),
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? JSON.parse(String(init.body)) : null,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      if (url === '/api/v1/user') return envelope(user);
      if (url === '/api/v1/cart') return envelope(cartData);
      if (url === '/api/v1/order' && call.method === 'POST') return order();
      return envelope(null, 404, 'Not Found');
    }),
  );
  return calls;
}

async function renderOrderPage() {
  startSession('member');
  const view = renderWithProviders(<OrderPage />, { route: '/order' });
  await screen.findByRole('button', { name: 'ORDER NOW' });
  return view;
}

/** The receiver fields start filled from the profile; these tests start them empty. */
async function clearReceiver(user: ReturnType<typeof userEvent.setup>) {
  await user.clear(screen.getByLabelText('Receiver name'));
  await user.clear(screen.getByLabelText('Receiver email'));
  await user.clear(screen.getByLabelText('Phone number'));
}

async function fillReceiver(user: ReturnType<typeof userEvent.setup>) {
  await clearReceiver(user);
  await user.type(screen.getByLabelText('Receiver name'), 'Alex Park');
  await user.type(screen.getByLabelText('Receiver email'), 'alex@seoulbeats.example');
  await user.type(screen.getByLabelText('Phone number'), '+1 555 0100');
}

describe('OrderPage (Delivery)', () => {
  it('sends a guest to the login page', () => {
    renderWithProviders(<OrderPage />, { route: '/order' });
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('shows the company read-only, the phone placeholder and the default address', async () => {
    stubApi(profile(), cart([item(1, 12.5, 2)]));
    await renderOrderPage();
    expect(screen.getByLabelText('Business registration number')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('Business registration number')).toHaveProperty('value', '987654321');
    expect(screen.getByLabelText('Company name')).toHaveProperty('value', 'Seoul Beats Trading');
    expect(screen.getByLabelText('Company name')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('Phone number').getAttribute('placeholder')).toBe('+00 000000000');
    expect(screen.getByLabelText('Postal code')).toHaveProperty('value', '06234');
    expect(screen.getByLabelText('Address')).toHaveProperty('value', '12 Teheran-ro');
  });

  it("lists the cart as 'qty x price = subtotal' with a quantity badge and the Total", async () => {
    stubApi(profile(), cart([item(1, 12.5, 2, 'NANA'), item(2, 0.1, 3)]));
    await renderOrderPage();
    const panel = within(screen.getByRole('complementary', { name: 'Product Information' }));
    const lines = panel.getAllByRole('listitem');
    expect(within(lines[0] as HTMLElement).getByText('Album 1')).toBeTruthy();
    expect(within(lines[0] as HTMLElement).getByText('A / NANA')).toBeTruthy();
    expect(within(lines[0] as HTMLElement).getByText('2 x US$12.50 = US$25.00')).toBeTruthy();
    expect((lines[0] as HTMLElement).querySelector('.checkout-line__badge')?.textContent).toBe('Quantity 2');
    expect(within(lines[1] as HTMLElement).getByText('3 x US$0.10 = US$0.30')).toBeTruthy();
    expect(panel.getByText('US$25.30')).toBeTruthy();
  });

  it("alerts 'Please fill in the following fields:' with every missing field in the spec's order", async () => {
    const user = userEvent.setup();
    const calls = stubApi(
      profile({ companyName: '', businessRegistrationNumber: '', addresses: [] }),
      cart([]),
    );
    await renderOrderPage();
    await clearReceiver(user);
    await user.click(screen.getByRole('button', { name: 'ORDER NOW' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.querySelector('.message-dialog__text')?.textContent?.split('\n')).toEqual([
      messages.order.fillIn,
      'Company Name is required',
      'Receiver email is required',
      'Receiver Name is required',
      'Phone number is required',
      'Address is required',
      'Cart is empty',
      'Business registration number is required',
    ]);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("starts the receiver from the member's profile, still editable, with the required fields marked", async () => {
    const user = userEvent.setup();
    stubApi(profile(), cart([item(1, 1, 1)]));
    await renderOrderPage();
    const name = screen.getByLabelText('Receiver name') as HTMLInputElement;
    expect(name.value).toBe('Alex Park');
    expect((screen.getByLabelText('Receiver email') as HTMLInputElement).value).toBe(
      'global@demo.kshop.example',
    );
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('+1 555 0100');
    for (const label of ['Receiver name', 'Receiver email', 'Phone number', 'Address'])
      expect(screen.getByLabelText(label).hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText('Postal code').hasAttribute('required')).toBe(false);
    await user.clear(name);
    await user.type(name, 'Kim Minji');
    expect(name.value).toBe('Kim Minji');
  });

  it('shows each missing field beside the field as well as in the alert, until it is filled', async () => {
    const user = userEvent.setup();
    stubApi(profile({ addresses: [] }), cart([item(1, 1, 1)]));
    await renderOrderPage();
    await user.clear(screen.getByLabelText('Phone number'));
    await user.click(screen.getByRole('button', { name: 'ORDER NOW' }));
    await screen.findByRole('alertdialog', {
      name: `${messages.order.fillIn}\nPhone number is required\nAddress is required`,
    });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    const phone = screen.getByLabelText('Phone number');
    const address = screen.getByLabelText('Address');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Receiver name').getAttribute('aria-invalid')).toBeNull();
    const describedBy = phone.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ').at(-1) ?? '')?.textContent).toBe(
      'Phone number is required',
    );
    await user.type(phone, '+1 555 0100');
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Phone number is required')).toBeNull();
    expect(address.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps a typed or pasted address on one line', async () => {
    const user = userEvent.setup();
    stubApi(profile({ addresses: [] }), cart([item(1, 1, 1)]));
    await renderOrderPage();
    const address = screen.getByLabelText('Address') as HTMLTextAreaElement;
    await user.type(address, '12 Teheran-ro{Enter}Gangnam-gu');
    expect(address.value).toBe('12 Teheran-ro Gangnam-gu');
  });

  it('names only what is missing', async () => {
    const user = userEvent.setup();
    stubApi(profile(), cart([item(1, 1, 1)]));
    await renderOrderPage();
    await clearReceiver(user);
    await user.type(screen.getByLabelText('Receiver name'), 'Alex');
    await user.click(screen.getByRole('button', { name: 'ORDER NOW' }));
    expect(
      await screen.findByRole('alertdialog', {
        name: `${messages.order.fillIn}\nReceiver email is required\nPhone number is required`,
      }),
    ).toBeTruthy();
  });

  it('names a malformed receiver email before the confirm, beside the field too, and places nothing', async () => {
    const user = userEvent.setup();
    const calls = stubApi(profile(), cart([item(1, 1, 1)]));
    await renderOrderPage();
    await clearReceiver(user);
    await user.type(screen.getByLabelText('Receiver name'), 'Alex Park');
    await user.type(screen.getByLabelText('Receiver email'), 'alex@seoulbeats');
    await user.type(screen.getByLabelText('Phone number'), '+1 555 0100');
    await user.click(screen.getByRole('button', { name: 'ORDER NOW' }));
    expect(
      await screen.findByRole('alertdialog', { name: `Receiver email: ${messages.contact.emailPattern}` }),
    ).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { name: messages.order.confirmPlace })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    const email = screen.getByLabelText('Receiver email');
    await vi.waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(messages.contact.emailPattern)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(email, '.example');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'ORDER NOW' }));
    expect(await screen.findByRole('alertdialog', { name: messages.order.confirmPlace })).toBeTruthy();
  });

  it("sends the saved address's country with its postal code as typed, and a typed one abroad keeps its letters", async () => {
    const user = userEvent.setup();
    const toronto = {
      addressUuid: 'aaaaaaaa-0000-4000-8000-000000000003',
      postalCode: 'M5V 2T6',
      addressDetail: '200 Front St W, Toronto, ON',
      isDefault: true,
      country: 'CA',
    };
    const calls = stubApi(profile({ addresses: [toronto] }), cart([item(1, 12.5, 2)]));
    await renderOrderPage();
    const postal = screen.getByLabelText('Postal code') as HTMLInputElement;
    const country = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    expect([postal.value, country.value]).toEqual(['M5V 2T6', 'CA']);

    await user.clear(postal);
    await user.type(postal, 'SW1A 1AA');
    await user.selectOptions(country, 'United Kingdom');
    await user.click(screen.getByRole('button', { name: 'ORDER NOW' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await screen.findByRole('dialog', { name: messages.order.assigning });
    const posted = calls.find((c) => c.method === 'POST');
    expect((posted?.body as { receiverInfo?: object } | undefined)?.receiverInfo).toMatchObject({
      postalCode: 'SW1A 1AA',
      country: 'GB',
    });
  });

  it('asks for confirmation, places nothing on Cancel, and places the order on OK', async () => {
    const user = userEvent.setup();
    const calls = stubApi(profile(), cart([item(1, 12.5, 2), item(2, 0.1, 3)]));
    await renderOrderPage();
    await fillReceiver(user);

    await user.click(screen.getByRole('button', { name: 'ORDER NOW' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'ORDER NOW' }));
    expect(screen.getByRole('alertdialog', { name: messages.order.confirmPlace })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));

    const success = await screen.findByRole('dialog', { name: messages.order.assigning });
    expect(within(success).getByText(/receipt and tax invoice/)).toBeTruthy();
    expect(within(success).getByRole('link', { name: 'Confirm' }).getAttribute('href')).toBe(
      `/mypage/shoppingdetail/${ORDER_UUID}`,
    );
    expect(sessionStorage.getItem(SESSION_KEYS.isLoggedIn)).toBe('true');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      currencyCode: 'USD',
      finalPaymentAmount: 25.3,
      receiverInfo: {
        companyName: 'Seoul Beats Trading',
        companyEmail: 'alex@seoulbeats.example',
        receiverName: 'Alex Park',
        postalCode: '06234',
        addressDetail: '12 Teheran-ro',
        phoneNumber: '+1 555 0100',
      },
      productOptionList: [
        { productOptionUuid: item(1, 0, 0).productOption.uuid, quantity: 2 },
        { productOptionUuid: item(2, 0, 0).productOption.uuid, quantity: 3 },
      ],
    });

    await user.click(within(success).getByRole('link', { name: 'Confirm' }));
    expect(screen.getByTestId('location').textContent).toBe(`/mypage/shoppingdetail/${ORDER_UUID}`);
  });

  it("sends the buyer's own PO number, trimmed, told where it will appear, at most 50 characters", async () => {
    const user = userEvent.setup();
    const calls = stubApi(profile(), cart([item(1, 12.5, 2)]));
    await renderOrderPage();
    const po = screen.getByRole('textbox', { name: 'Your PO number' }) as HTMLInputElement;
    expect(po.value).toBe('');
    expect(po.required).toBe(false);
    expect(po.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(po.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /printed on the invoice/,
    );
    await user.type(po, `  PO-${'9'.repeat(60)}`);
    expect(po.value).toHaveLength(50);
    await user.clear(po);
    await user.type(po, '  SB-PO-2026-0042 ');
    await user.click(screen.getByRole('button', { name: 'ORDER NOW' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await screen.findByRole('dialog', { name: messages.order.assigning });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ poReference: 'SB-PO-2026-0042' });
  });

  it('leaves out of the order, and of its total, a cart line outside its order window', async () => {
    const user = userEvent.setup();
    const closed = item(2, 9, 4);
    closed.product = { ...closed.product, orderWindow: 'CLOSED', preorder: true };
    const calls = stubApi(profile(), cart([item(1, 12.5, 2), closed]));
    await renderOrderPage();
    const products = within(screen.getByRole('list', { name: 'Products to order' }));
    expect(products.getByText('Album 1')).toBeTruthy();
    expect(products.queryByText('Album 2')).toBeNull();
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: 'ORDER NOW' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await screen.findByRole('dialog', { name: messages.order.assigning });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      finalPaymentAmount: 25,
      productOptionList: [{ productOptionUuid: item(1, 0, 0).productOption.uuid, quantity: 2 }],
    });
  });

  it.each([
    [409, messages.order.pricesChanged, messages.order.pricesChanged],
    [409, messages.order.notEnoughStock('Album 1'), messages.order.notEnoughStock('Album 1')],
    [500, 'boom', messages.order.failed],
  ])('alerts a %i failure as the spec says', async (statusCode, serverMessage, shown) => {
    const user = userEvent.setup();
    stubApi(profile(), cart([item(1, 12.5, 2)]), () => envelope(null, statusCode, serverMessage));
    await renderOrderPage();
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: 'ORDER NOW' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('alertdialog', { name: shown })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: messages.order.assigning })).toBeNull();
  });

  it('sends one Idempotency-Key per attempt: the same after no answer, a new one after an answer or a change', async () => {
    const user = userEvent.setup();
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => envelope(null, 409, messages.order.pricesChanged),
      () => envelope(null, 409, messages.order.pricesChanged),
      () => envelope({ uuid: ORDER_UUID, orderNumber: '20260314-1002' }, 200, messages.order.placed),
    ];
    const calls = stubApi(profile(), cart([item(1, 12.5, 2)]), () => answers.shift()!());
    await renderOrderPage();
    await fillReceiver(user);
    const orderNow = async () => {
      await user.click(screen.getByRole('button', { name: 'ORDER NOW' }));
      await user.click(await screen.findByRole('button', { name: 'OK' }));
    };
    const dismiss = async () => user.click(await screen.findByRole('button', { name: 'OK' }));

    await orderNow(); // the network fails: nobody knows whether the order was placed
    await dismiss();
    await orderNow(); // the same attempt again, answered 409
    await dismiss();
    await orderNow(); // answered: a new attempt
    await dismiss();
    await user.type(screen.getByLabelText('Receiver name'), ' Jr.');
    await orderNow(); // the form changed: a new attempt
    await screen.findByRole('dialog', { name: messages.order.assigning });

    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).not.toBe(keys[2]);
  });

  it("fills the address from the 'Select Address' picker", async () => {
    const user = userEvent.setup();
    stubApi(profile(), cart([item(1, 1, 1)]));
    await renderOrderPage();
    await user.click(screen.getByRole('button', { name: 'Select / Add Address' }));
    const picker = await screen.findByRole('dialog', { name: 'Select Address' });
    expect(within(picker).getByText(messages.address.notice)).toBeTruthy();
    expect(within(picker).getByRole('button', { name: 'Add Address' })).toBeTruthy();
    const other = within(picker).getByText('Warehouse 7, Long Beach').closest('li') as HTMLElement;
    expect(within(other).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Delete' })).toBeTruthy();
    await user.click(within(other).getByRole('button', { name: 'Select' }));

    expect(screen.queryByRole('dialog', { name: 'Select Address' })).toBeNull();
    expect(screen.getByLabelText('Address')).toHaveProperty('value', 'Warehouse 7, Long Beach');
    expect(screen.getByLabelText('Postal code')).toHaveProperty('value', '');
  });
});
