import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderWithProviders } from '../test/render';
import { AppRoutes } from './router';

const homeHeading = { level: 1, name: 'K-pop albums and goods for your store' };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/product/list')) return envelope({ productOptionList: [], totalCount: 0 });
      if (url.includes('/artist/category')) return envelope({ artistCategoryList: [] });
      return envelope([]);
    }),
  );
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

describe("the storefront's route table", () => {
  it('opens a page whatever the case of its address, with or without a trailing slash', async () => {
    renderWithProviders(<AppRoutes />, { route: '/GUIDE/shipping/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping Guide' })).toBeTruthy();
  });

  it('shows the not-found page for an address it does not know', async () => {
    renderWithProviders(<AppRoutes />, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it("keeps the page shown while the next page's module loads, then shows that page from its top", async () => {
    renderWithProviders(<AppRoutes />, { route: '/' });
    const main = screen.getByRole('main');
    await waitFor(() => expect(within(main).queryByText('Loading...')).toBeNull());
    expect(within(main).getByRole('heading', homeHeading)).toBeTruthy();
    expect(window.scrollTo).not.toHaveBeenCalled();

    act(() => void fireEvent.click(within(main).getByRole('link', { name: 'OPEN A BUSINESS ACCOUNT' })));
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(within(main).getByRole('heading', homeHeading)).toBeTruthy();
    expect(within(main).queryByText('Loading...')).toBeNull();

    // The sign-up page's module is transformed on first import: on a busy machine that takes seconds.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'CREATE ACCOUNT' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', homeHeading)).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/signup');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaves a click with a modifier key or another button to the browser (a new tab or window)', async () => {
    // What the page left to the browser, seen after React's handlers ran; jsdom itself cannot open the link.
    const leftToBrowser: boolean[] = [];
    const browser = (event: MouseEvent) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', browser);
    renderWithProviders(<AppRoutes />, { route: '/' });
    const signup = screen.getByRole('link', { name: 'OPEN A BUSINESS ACCOUNT' });
    expect(signup.getAttribute('href')).toBe('/signup');
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }, {}]) {
      act(() => void fireEvent.click(signup, click));
    }
    window.removeEventListener('click', browser);
    expect(leftToBrowser).toEqual([true, true, true, true, false]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/signup'));
  });
});
