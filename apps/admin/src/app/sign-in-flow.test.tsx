import { messages } from '@kshop/contract';
import { type StubCall, stubApi } from '@kshop/ui/test/api-stub';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LocationProbe, signedIn, testQueryClient } from '../test/render';
import { Providers } from './providers';
import { AppRoutes } from './router';

const DASHBOARD = {
  pendingAccounts: 3,
  ordersByStatus: { PENDING: 2 },
  newInquiries: 1,
  lowStock: [],
  latePreorders: [],
};
const OWNER = { role: 'OWNER', email: 'owner@kshop.example', name: 'Ha-eun' };

function renderApp(route: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[route]}>
      <Providers client={testQueryClient()}>
        <AppRoutes />
        <LocationProbe />
      </Providers>
    </MemoryRouter>,
  );
  return user;
}

const location = () => screen.getByTestId('location').textContent;

/** A staff account whose one-time password must be replaced until POST /auth/password succeeds. */
function stubNewAccount() {
  let mustChangePassword = true;
  const needsChange = { statusCode: 403, message: 'Please change your one-time password first.' };
  return stubApi({
    'POST /admin/auth/login': (call: StubCall) => {
      const { email, password } = call.body as { email: string; password: string };
      if (email !== OWNER.email || password !== 'Xy7#one-time')
        return { statusCode: 401, message: 'Invalid email or password.' };
      return { data: { accessToken: 'staff-token-1', mustChangePassword, ...OWNER } };
    },
    'GET /admin/me': () => ({ data: { mustChangePassword, ...OWNER } }),
    'POST /admin/auth/password': (call: StubCall) => {
      const { currentPassword } = call.body as { currentPassword: string };
      if (currentPassword !== 'Xy7#one-time')
        return { statusCode: 400, message: 'The current password is not correct.' };
      mustChangePassword = false;
      // The change ends every session, the one used too; the answer carries a fresh token.
      return { data: { accessToken: 'staff-token-2' }, message: 'Password changed.' };
    },
    'GET /admin/dashboard': () => (mustChangePassword ? needsChange : { data: DASHBOARD }),
  });
}

describe('signing in', () => {
  it('sends a visitor without a session to the sign-in screen', async () => {
    stubNewAccount();
    renderApp('/orders');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/signin');
  });

  it("shows the server's refusal and stays on the sign-in screen", async () => {
    stubNewAccount();
    const user = renderApp('/signin');
    await user.type(screen.getByLabelText('Email'), OWNER.email);
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(sessionStorage.getItem('adminAccessToken')).toBeNull();
  });

  it('makes a new account replace its one-time password before anything else, then opens the dashboard', async () => {
    const api = stubNewAccount();
    const user = renderApp('/signin');
    await user.type(screen.getByLabelText('Email'), OWNER.email);
    await user.type(screen.getByLabelText('Password'), 'Xy7#one-time');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect(location()).toBe('/change-password');
    expect(screen.getByText(/Please change your one-time password first\./)).toBeTruthy();
    // The staff token has its own key: a buyer session in the same browser is never touched or used.
    expect(sessionStorage.getItem('adminAccessToken')).toBe('staff-token-1');
    expect(sessionStorage.getItem('accessToken')).toBeNull();

    // The contract's password rules and messages.
    await user.type(screen.getByLabelText('One-time password'), 'Xy7#one-time');
    await user.type(screen.getByLabelText('New password'), 'onlyletters');
    await user.type(screen.getByLabelText('Confirm new password'), 'different1!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.password.pattern)).toBeTruthy();
    expect(screen.getByText(messages.password.mismatch)).toBeTruthy();
    expect(api.callsTo('POST /admin/auth/password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Seoul2027!');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Seoul2027!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('Your password has been changed.')).toBeTruthy();
    const [change] = api.callsTo('POST /admin/auth/password');
    expect(change?.body).toEqual({ currentPassword: 'Xy7#one-time', password: 'Seoul2027!' });
    expect(change?.headers.Authorization).toBe('Bearer staff-token-1');
    expect(sessionStorage.getItem('adminAccessToken')).toBe('staff-token-2');
    // The heading draws before the dashboard's query goes out; a loaded machine may put a tick between them.
    await waitFor(() =>
      expect(api.callsTo('GET /admin/dashboard').at(-1)?.headers.Authorization).toBe('Bearer staff-token-2'),
    );
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Staff' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toBeTruthy();
    expect(
      (await screen.findByRole('link', { name: /Accounts waiting for approval/ })).textContent,
    ).toContain('3');
  });

  it('marks a wrong current password at its field', async () => {
    stubNewAccount();
    signedIn('staff-token-1');
    sessionStorage.setItem('adminMustChangePassword', 'true');
    const user = renderApp('/change-password');
    await user.type(await screen.findByLabelText('One-time password'), 'not-it');
    await user.type(screen.getByLabelText('New password'), 'Seoul2027!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Seoul2027!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const error = await screen.findByText('The current password is not correct.');
    expect(screen.getByLabelText('One-time password').getAttribute('aria-describedby')).toContain(error.id);
  });

  it("goes to the change-password screen when the API answers 403 'change your one-time password first'", async () => {
    stubNewAccount();
    signedIn('staff-token-1');
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect(location()).toBe('/change-password');
  });

  it('goes back to the sign-in screen when the API no longer accepts the token', async () => {
    stubApi({
      'GET /admin/me': { statusCode: 401, message: 'Unauthorized' },
      'GET /admin/dashboard': { statusCode: 401, message: 'Unauthorized' },
    });
    signedIn('expired-token');
    renderApp('/buyers');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(sessionStorage.getItem('adminAccessToken')).toBeNull();
  });

  it('signs out from the navigation, revoking the token on the server', async () => {
    const api = stubApi({
      'POST /admin/auth/logout': { data: null, message: 'Signed out.' },
      'GET /admin/me': {
        data: { mustChangePassword: false, role: 'STAFF', email: 'staff@kshop.example', name: '' },
      },
      'GET /admin/dashboard': { data: DASHBOARD },
    });
    signedIn();
    const user = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    await screen.findByText('staff@kshop.example');
    expect(within(nav).queryByRole('link', { name: 'Staff' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(sessionStorage.getItem('adminAccessToken')).toBeNull();
    const [signOut] = api.callsTo('POST /admin/auth/logout');
    expect(signOut?.headers.Authorization).toBe('Bearer staff-token');
  });
});
