import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { CART_QUERY_KEY } from '../api/cart-api';
import { useCartCount } from './cart-count';

function CartLink() {
  const { describedBy, badge } = useCartCount();
  return (
    <a href="/cart" aria-label="Cart" aria-describedby={describedBy}>
      {badge}
    </a>
  );
}

const cartOf = (lines: number) => ({
  cartList: Array.from({ length: lines }, (_, i) => ({ uuid: `line-${i}` })),
  totalPrice: 0,
  currencyCode: 'KRW',
  currencySymbol: '₩',
});

describe('the header cart count', () => {
  it('shows the number of cart lines and follows the cart query', async () => {
    startSession('member');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(cartOf(3))),
    );
    const { client } = renderWithProviders(<CartLink />);
    const link = screen.getByRole('link', { name: 'Cart' });
    expect(await screen.findByText('3')).toBeTruthy();
    expect(link.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('3 items in cart')).toBeTruthy();
    act(() => client.setQueryData(CART_QUERY_KEY, cartOf(1)));
    expect(await screen.findByText('1 item in cart')).toBeTruthy();
  });

  it('asks nothing for a guest and shows no count', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CartLink />);
    expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('aria-describedby')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
