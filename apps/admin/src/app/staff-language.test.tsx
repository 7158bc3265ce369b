import { type StubCall, stubApi } from '@kshop/ui/test/api-stub';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedIn, testQueryClient } from '../test/render';
import { Providers } from './providers';
import { AppRoutes } from './router';

const DASHBOARD = {
  pendingAccounts: 0,
  ordersByStatus: {},
  newInquiries: 0,
  lowStock: [],
  latePreorders: [],
};

function stubStaff(language: 'en' | 'ko') {
  const me = {
    role: 'STAFF',
    email: 'clerk@kshop.example',
    name: 'Min-jun',
    mustChangePassword: false,
    language,
  };
  const chosen: unknown[] = [];
  const calls = stubApi({
    'GET /admin/me': () => ({ data: me }),
    'PUT /admin/me/language': (call: StubCall) => {
      chosen.push(call.body);
      me.language = (call.body as { language: 'en' | 'ko' }).language;
      return { data: { language: me.language } };
    },
    'GET /admin/dashboard': () => ({ data: DASHBOARD }),
  });
  return { chosen, calls };
}

function renderApp() {
  signedIn();
  render(
    <MemoryRouter initialEntries={['/']}>
      <Providers client={testQueryClient()}>
        <AppRoutes />
      </Providers>
    </MemoryRouter>,
  );
}

describe("the back office in the staff member's language", () => {
  it('speaks Korean for a staff member whose account is Korean, and sets <html lang>', async () => {
    stubStaff('ko');
    renderApp();
    const nav = await screen.findByRole('navigation', { name: '관리자 메뉴' });
    expect(within(nav).getByRole('link', { name: '주문' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Orders' })).toBeNull();
    expect(screen.getByRole('button', { name: '로그아웃' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ko');
  });

  it('switches with "English | 한국어" and keeps the choice on the account', async () => {
    const user = userEvent.setup();
    const { chosen } = stubStaff('en');
    renderApp();
    const group = await screen.findByRole('group', { name: 'Language' });
    expect(within(group).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(group).getByRole('button', { name: '한국어' }));
    expect(await screen.findByRole('navigation', { name: '관리자 메뉴' })).toBeTruthy();
    expect(chosen).toEqual([{ language: 'ko' }]);
    const korean = screen.getByRole('group', { name: '언어' });
    expect(within(korean).getByRole('button', { name: '한국어' }).getAttribute('aria-pressed')).toBe('true');
  });
});
