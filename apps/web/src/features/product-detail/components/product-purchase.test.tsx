import { messages, stockAlertMessages } from '@kshop/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { productDetail, productOption } from '../../../test/fixtures';
import { envelope, renderWithProviders } from '../../../test/render';
import { ProductPurchase } from './product-purchase';

const price = (totalPrice: number) => ({ totalPrice, comparedPrice: null });

const selectedNames = () => {
  const list = screen.queryByRole('list', { name: 'Selected options' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent)
    : [];
};

describe('ProductPurchase', () => {
  it('preselects the current option at its minimum quantity, with its line price and TOTAL', () => {
    startSession('member');
    const a = productOption({
      uuid: 'a',
      optionNameValue1: 'ELLA',
      minimumOrderQuantity: 10,
      productPrice: price(2.5),
    });
    const b = productOption({ uuid: 'b', optionNameValue1: 'NANA', productPrice: price(3) });
    renderWithProviders(<ProductPurchase detail={productDetail([a, b])} />);
    expect(selectedNames()).toEqual(['ELLA']);
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveProperty('value', '10');
    expect(screen.getAllByText('US$25.00')).toHaveLength(2);
  });

  it('adds an option at once when there is no second option, and never twice', async () => {
    const user = userEvent.setup();
    const a = productOption({ uuid: 'a', optionNameKey1: 'MEMBER', optionNameValue1: 'ELLA' });
    const b = productOption({ uuid: 'b', optionNameKey1: 'MEMBER', optionNameValue1: 'NANA' });
    renderWithProviders(<ProductPurchase detail={productDetail([a, b])} />);
    await user.selectOptions(screen.getByLabelText('MEMBER'), 'NANA');
    await user.selectOptions(screen.getByLabelText('MEMBER'), 'ELLA');
    expect(selectedNames()).toEqual(['ELLA', 'NANA']);
    expect(screen.queryByLabelText('Option 2')).toBeNull();
  });

  it('offers a second dropdown when options have a second key, with sold-out options disabled', async () => {
    const user = userEvent.setup();
    const options = [
      productOption({
        uuid: 'a1',
        optionNameValue1: 'A',
        optionNameKey2: 'MEMBER',
        optionNameValue2: 'ELLA',
        isSoldOut: true,
      }),
      productOption({
        uuid: 'a2',
        optionNameValue1: 'A',
        optionNameKey2: 'MEMBER',
        optionNameValue2: 'NANA',
      }),
      productOption({
        uuid: 'b1',
        optionNameValue1: 'B',
        optionNameKey2: 'MEMBER',
        optionNameValue2: 'ELLA',
        stock: 0,
      }),
    ];
    renderWithProviders(<ProductPurchase detail={productDetail(options)} />);
    expect(selectedNames()).toEqual([]);
    const first = screen.getByLabelText('VERSION');
    expect(within(first).getByRole('option', { name: 'B (Sold out)' })).toHaveProperty('disabled', true);

    await user.selectOptions(first, 'A');
    const second = screen.getByLabelText('MEMBER');
    expect(within(second).getByRole('option', { name: 'ELLA (Sold out)' })).toHaveProperty('disabled', true);
    await user.selectOptions(second, 'NANA');
    expect(selectedNames()).toEqual(['A / NANA']);
  });

  it('adds a two-key option with its minimum order quantity once both are chosen, and never twice', async () => {
    const user = userEvent.setup();
    const option = (uuid: string, value1: string, value2: string, minimumOrderQuantity = 1) =>
      productOption({
        uuid,
        optionNameValue1: value1,
        optionNameKey2: 'MEMBER',
        optionNameValue2: value2,
        minimumOrderQuantity,
      });
    const options = [option('a1', 'A', 'ELLA', 5), option('a2', 'A', 'NANA'), option('b1', 'B', 'ELLA', 3)];
    renderWithProviders(
      <ProductPurchase detail={productDetail(options, { ...options[0]!, isSoldOut: true })} />,
    );
    expect(selectedNames()).toEqual([]);

    await user.selectOptions(screen.getByLabelText('VERSION'), 'A');
    expect(selectedNames()).toEqual([]);
    await user.selectOptions(screen.getByLabelText('MEMBER'), 'ELLA');
    expect(selectedNames()).toEqual(['A / ELLA']);
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveProperty('value', '5');

    // The same option again: ignored, the list keeps one card for it.
    await user.selectOptions(screen.getByLabelText('VERSION'), 'A');
    await user.selectOptions(screen.getByLabelText('MEMBER'), 'ELLA');
    expect(selectedNames()).toEqual(['A / ELLA']);

    await user.selectOptions(screen.getByLabelText('VERSION'), 'B');
    await user.selectOptions(screen.getByLabelText('MEMBER'), 'ELLA');
    expect(selectedNames()).toEqual(['A / ELLA', 'B / ELLA']);
    expect(
      screen.getAllByRole('textbox', { name: 'Quantity' }).map((input) => (input as HTMLInputElement).value),
    ).toEqual(['5', '3']);
  });

  it('offers an option with less stock than its minimum order quantity as sold out', () => {
    const short = productOption({ uuid: 'a', optionNameValue1: 'SHORT', minimumOrderQuantity: 10, stock: 4 });
    const fine = productOption({ uuid: 'b', optionNameValue1: 'FINE' });
    renderWithProviders(<ProductPurchase detail={productDetail([short, fine], fine)} />);
    expect(
      within(screen.getByLabelText('VERSION')).getByRole('option', { name: 'SHORT (Sold out)' }),
    ).toHaveProperty('disabled', true);
  });

  it('keeps the quantity between the minimum order quantity and the stock', async () => {
    const user = userEvent.setup();
    const a = productOption({ uuid: 'a', optionNameValue1: 'ELLA', minimumOrderQuantity: 2, stock: 3 });
    renderWithProviders(<ProductPurchase detail={productDetail([a])} />);
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(minus).toHaveProperty('disabled', true);
    await user.click(plus);
    expect(plus).toHaveProperty('disabled', true);
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(input);
    await user.type(input, '99{Enter}');
    expect(input).toHaveProperty('value', '3');
    expect(screen.getByText(messages.cart.maximum(3))).toBeTruthy();
    // Leaving the field keeps the message (and the layout), so the click that moved focus still lands.
    await user.tab();
    expect(screen.getByText(messages.cart.maximum(3))).toBeTruthy();
  });

  it('asks a guest to log in instead of adding to the cart', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <ProductPurchase detail={productDetail([productOption({ uuid: 'a', optionNameValue1: 'X' })])} />,
    );
    expect(screen.getAllByText(messages.membersOnly).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('alertdialog', { name: messages.cart.loginToAdd })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'LOGIN' }).getAttribute('href')).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks a member to choose an option first', async () => {
    startSession('member');
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ optionUuidList: [] })),
    );
    // Opened at a sold-out option, nothing is preselected; another option can still be chosen.
    const sold = productOption({ uuid: 'a', optionNameValue1: 'X', isSoldOut: true, productPrice: price(1) });
    const open = productOption({ uuid: 'b', optionNameValue1: 'Y', productPrice: price(1) });
    renderWithProviders(<ProductPurchase detail={productDetail([sold, open], sold)} />);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('alertdialog', { name: messages.cart.selectOptions })).toBeTruthy();
  });

  it('shows each selected option with its unit price and its line total', () => {
    startSession('member');
    const a = productOption({
      uuid: 'a',
      optionNameValue1: 'X',
      minimumOrderQuantity: 3,
      productPrice: price(2),
    });
    renderWithProviders(<ProductPurchase detail={productDetail([a])} />);
    const card = within(screen.getByRole('list', { name: 'Selected options' })).getByRole('listitem');
    expect(within(card).getByText('US$2.00 each')).toBeTruthy();
    expect(within(card).getByText('US$6.00')).toBeTruthy();
  });

  it('tells the page which option it shows, so the Price line follows the choice', async () => {
    startSession('member');
    const user = userEvent.setup();
    const a = productOption({
      uuid: 'a',
      optionNameKey1: 'MEMBER',
      optionNameValue1: 'ELLA',
      productPrice: price(2),
    });
    const b = productOption({
      uuid: 'b',
      optionNameKey1: 'MEMBER',
      optionNameValue1: 'NANA',
      productPrice: price(9),
    });
    const chosen = vi.fn();
    renderWithProviders(<ProductPurchase detail={productDetail([a, b])} onChosenOption={chosen} />);
    expect(chosen).toHaveBeenLastCalledWith(a);
    await user.selectOptions(screen.getByLabelText('MEMBER'), 'NANA');
    expect(chosen).toHaveBeenLastCalledWith(b);
  });

  it('shows a product whose options are all sold out as sold out, and cannot add it', async () => {
    startSession('member');
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope({ optionUuidList: [] }));
    vi.stubGlobal('fetch', fetchMock);
    const options = [
      productOption({ uuid: 'a', optionNameValue1: 'X', isSoldOut: true, productPrice: price(5) }),
      productOption({ uuid: 'b', optionNameValue1: 'Y', stock: 0, productPrice: price(5) }),
    ];
    renderWithProviders(<ProductPurchase detail={productDetail(options)} />);
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toHaveProperty('disabled', true);
    expect(screen.getByText('This product is sold out.')).toBeTruthy();
    expect(screen.queryByText('US$0.00')).toBeNull();
    expect(screen.getByText('Sold out', { selector: 'strong' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notify me when X is back' })).toBeTruthy();
  });

  it('lets a member ask to be notified and cancel again', async () => {
    startSession('member');
    const user = userEvent.setup();
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
      url.endsWith('/notify') && !init?.method
        ? envelope({ optionUuidList: [] })
        : envelope({ optionUuid: 'a', subscribed: init?.method === 'POST' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const sold = productOption({ uuid: 'a', optionNameValue1: 'X', stock: 0, productPrice: price(5) });
    renderWithProviders(<ProductPurchase detail={productDetail([sold])} />);
    await user.click(await screen.findByRole('button', { name: 'Notify me when X is back' }));
    expect(await screen.findByText(stockAlertMessages.subscribed)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/v1/product/option/a/notify');
    await user.click(screen.getByRole('button', { name: 'Cancel notice for X' }));
    expect(await screen.findByText(stockAlertMessages.cancelled)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
    expect(screen.getByRole('button', { name: 'Notify me when X is back' })).toBeTruthy();
  });

  it('never offers the notice to a guest', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const sold = productOption({ uuid: 'a', optionNameValue1: 'X', stock: 0 });
    renderWithProviders(<ProductPurchase detail={productDetail([sold])} />);
    expect(screen.queryByRole('button', { name: /Notify me/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toHaveProperty('disabled', true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the selection to the cart and offers to continue or view the cart', async () => {
    startSession('member');
    const user = userEvent.setup();
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(null));
    vi.stubGlobal('fetch', fetchMock);
    const a = productOption({
      uuid: 'a',
      optionNameValue1: 'X',
      minimumOrderQuantity: 4,
      productPrice: price(1),
    });
    const { client } = renderWithProviders(<ProductPurchase detail={productDetail([a])} />);
    client.setQueryData(['cart'], { cartList: [] });
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    const dialog = await screen.findByRole('dialog', { name: messages.cart.added });
    expect(client.getQueryState(['cart'])?.isInvalidated).toBe(true);
    expect(within(dialog).getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/');
    expect(within(dialog).getByRole('link', { name: 'View Cart' }).getAttribute('href')).toBe('/cart');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/cart');
    expect(JSON.parse(String(init?.body))).toEqual({
      productOptionAndQuantityList: [{ productOptionUuid: 'a', quantity: 4 }],
    });
    // One key per click, so a request the network repeats adds nothing twice.
    expect((init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']).toMatch(
      /^[0-9a-f]{32}$/,
    );
  });

  it.each([
    [409, messages.cart.alreadyInCart, messages.cart.alreadyInCart],
    [401, 'Unauthorized', messages.cart.loginToAdd],
    [500, 'boom', messages.cart.addFailed],
  ])('maps a %i answer to the spec message', async (statusCode, serverMessage, shown) => {
    startSession('member');
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null, statusCode, serverMessage)),
    );
    const a = productOption({ uuid: 'a', optionNameValue1: 'X', productPrice: price(1) });
    renderWithProviders(<ProductPurchase detail={productDetail([a])} />);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('alertdialog', { name: shown })).toBeTruthy();
  });
});
