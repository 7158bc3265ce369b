import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { envelope, renderWithProviders } from '../../test/render';
import { SiteHeader } from './site-header';

const artists = [
  { id: 3, artistNameEN: 'DAWNBREAK', artistNameKO: '던브레이크' },
  { id: 4, artistNameEN: 'NOVA9', artistNameKO: '' },
];

function answer(url: string) {
  if (url.endsWith('/category') && !url.includes('artist')) return envelope([]);
  if (url.endsWith('/artist/category'))
    return envelope({ artistCategoryList: [{ id: 1, category: 'BOY GROUP' }] });
  if (url.includes('/artist')) return envelope({ artistList: artists });
  return envelope(null, 404, 'Not Found');
}

async function artistLinks() {
  const user = userEvent.setup();
  renderWithProviders(<SiteHeader />);
  const nav = screen.getByRole('navigation', { name: /Main|주 메뉴|메인/ });
  const artistsButton = await within(nav).findByRole('button', { name: /K-ARTIST|K-아티스트|아티스트/ });
  await user.click(artistsButton);
  await user.click(await within(nav).findByRole('button', { name: 'BOY GROUP' }));
  const list = await within(nav).findByRole('list', { name: 'BOY GROUP' });
  await within(list).findAllByRole('link');
  return within(list).getAllByRole('link');
}

describe('artists in the menu, by language', { timeout: 15_000 }, () => {
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('names an artist in Korean in the Korean shop where it has a Korean name, in English otherwise', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => answer(url)),
    );
    await act(() => activateLanguage('ko'));
    const links = await artistLinks();
    expect(links.map((link) => [link.textContent, link.getAttribute('lang')])).toEqual([
      ['던브레이크', 'ko'],
      ['NOVA9', 'en'],
    ]);
  });

  it('names every artist in English in the English shop', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => answer(url)),
    );
    const links = await artistLinks();
    expect(links.map((link) => link.textContent)).toEqual(['DAWNBREAK', 'NOVA9']);
  });
});
