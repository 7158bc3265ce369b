import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { cartData, cartItem, stubApi, writes } from '../test/cart-fixtures';
import { CartPage } from './cart-page';

const lineOf = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

async function renderCart() {
  startSession('member');
  renderWithProviders(<CartPage />, { route: '/cart' });
  await screen.findByRole('heading', { name: 'Cart' });
}

describe('cart lines and the order window', () => {
  it('marks a line outside its window, leaves it out of the total for checkout, and lets the buyer remove it', async () => {
    const user = userEvent.setup();
    const calls = stubApi(
      cartData([
        cartItem({ title: 'Open Album', quantity: 2, price: 10 }),
        cartItem({
          title: 'Closed Pre-order',
          quantity: 3,
          price: 5,
          product: { orderWindow: 'CLOSED', preorder: true, salesEndAt: '2026-11-01T09:00:00.000Z' },
        }),
        cartItem({ title: 'Closed Album', quantity: 1, price: 7, product: { orderWindow: 'CLOSED' } }),
        cartItem({
          title: 'Coming Album',
          quantity: 1,
          price: 7,
          product: { orderWindow: 'NOT_YET', salesStartAt: '2026-12-01T01:00:00.000Z' },
        }),
      ]),
    );
    await renderCart();
    await screen.findByRole('heading', { name: 'Closed Pre-order' });

    const closed = within(lineOf('Closed Pre-order'));
    expect(closed.getByText('Pre-order closed')).toBeTruthy();
    expect(closed.queryByRole('group', { name: /Quantity of/ })).toBeNull();
    expect(closed.getByText('Quantity: 3')).toBeTruthy();
    expect(within(lineOf('Closed Album')).getByText('Orders closed')).toBeTruthy();
    expect(
      within(lineOf('Coming Album')).getByText('Orders open 2026-12-01 10:00 (Korea time)'),
    ).toBeTruthy();
    expect(within(lineOf('Open Album')).queryByText(/closed|Orders open/)).toBeNull();

    // The total is what checkout takes: the open line only.
    const summary = within(screen.getByRole('complementary', { name: 'Order Summary' }));
    expect(summary.getByText('US$20.00')).toBeTruthy();
    expect(
      summary.getByText('Items whose orders are closed or not yet open are left out of checkout.'),
    ).toBeTruthy();
    // Nothing was patched or removed on load: the server refuses a closed line's quantity.
    expect(writes(calls, 'PATCH')).toHaveLength(0);
    expect(writes(calls, 'DELETE')).toHaveLength(0);

    await user.click(closed.getByRole('button', { name: /Remove Closed Pre-order/ }));
    expect(writes(calls, 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Closed Pre-order' })).toBeNull();
  });

  it('shows a pre-order line’s release date and planned ship date', async () => {
    stubApi(
      cartData([
        cartItem({
          title: 'Pre-order Album',
          product: { preorder: true, orderWindow: 'OPEN', releaseDate: '2026-12-18', shipsOn: '2026-12-20' },
        }),
      ]),
    );
    await renderCart();
    await screen.findByRole('heading', { name: 'Pre-order Album' });
    const line = within(lineOf('Pre-order Album'));
    expect(line.getByText('Pre-order')).toBeTruthy();
    expect(line.getByText('Release date: 2026-12-18')).toBeTruthy();
    expect(line.getByText('Ships from 2026-12-20')).toBeTruthy();
    expect(line.getByRole('group', { name: /Quantity of/ })).toBeTruthy();
    expect(screen.queryByText(/left out of checkout/)).toBeNull();
  });
});
