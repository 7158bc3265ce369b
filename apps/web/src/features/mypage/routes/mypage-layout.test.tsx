import { contractTextsKo, messages, SESSION_KEYS } from '@kshop/contract';
import { DialogProvider } from '@kshop/ui';
import { stubApi } from '@kshop/ui/test/api-stub';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage, i18n } from '../../../i18n/i18n';
import { userProfileFixture } from '../../../lib/user-profile-fixture';
import { LocationProbe } from '../../../test/render';
import { isReauthFresh, markReauthenticated, REAUTH_FRESH_MS } from '../reauth-freshness';
import { MyPageLayout } from './mypage-layout';
import { ReauthPage } from './reauth-page';

/** Every path the router showed, in order. */
const visited: string[] = [];
function LocationLog() {
  const { pathname } = useLocation();
  useEffect(() => {
    visited.push(pathname);
  }, [pathname]);
  return null;
}

function renderMyPage(route: string) {
  visited.length = 0;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>
          <DialogProvider>
            <Routes>
              <Route path="/mypage" element={<MyPageLayout />}>
                <Route index element={<ReauthPage />} />
                <Route path="account" element={<h1>Account page</h1>} />
                <Route path="shoppinginfo" element={<h1>Orders page</h1>} />
                <Route path="shoppingdetail/:orderUuid" element={<h1>Order page</h1>} />
              </Route>
              <Route path="*" element={null} />
            </Routes>
            <LocationProbe />
            <LocationLog />
          </DialogProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('MyPageLayout', () => {
  it("sends a guest from My Account to /mypage with 'Please log in to access My Account.', which asks to log in", async () => {
    renderMyPage('/mypage/account');
    expect(await screen.findByRole('alertdialog', { name: messages.account.loginForMyAccount })).toBeTruthy();
    await vi.waitFor(() => expect(location()).toBe('/login'));
    expect(visited).toEqual(['/mypage/account', '/mypage', '/login']);
    expect(screen.queryByText('Account page')).toBeNull();
  });

  it('sends a guest from the landing to /login without an alert', async () => {
    renderMyPage('/mypage');
    await vi.waitFor(() => expect(location()).toBe('/login'));
    expect(visited).toEqual(['/mypage', '/login']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("alerts 'Please log in to access Order Detail.' for a guest on an order", async () => {
    renderMyPage('/mypage/shoppingdetail/abc');
    expect(
      await screen.findByRole('alertdialog', { name: messages.account.loginForOrderDetail }),
    ).toBeTruthy();
    await vi.waitFor(() => expect(location()).toBe('/login'));
    expect(visited).toEqual(['/mypage/shoppingdetail/abc', '/login']);
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
      ['Saved lists', '/mypage/lists'],
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

  it("the menu's My Account link asks for the password again when the last check is over 5 minutes old", async () => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'member-token');
    stubApi({ 'GET /user': { data: userProfileFixture() } });
    const user = userEvent.setup();
    const menuLink = () =>
      screen.getByRole('navigation', { name: 'My Page menu' }).querySelector('a[href="/mypage/account"]')!;

    // Never checked in this session: the landing asks.
    renderMyPage('/mypage/shoppinginfo');
    await user.click(menuLink());
    await vi.waitFor(() => expect(location()).toBe('/mypage'));
    expect(await screen.findByText(messages.account.reauthenticate)).toBeTruthy();
    expect(screen.queryByText('Account page')).toBeNull();

    // Checked a minute ago: straight to My Account.
    markReauthenticated(Date.now() - 60_000);
    await user.click(screen.getByRole('link', { name: 'Shopping Info' }));
    await screen.findByText('Orders page');
    await user.click(menuLink());
    await screen.findByText('Account page');
    expect(location()).toBe('/mypage/account');

    // Checked more than 5 minutes ago: asked again.
    markReauthenticated(Date.now() - REAUTH_FRESH_MS - 1000);
    await user.click(screen.getByRole('link', { name: 'Shopping Info' }));
    await screen.findByText('Orders page');
    await user.click(menuLink());
    await vi.waitFor(() => expect(location()).toBe('/mypage'));
    expect(await screen.findByText(messages.account.reauthenticate)).toBeTruthy();
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
    expect(isReauthFresh()).toBe(false);

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
    expect(isReauthFresh()).toBe(true);
    // The token the new login replaced ends on the server.
    await vi.waitFor(() => expect(api.callsTo('POST /auth/logout')).toHaveLength(1));
    expect(api.callsTo('POST /auth/logout')[0]?.headers.Authorization).toBe('Bearer old-token');
  });
});

describe('My Page in Korean', () => {
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it("alerts a guest in Korean and shows a member the menu, the landing's prompt and LOG OUT in Korean", async () => {
    await act(() => activateLanguage('ko'));
    renderMyPage('/mypage/account');
    expect(
      await screen.findByRole('alertdialog', { name: contractTextsKo.messages.account.loginForMyAccount }),
    ).toBeTruthy();
    await vi.waitFor(() => expect(location()).toBe('/login'));

    sessionStorage.setItem(SESSION_KEYS.accessToken, 'member-token');
    stubApi({ 'GET /user': { data: userProfileFixture() } });
    renderMyPage('/mypage');
    const nav = screen.getByRole('navigation', { name: '마이페이지 메뉴' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      '마이페이지',
      '회원 정보',
      '주문 내역',
      '저장한 목록',
    ]);
    expect(screen.getByRole('button', { name: '로그아웃' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'LOG OUT' })).toBeNull();
    expect(await screen.findByText(contractTextsKo.messages.account.reauthenticate)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '마이페이지' })).toBeTruthy();
    expect(screen.getByLabelText('비밀번호')).toBeTruthy();
    expect(screen.getByRole('button', { name: '확인' })).toBeTruthy();
    expect(screen.queryByText(messages.account.reauthenticate)).toBeNull();
  });
});
