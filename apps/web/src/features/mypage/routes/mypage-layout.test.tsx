import { messages, SESSION_KEYS } from '@kshop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../../../components/ui/dialog';
import { stubApi } from '../../../lib/api-stub';
import { userProfileFixture } from '../../../lib/user-profile-fixture';
import { LocationProbe } from '../../../test/render';
import { MyPageLayout } from './mypage-layout';
import { ReauthPage } from './reauth-page';

function renderMyPage(route: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <DialogProvider>
          <Routes>
            <Route path="/mypage" element={<MyPageLayout />}>
              <Route index element={<ReauthPage />} />
              <Route path="account" element={<h1>Account page</h1>} />
              <Route path="shoppingdetail/:orderUuid" element={<h1>Order page</h1>} />
            </Route>
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </DialogProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('MyPageLayout', () => {
  it("sends a guest from My Account to /login with 'Please log in to access My Account.'", async () => {
    renderMyPage('/mypage/account');
    expect(await screen.findByRole('alertdialog', { name: messages.account.loginForMyAccount })).toBeTruthy();
    await vi.waitFor(() => expect(location()).toBe('/login'));
    expect(screen.queryByText('Account page')).toBeNull();
  });

  it('sends a guest from the landing to /login without an alert', async () => {
    renderMyPage('/mypage');
    await vi.waitFor(() => expect(location()).toBe('/login'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("alerts 'Please log in to access Order Detail.' for a guest on an order", async () => {
    renderMyPage('/mypage/shoppingdetail/abc');
    expect(
      await screen.findByRole('alertdialog', { name: messages.account.loginForOrderDetail }),
    ).toBeTruthy();
    await vi.waitFor(() => expect(location()).toBe('/login'));
  });

  it('shows the menu; LOG OUT revokes the token, clears the session and goes home without the login alert', async () => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'member-token');
    sessionStorage.setItem(SESSION_KEYS.isLoggedIn, 'true');
    const api = stubApi({
      'GET /user': { data: userProfileFixture() },
      'POST /auth/logout': () => {
        // The server hears of it while the token is still in the session storage.
        expect(sessionStorage.getItem(SESSION_KEYS.accessToken)).toBe('member-token');
        return { data: null, message: 'Logged out.' };
      },
    });
    const user = userEvent.setup();
    renderMyPage('/mypage/account');
    const nav = screen.getByRole('navigation', { name: 'My Page menu' });
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['My Page', '/mypage'],
      ['My Account', '/mypage/account'],
      ['Shopping Info', '/mypage/shoppinginfo'],
    ]);
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Account page')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'LOG OUT' }));
    await vi.waitFor(() => expect(location()).toBe('/'));
    expect(sessionStorage.length).toBe(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const [logout] = api.callsTo('POST /auth/logout');
    expect(logout?.headers.Authorization).toBe('Bearer member-token');
  });

  it('LOG OUT still ends the session when the server cannot be reached', async () => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'member-token');
    sessionStorage.setItem(SESSION_KEYS.isLoggedIn, 'true');
    stubApi({
      'GET /user': { data: userProfileFixture() },
      'POST /auth/logout': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    renderMyPage('/mypage/account');
    await user.click(screen.getByRole('button', { name: 'LOG OUT' }));
    await vi.waitFor(() => expect(location()).toBe('/'));
    expect(sessionStorage.length).toBe(0);
  });
});

describe('ReauthPage', () => {
  it('shows the email and re-authenticates with POST /auth/login, storing the new token', async () => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'old-token');
    const api = stubApi({
      'GET /user': { data: userProfileFixture() },
      'POST /auth/login': (call) =>
        (call.body as { password: string }).password === 'Demo1234!'
          ? { data: { accessToken: 'new-token' } }
          : { statusCode: 401, message: 'Invalid email or password.' },
    });
    const user = userEvent.setup();
    renderMyPage('/mypage');
    expect(await screen.findByText(userProfileFixture().email)).toBeTruthy();
    expect(screen.getByText(messages.account.reauthenticate)).toBeTruthy();

    await user.type(screen.getByLabelText('Password'), 'Wrong123!');
    await user.click(screen.getByRole('button', { name: 'CONFIRM' }));
    await vi.waitFor(() => expect(api.callsTo('POST /auth/login')).toHaveLength(1));
    expect(location()).toBe('/mypage');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'CONFIRM' }));
    await screen.findByText('Account page');
    expect(location()).toBe('/mypage/account');
    expect(api.callsTo('POST /auth/login')[1]?.body).toEqual({
      email: userProfileFixture().email,
      password: 'Demo1234!',
    });
    expect(sessionStorage.getItem(SESSION_KEYS.accessToken)).toBe('new-token');
    // The token the new login replaced ends on the server.
    await vi.waitFor(() => expect(api.callsTo('POST /auth/logout')).toHaveLength(1));
    expect(api.callsTo('POST /auth/logout')[0]?.headers.Authorization).toBe('Bearer old-token');
  });
});
