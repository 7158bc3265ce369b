import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session';
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
  if (url.endsWith('/artist/list/1')) {
    return envelope({ artistList: [{ id: 7, artistNameEN: 'NOVA9', artistNameKO: '노바나인' }] });
  }
  return envelope(null, 404, 'Not Found');
}

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('SiteHeader', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => answer(url)),
    );
  });

  it('sends guests from the cart and user icons to the login page, members to cart and My Page', () => {
    renderWithProviders(<SiteHeader />);
    expect(href('Cart')).toBe('/login');
    expect(href('My Page')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Quick order' })).toBeNull();
    startSession('token');
    renderWithProviders(<SiteHeader />);
    expect(screen.getAllByRole('link', { name: 'Cart' })[1]?.getAttribute('href')).toBe('/cart');
    expect(screen.getAllByRole('link', { name: 'My Page' })[1]?.getAttribute('href')).toBe('/mypage');
    // Quick order is for members only.
    expect(screen.getAllByRole('link', { name: 'Quick order' })[1]?.getAttribute('href')).toBe('/quickorder');
  });

  it('has the seven menu entries and a mega-menu with every link of the spec', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const top = within(nav)
      .getAllByRole('button', { expanded: false })
      .map((button) => button.textContent);
    expect(top).toEqual(['NEW', 'K-ARTIST', 'K-ALBUM', 'K-MERCH', 'K-MAGAZINE', 'K-EVENT', 'CONTACT US']);

    await user.click(within(nav).getByRole('button', { name: 'K-MERCH' }));
    await screen.findByRole('link', { name: 'STANDARD ALBUM' });
    expect(href('NEW')).toBe('/productlist/0?tag=new&categoryName=NEW');
    expect(href('PRE-ORDER')).toBe('/productlist/0?tag=pre&categoryName=PRE-ORDER');
    expect(href('STANDARD ALBUM')).toBe('/productlist/5?categoryName=STANDARD+ALBUM');
    expect(href('MERCHANDISE')).toBe('/productlist/9');
    expect(href('LIGHT STICK')).toBe('/productlist/10');
    expect(href('PHOTO BOOK')).toBe('/productlist/13');
    expect(href('K-MAGAZINE')).toBe('/productlist/2');
    expect(href('ALL EVENTS')).toBe('/productlist/4');
    expect(within(nav).getByRole('link', { name: 'CONTACT US' }).getAttribute('href')).toBe('/contact');

    await user.click(screen.getByRole('button', { name: "SEASON'S GREETINGS" }));
    expect(href('2027 CALENDAR')).toBe('/productlist/20?categoryName=2027+CALENDAR');
    await user.click(screen.getByRole('button', { name: 'K-CHARACTERS' }));
    expect(href('PLUSH')).toBe('/productlist/22?categoryName=PLUSH');
    await user.click(screen.getByRole('button', { name: 'BOY GROUP' }));
    expect(await screen.findByRole('link', { name: 'NOVA9' })).toHaveProperty(
      'href',
      'http://localhost:3000/productlist/0?artistId=7&artistName=NOVA9',
    );
  });

  it('closes the mega-menu on Escape and on navigation', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'NEW' }));
    expect(screen.getByRole('link', { name: 'PRE-ORDER' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'PRE-ORDER' })).toBeNull();

    await user.click(within(nav).getByRole('button', { name: 'NEW' }));
    await user.click(screen.getByRole('link', { name: 'PRE-ORDER' }));
    expect(screen.getByTestId('location').textContent).toBe('/productlist/0?tag=pre&categoryName=PRE-ORDER');
    expect(screen.queryByRole('link', { name: 'PRE-ORDER' })).toBeNull();
  });

  it('opens the search dialog from the Search button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // The quick search's code loads on demand, so the dialog shows a moment after the click.
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull();
  });
});
