import { messages } from '@kshop/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { cartQuery } from '../api/cart-api';
import { cartData, cartItem, stubApi, writes } from '../test/cart-fixtures';
import { CartPage } from './cart-page';

const location = () => screen.getByTestId('location').textContent;
const lineOf = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

async function renderCart() {
  startSession('member');
  renderWithProviders(<CartPage />, { route: '/cart' });
  await screen.findByRole('heading', { name: 'Cart' });
}

describe('CartPage', () => {
  it('sends a guest to the login page', () => {
    renderWithProviders(<CartPage />, { route: '/cart' });
    expect(location()).toBe('/login');
  });

  it('shows the empty state with a way back to shopping', async () => {
    stubApi(cartData([]));
    await renderCart();
    expect(await screen.findByText(messages.cart.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: /Quick order/ }).getAttribute('href')).toBe('/quickorder');
  });

  it('lists items with option, unit price, subtotal and total, and links to checkout', async () => {
    stubApi(
      cartData(
        [
          cartItem({
            title: 'NOVA9 1st Album',
            quantity: 3,
            price: 12.5,
            option: { optionNameValue1: 'A', optionNameValue2: 'NANA' },
          }),
          cartItem({ title: 'Light Stick', quantity: 1, price: 0.1 }),
        ],
        'USD',
      ),
    );
    await renderCart();
    const line = await screen.findByRole('heading', { name: 'NOVA9 1st Album' });
    const item = within(line.closest('li') as HTMLElement);
    expect(item.getByText('A / NANA')).toBeTruthy();
    expect(item.getByText('US$12.50')).toBeTruthy();
    expect(item.getByText('US$37.50')).toBeTruthy();
    expect(screen.getByText('US$37.60')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'CHECKOUT' }).getAttribute('href')).toBe('/order');
    expect(screen.getByRole('link', { name: 'CONTINUE SHOPPING' }).getAttribute('href')).toBe('/');
  });

  it('shows the won total for a Korean buyer', async () => {
    stubApi(cartData([cartItem({ quantity: 2, price: 15000 })], 'KRW'));
    await renderCart();
    expect(await screen.findAllByText('₩30,000')).toHaveLength(2);
  });

  it('disables minus at the minimum and plus at the available stock', async () => {
    stubApi(
      cartData([
        cartItem({ title: 'Tee', quantity: 2, option: { minimumOrderQuantity: 2, stock: 5, holdStock: 2 } }),
      ]),
    );
    await renderCart();
    await screen.findByRole('heading', { name: 'Tee' });
    const line = within(lineOf('Tee'));
    const minus = line.getByRole('button', { name: 'Decrease quantity' });
    const plus = line.getByRole('button', { name: 'Increase quantity' });
    expect(minus).toHaveProperty('disabled', true);
    expect(plus).toHaveProperty('disabled', false);
    fireEvent.click(plus);
    expect(line.getByRole('textbox', { name: 'Quantity' })).toHaveProperty('value', '3');
    expect(plus).toHaveProperty('disabled', true);
    expect(minus).toHaveProperty('disabled', false);
  });

  it('clamps typed quantities with the bound messages; non-numeric input becomes the minimum', async () => {
    const user = userEvent.setup();
    stubApi(
      cartData([
        cartItem({ title: 'Tee', quantity: 3, option: { minimumOrderQuantity: 2, stock: 9, holdStock: 1 } }),
      ]),
    );
    await renderCart();
    await screen.findByRole('heading', { name: 'Tee' });
    const input = within(lineOf('Tee')).getByRole('textbox', { name: 'Quantity' });

    await user.clear(input);
    await user.type(input, '99{Enter}');
    expect(input).toHaveProperty('value', '8');
    expect(screen.getByText(messages.cart.maximum(8))).toBeTruthy();

    await user.clear(input);
    await user.type(input, '1{Enter}');
    expect(input).toHaveProperty('value', '2');
    expect(screen.getByText(messages.cart.minimum(2))).toBeTruthy();

    await user.clear(input);
    await user.type(input, '5');
    await user.clear(input);
    await user.type(input, 'abc{Enter}');
    expect(input).toHaveProperty('value', '2');
  });

  it('sends one PATCH 500 ms after the last of several clicks, and updates the total at once', async () => {
    const calls = stubApi(cartData([cartItem({ title: 'Tee', quantity: 1, price: 2 })]));
    await renderCart();
    await screen.findByRole('heading', { name: 'Tee' });
    vi.useFakeTimers();
    const line = within(lineOf('Tee'));
    const plus = line.getByRole('button', { name: 'Increase quantity' });
    fireEvent.click(plus);
    act(() => vi.advanceTimersByTime(300));
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(line.getByRole('textbox', { name: 'Quantity' })).toHaveProperty('value', '4');

    act(() => vi.advanceTimersByTime(499));
    expect(screen.getAllByText('US$8.00')).toHaveLength(2);
    expect(writes(calls, 'PATCH')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(writes(calls, 'PATCH')).toHaveLength(1);
    expect(writes(calls, 'PATCH')[0]?.body).toEqual({ cartUuid: expect.any(String), quantity: 4 });
    act(() => vi.advanceTimersByTime(2000));
    expect(writes(calls, 'PATCH')).toHaveLength(1);
  });

  it('sends nothing when the clicks cancel out', async () => {
    const calls = stubApi(cartData([cartItem({ title: 'Tee', quantity: 3 })]));
    await renderCart();
    await screen.findByRole('heading', { name: 'Tee' });
    vi.useFakeTimers();
    const line = within(lineOf('Tee'));
    fireEvent.click(line.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(line.getByRole('button', { name: 'Decrease quantity' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(writes(calls, 'PATCH')).toHaveLength(0);
  });

  it('sends a change still waiting at once when the page closes, and the next read waits for it', async () => {
    let finishPatch = () => {};
    const calls = stubApi(cartData([cartItem({ title: 'Tee', quantity: 1 })]), [
      (call) =>
        call.method === 'PATCH'
          ? new Promise<Response>((resolve) => {
              finishPatch = () => resolve(envelope(null));
            })
          : undefined,
    ]);
    startSession('member');
    const view = renderWithProviders(<CartPage />, { route: '/cart' });
    await screen.findByRole('heading', { name: 'Tee' });
    fireEvent.click(within(lineOf('Tee')).getByRole('button', { name: 'Increase quantity' }));
    view.unmount();
    expect(writes(calls, 'PATCH').map((c) => c.body)).toEqual([
      { cartUuid: expect.any(String), quantity: 2 },
    ]);

    const reads = writes(calls, 'GET').length;
    const read = view.client.fetchQuery(cartQuery());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writes(calls, 'GET')).toHaveLength(reads);
    finishPatch();
    await read;
    expect(writes(calls, 'GET')).toHaveLength(reads + 1);
  });

  it('sends a typed quantity once, 300 ms after the last keystroke', async () => {
    const calls = stubApi(cartData([cartItem({ title: 'Tee', quantity: 1 })]));
    await renderCart();
    await screen.findByRole('heading', { name: 'Tee' });
    vi.useFakeTimers();
    const input = within(lineOf('Tee')).getByRole('textbox', { name: 'Quantity' });
    fireEvent.change(input, { target: { value: '1' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(input, { target: { value: '12' } });
    act(() => vi.advanceTimersByTime(299));
    expect(writes(calls, 'PATCH')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(writes(calls, 'PATCH').map((c) => c.body)).toEqual([
      { cartUuid: expect.any(String), quantity: 12 },
    ]);
  });

  it('shows the server message when it refuses a quantity', async () => {
    stubApi(cartData([cartItem({ title: 'Tee', quantity: 1 })]), [
      (call) => (call.method === 'PATCH' ? envelope(null, 400, messages.cart.maximum(1)) : undefined),
    ]);
    await renderCart();
    await screen.findByRole('heading', { name: 'Tee' });
    vi.useFakeTimers();
    fireEvent.click(within(lineOf('Tee')).getByRole('button', { name: 'Increase quantity' }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    vi.useRealTimers();
    expect(await screen.findByText(messages.cart.maximum(1))).toBeTruthy();
  });

  it('on load lowers lines to the available stock and deletes lines that cannot reach their minimum', async () => {
    const tooMany = cartItem({ title: 'Too many', quantity: 10, option: { stock: 8, holdStock: 2 } });
    const belowMinimum = cartItem({
      title: 'Below minimum',
      quantity: 3,
      option: { minimumOrderQuantity: 5 },
    });
    const tooLittleStock = cartItem({
      title: 'Too little stock',
      quantity: 5,
      option: { minimumOrderQuantity: 4, stock: 3 },
    });
    const fine = cartItem({ title: 'Fine', quantity: 2 });
    const calls = stubApi(cartData([tooMany, belowMinimum, tooLittleStock, fine]));
    await renderCart();

    expect(await screen.findByText(messages.cart.adjusted)).toBeTruthy();
    expect(writes(calls, 'PATCH').map((c) => c.body)).toEqual([{ cartUuid: tooMany.uuid, quantity: 6 }]);
    expect(writes(calls, 'DELETE').map((c) => c.body)).toEqual([
      { cartUuid: belowMinimum.uuid },
      { cartUuid: tooLittleStock.uuid },
    ]);
    expect(within(lineOf('Too many')).getByRole('textbox', { name: 'Quantity' })).toHaveProperty(
      'value',
      '6',
    );
    expect(screen.queryByRole('heading', { name: 'Below minimum' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Too little stock' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Fine' })).toBeTruthy();
    const notice = screen.getByText(messages.cart.adjusted).closest('[role="status"]') as HTMLElement;
    const removed = within(within(notice).getByRole('list', { name: 'Removed items' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(removed).toEqual(['Below minimum (A)', 'Too little stock (A)']);
    expect(removed.join(' ')).not.toContain('Too many');
    // The lowered line is named with its quantity before and after.
    const changed = within(within(notice).getByRole('list', { name: 'Changed quantities' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(changed).toEqual(['Too many (A): 10 → 6, what can be ordered now']);
  });

  it('names only the lines whose deletion went through, and none when only quantities were lowered', async () => {
    const tooMany = cartItem({ title: 'Too many', quantity: 10, option: { stock: 8, holdStock: 2 } });
    const kept = cartItem({ title: 'Kept by error', quantity: 1, option: { minimumOrderQuantity: 5 } });
    const gone = cartItem({ title: 'Gone', quantity: 1, option: { minimumOrderQuantity: 5 } });
    stubApi(cartData([tooMany, kept, gone]), [
      (call) =>
        call.method === 'DELETE' && (call.body as { cartUuid: string }).cartUuid === kept.uuid
          ? envelope(null, 500, 'boom')
          : undefined,
    ]);
    await renderCart();
    const list = await screen.findByRole('list', { name: 'Removed items' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(' (')[0]),
    ).toEqual(['Gone']);
  });

  it('shows the adjustment notice without a removed list when nothing was deleted', async () => {
    stubApi(cartData([cartItem({ title: 'Too many', quantity: 10, option: { stock: 8, holdStock: 2 } })]));
    await renderCart();
    expect(await screen.findByText(messages.cart.adjusted)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Removed items' })).toBeNull();
  });

  it('changes nothing and says nothing when every line fits', async () => {
    const calls = stubApi(cartData([cartItem({ title: 'Fine', quantity: 2 })]));
    await renderCart();
    await screen.findByRole('heading', { name: 'Fine' });
    expect(screen.queryByText(messages.cart.adjusted)).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('says so when the cart cannot be fetched', async () => {
    stubApi(() => envelope(null, 500, 'boom'));
    await renderCart();
    expect(await screen.findByText(messages.cart.fetchFailed)).toBeTruthy();
  });

  it('removes a line, and alerts when removing fails', async () => {
    const user = userEvent.setup();
    const keep = cartItem({ title: 'Keep' });
    const drop = cartItem({ title: 'Drop' });
    let failDelete = false;
    const calls = stubApi(cartData([keep, drop]), [
      (call) => (call.method === 'DELETE' && failDelete ? envelope(null, 500, 'boom') : undefined),
    ]);
    await renderCart();
    await screen.findByRole('heading', { name: 'Drop' });

    failDelete = true;
    await user.click(within(lineOf('Keep')).getByRole('button', { name: /^Remove/ }));
    expect(await screen.findByRole('alertdialog', { name: messages.cart.removeFailed })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('heading', { name: 'Keep' })).toBeTruthy();

    failDelete = false;
    await user.click(within(lineOf('Drop')).getByRole('button', { name: /^Remove/ }));
    expect(writes(calls, 'DELETE').at(-1)?.body).toEqual({ cartUuid: drop.uuid });
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Drop' })).toBeNull());
  });
});
