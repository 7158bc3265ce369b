import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIsLoggedIn } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { ToLogin } from '../components/to-login';
import { LoginPage } from './login-page';

const location = () => screen.getByTestId('location').textContent;

/** A members' page, as the cart is: a guest is sent to log in. */
function MembersOnly() {
  return useIsLoggedIn() ? <h1>Cart</h1> : <ToLogin />;
}

function renderShop(route: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/auth/login') ? envelope({ accessToken: 'member-token' }) : envelope(null),
    ),
  );
  renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/cart" element={<MembersOnly />} />
      <Route path="/" element={<p>Home</p>} />
    </Routes>,
    { route },
  );
}

async function logIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'buyer@shop.test');
  await user.type(screen.getByLabelText('Password'), 'Secret#123');
  await user.click(screen.getByRole('button', { name: 'LOGIN' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('LoginPage', () => {
  it('returns to the page that sent the guest to log in', async () => {
    renderShop('/cart?from=list');
    await vi.waitFor(() => expect(location()).toBe('/login'));
    await logIn();
    await vi.waitFor(() => expect(location()).toBe('/cart?from=list'));
    expect(screen.getByRole('heading', { name: 'Cart' })).toBeTruthy();
    expect(sessionStorage.getItem('accessToken')).toBe('member-token');
  });

  it('goes home when the login screen was opened on its own', async () => {
    renderShop('/login');
    await logIn();
    await vi.waitFor(() => expect(location()).toBe('/'));
  });
});
