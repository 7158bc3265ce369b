import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderWithProviders } from '../../../test/render';
import { SearchPage } from '../../search/routes/search-page';
import { ProductListPage } from './product-list-page';

const tree = [
  { id: 9, category: 'K-MERCH', children: [{ id: 10, category: 'LIGHT STICK', children: [] }] },
  { id: 2, category: 'K-MAGAZINE', children: [] },
];

const card = (n: number) => ({
  categoryId: 9,
  optionUuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  productUuid: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Product ${n}`,
  vendor: 'Vendor',
  thumbnailUrl: '/x.png',
  releaseDate: '2026-01-01',
  tags: [],
  totalPrice: null,
  currencyCode: 'KRW',
  currencySymbol: '₩',
});

/** 45 products: three pages of 20. */
const TOTAL = 45;

function answer(url: string) {
  const parsed = new URL(url, 'http://localhost');
  if (parsed.pathname === '/api/v1/category') return envelope(tree);
  if (parsed.pathname === '/api/v1/product/list' || parsed.pathname === '/api/v1/product/search') {
    const page = Number(parsed.searchParams.get('page'));
    const from = (page - 1) * 20;
    const list = Array.from({ length: Math.max(0, Math.min(20, TOTAL - from)) }, (_, i) =>
      card(from + i + 1),
    );
    return envelope({ productOptionList: list, totalCount: TOTAL });
  }
  return envelope(null, 404, 'Not Found');
}

const renderAt = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/productlist/:categoryId" element={<ProductListPage />} />
      <Route path="/search" element={<SearchPage />} />
    </Routes>,
    { route },
  );

const location = () => screen.getByTestId('location').textContent;

describe('product lists leave no dead end', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => answer(url)),
    );
  });

  it('shows the not-found page for a category that does not exist', async () => {
    renderAt('/productlist/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeTruthy();
    expect(screen.queryByText(/items$/)).toBeNull();
  });

  it('shows a known category as usual', async () => {
    renderAt('/productlist/10');
    expect(await screen.findByRole('heading', { level: 1, name: 'LIGHT STICK' })).toBeTruthy();
    expect(await screen.findByText('Product 1')).toBeTruthy();
  });

  it('replaces a page past the end by the last page', async () => {
    renderAt('/productlist/9?categoryName=K-MERCH&page=99');
    await waitFor(() => expect(location()).toBe('/productlist/9?categoryName=K-MERCH&page=3'));
    expect(await screen.findByText('Product 41')).toBeTruthy();
  });

  it('keeps a page inside the list', async () => {
    renderAt('/productlist/9?page=2');
    expect(await screen.findByText('Product 21')).toBeTruthy();
    expect(location()).toBe('/productlist/9?page=2');
  });

  it('clamps the search results too, and their page has a box to change the keyword', async () => {
    const user = userEvent.setup();
    renderAt('/search?keyword=nova&page=7');
    await waitFor(() => expect(location()).toBe('/search?keyword=nova&page=3'));
    const box = screen.getByRole('searchbox', { name: 'Keyword' });
    expect((box as HTMLInputElement).value).toBe('nova');
    await user.clear(box);
    await user.type(box, 'light stick{Enter}');
    expect(location()).toBe('/search?keyword=light+stick');
    expect(await screen.findByRole('heading', { level: 1, name: 'light stick' })).toBeTruthy();
  });

  it('offers every sort in its Sort menu and puts the one chosen in the address', async () => {
    const user = userEvent.setup();
    renderAt('/productlist/9?categoryName=K-MERCH&page=2');
    expect(await screen.findByText('Product 21')).toBeTruthy();
    const menu = screen.getByRole('combobox', { name: 'Sort' }) as HTMLSelectElement;
    expect([...menu.options].map((option) => [option.value, option.text])).toEqual([
      ['latest', 'Latest'],
      ['bestSelling', 'Best Selling'],
      ['releaseDate', 'Release Date'],
    ]);
    await user.selectOptions(menu, 'Release Date');
    await waitFor(() => expect(location()).toBe('/productlist/9?categoryName=K-MERCH&sort=releaseDate'));
    await waitFor(() =>
      expect(
        vi
          .mocked(fetch)
          .mock.calls.map(([url]) => String(url))
          .some((url) => url.includes('/product/list') && url.includes('sort=releaseDate')),
      ).toBe(true),
    );
  });
});

describe('the open pre-orders filter of a product list', () => {
  /** The list answers nothing when asked for open pre-orders only, so the page's empty state shows. */
  const listUrls = () =>
    vi
      .mocked(fetch)
      .mock.calls.map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/v1/product/list');
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        new URL(url, 'http://localhost').searchParams.get('preorder') === 'open'
          ? envelope({ productOptionList: [], totalCount: 0 })
          : answer(url),
      ),
    );
  });

  it('is a labelled checkbox the keyboard turns on and off, kept in the address and the request', async () => {
    const user = userEvent.setup();
    renderAt('/productlist/9?categoryName=K-MERCH&stockStatus=inStock&page=2');
    expect(await screen.findByText('Product 21')).toBeTruthy();
    const filter = screen.getByRole('checkbox', { name: 'Open pre-orders only' }) as HTMLInputElement;
    expect(filter.checked).toBe(false);

    filter.focus();
    await user.keyboard(' ');
    await waitFor(() =>
      expect(location()).toBe('/productlist/9?categoryName=K-MERCH&stockStatus=inStock&preorder=open'),
    );
    expect(filter.checked).toBe(true);
    await waitFor(() =>
      expect(
        listUrls().some(
          (url) =>
            url.searchParams.get('preorder') === 'open' &&
            url.searchParams.get('stockStatus') === 'inStock' &&
            url.searchParams.get('categoryId') === '9' &&
            url.searchParams.get('page') === '1',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('No products found.')).toBeTruthy();

    await user.keyboard(' ');
    await waitFor(() => expect(location()).toBe('/productlist/9?categoryName=K-MERCH&stockStatus=inStock'));
    expect(filter.checked).toBe(false);
    expect(await screen.findByText('Product 1')).toBeTruthy();
  });

  it('reads the filter from a shared address', async () => {
    renderAt('/productlist/0?tag=pre&preorder=open');
    expect(await screen.findByText('No products found.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Open pre-orders only' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(listUrls().every((url) => url.searchParams.get('preorder') === 'open')).toBe(true);
  });

  it('ignores a pre-order filter it does not know', async () => {
    renderAt('/productlist/9?preorder=closed');
    expect(await screen.findAllByText('Product 1')).not.toHaveLength(0);
    expect(listUrls().every((url) => !url.searchParams.has('preorder'))).toBe(true);
  });

  it('is not offered on search results, which the filter does not apply to', async () => {
    renderAt('/search?keyword=nova');
    expect(await screen.findByText('Product 1')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Open pre-orders only' })).toBeNull();
  });
});
