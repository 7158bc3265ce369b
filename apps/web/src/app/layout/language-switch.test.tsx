import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../lib/language';
import { startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { PageFrame } from './root-layout';

const guestRoutes = {
  'GET /category': { data: [] },
  'GET /artist/category': { data: { artistCategoryList: [] } },
};

describe('the language switch', () => {
  it('shows the header and footer in Korean, sets <html lang> and keeps the choice for the browser', async () => {
    const api = stubApi(guestRoutes);
    const user = userEvent.setup();
    renderWithProviders(<PageFrame>page</PageFrame>);
    expect(document.documentElement.lang).toBe('en');
    const [header, footer] = screen.getAllByRole('group', { name: 'Language' });
    if (!header || !footer) throw new Error('a language switch is missing');
    const english = within(header).getByRole('button', { name: 'English' });
    expect(english.getAttribute('aria-pressed')).toBe('true');
    expect(english.getAttribute('lang')).toBe('en');
    expect(screen.getByRole('link', { name: 'Cart' })).toBeTruthy();
    expect(screen.getByText('Customer Service')).toBeTruthy();

    await user.click(within(header).getByRole('button', { name: '한국어' }));

    expect(await screen.findByRole('link', { name: '장바구니' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Cart' })).toBeNull();
    expect(screen.getByText('고객센터')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '주 메뉴' })).toBeTruthy();
    expect(screen.getAllByRole('group', { name: '언어' })).toHaveLength(2);
    const korean = within(footer).getByRole('button', { name: '한국어' });
    expect(korean.getAttribute('aria-pressed')).toBe('true');
    expect(korean.getAttribute('lang')).toBe('ko');
    expect(document.documentElement.lang).toBe('ko');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ko');
    // A guest's switch changes nothing on the server.
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);

    // From the footer's switch, by keyboard, back to English.
    within(footer).getByRole('button', { name: 'English' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('link', { name: 'Cart' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it("saves a member's choice on the account, asks the API in the new language, and switches even if saving fails", async () => {
    startSession('token');
    const api = stubApi({
      ...guestRoutes,
      'GET /cart/count': { data: { count: 0 } },
      'PUT /user/language': { statusCode: 500, message: 'Internal Server Error' },
    });
    const user = userEvent.setup();
    renderWithProviders(<PageFrame>page</PageFrame>);
    const [header] = screen.getAllByRole('group', { name: 'Language' });
    if (!header) throw new Error('no language switch');

    await user.click(within(header).getByRole('button', { name: '한국어' }));

    expect(await screen.findByRole('link', { name: '장바구니' })).toBeTruthy();
    const saved = api.calls.filter((call) => call.method === 'PUT' && call.path === '/user/language');
    expect(saved.map((call) => call.body)).toEqual([{ language: 'ko' }]);
    expect(saved[0]?.headers['Accept-Language']).toBe('ko');
    expect(document.documentElement.lang).toBe('ko');
  });
});
