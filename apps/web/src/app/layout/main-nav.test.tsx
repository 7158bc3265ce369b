import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderWithProviders } from '../../test/render';
import { SiteHeader } from './site-header';

const tree = [
  { id: 1, category: 'K-ALBUM', children: [{ id: 5, category: 'STANDARD ALBUM', children: [] }] },
  {
    id: 9,
    category: 'K-MERCH',
    children: [
      { id: 10, category: 'LIGHT STICK', children: [] },
      {
        id: 11,
        category: "SEASON'S GREETINGS",
        children: [{ id: 20, category: '2027 CALENDAR', children: [] }],
      },
      { id: 12, category: 'K-CHARACTERS', children: [{ id: 22, category: 'PLUSH', children: [] }] },
      { id: 13, category: 'PHOTO BOOK', children: [] },
    ],
  },
  { id: 2, category: 'K-MAGAZINE', children: [] },
  { id: 4, category: 'K-EVENT', children: [] },
];

function answer(url: string) {
  if (url.endsWith('/category') && !url.includes('artist')) return envelope(tree);
  if (url.endsWith('/artist/category'))
    return envelope({ artistCategoryList: [{ id: 1, category: 'BOY GROUP' }] });
  return envelope(null, 404, 'Not Found');
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const top = (name: string) => within(nav()).getByRole('button', { name: (text) => text === name });
const expandedButtons = () =>
  within(nav())
    .queryAllByRole('button', { expanded: true })
    .filter((button) => button.classList.contains('main-nav__item'))
    .map((button) => button.textContent);

describe('MainNav by keyboard', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => answer(url)),
    );
  });

  it('puts one Tab stop on the row of top-level buttons and does not open on focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />);
    await screen.findByText('STANDARD ALBUM');
    const tabbable = within(nav())
      .getAllByRole('button')
      .filter((button) => button.tabIndex === 0);
    expect(tabbable.map((button) => button.textContent)).toEqual(['NEW']);

    await user.tab(); // Menu (phones)
    await user.tab(); // logo
    await user.tab();
    expect(document.activeElement).toBe(top('NEW'));
    expect(expandedButtons()).toEqual([]);
    expect(screen.queryByRole('link', { name: 'PRE-ORDER' })).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Search' }));
    expect(expandedButtons()).toEqual([]);
  });

  it('opens on Enter or Space, reports only the open button expanded, and Escape returns the focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />);
    await screen.findByText('STANDARD ALBUM');
    top('NEW').focus();
    await user.keyboard('{Enter}');
    expect(expandedButtons()).toEqual(['NEW']);
    expect(screen.getByRole('link', { name: 'PRE-ORDER' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(expandedButtons()).toEqual([]);
    expect(screen.queryByRole('link', { name: 'PRE-ORDER' })).toBeNull();
    expect(document.activeElement).toBe(top('NEW'));

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(top('K-MERCH'));
    expect(expandedButtons()).toEqual([]);
    await user.keyboard(' ');
    expect(expandedButtons()).toEqual(['K-MERCH']);
    // ArrowDown on the open one moves into its column.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'MERCHANDISE' }));
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(top('K-MERCH'));
    await user.keyboard('{Enter}');
    expect(expandedButtons()).toEqual(['K-MERCH']);
    // Enter on the open one closes it again.
    await user.keyboard('{Enter}');
    expect(expandedButtons()).toEqual([]);
  });

  it('moves with the arrow keys along the row and inside the open panel', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />);
    await screen.findByText('STANDARD ALBUM');
    top('NEW').focus();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(top('CONTACT US'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(top('NEW'));
    expect(top('NEW').tabIndex).toBe(0);

    await user.keyboard('{ArrowDown}');
    expect(expandedButtons()).toEqual(['NEW']);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'NEW' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'PRE-ORDER' }));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'NEW' }));

    // Right skips to the first item of the next column that has items, which becomes the open one.
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'BOY GROUP' }));
    expect(expandedButtons()).toEqual(['K-ARTIST']);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'STANDARD ALBUM' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'NEW' }));

    await user.keyboard('{Escape}');
    expect(expandedButtons()).toEqual([]);
    expect(document.activeElement).toBe(top('NEW'));
  });

  it('ArrowUp on a button opens its column at the last item', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />);
    await screen.findByText('STANDARD ALBUM');
    top('K-MERCH').focus();
    await user.keyboard('{ArrowUp}');
    expect(expandedButtons()).toEqual(['K-MERCH']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'K-CHARACTERS' }));
  });

  it('still opens on hover for the mouse, and a click then keeps it open', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />);
    await screen.findByText('STANDARD ALBUM');
    await user.hover(top('K-ALBUM'));
    expect(expandedButtons()).toEqual(['K-ALBUM']);
    await user.click(top('K-ALBUM'));
    expect(expandedButtons()).toEqual(['K-ALBUM']);
    await user.click(top('K-ALBUM'));
    expect(expandedButtons()).toEqual([]);
  });
});
