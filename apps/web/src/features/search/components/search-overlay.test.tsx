import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productItem } from '../../../test/fixtures';
import { envelope, renderWithProviders } from '../../../test/render';
import { SearchOverlay } from './search-overlay';

const products = Array.from({ length: 6 }, (_, i) => productItem({ title: `IVE Album ${i + 1}` }));

describe('SearchOverlay', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn(async () => envelope({ productOptionList: products, totalCount: products.length }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.useRealTimers());

  const searchCalls = () =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/search'));

  it('is a dialog named Search with a labelled input', () => {
    renderWithProviders(<SearchOverlay onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(within(dialog).getByRole('searchbox', { name: 'Search products' })).toBeTruthy();
  });

  it('searches once typing pauses for 300 ms and shows at most four results', async () => {
    vi.useFakeTimers();
    renderWithProviders(<SearchOverlay onClose={() => {}} />);
    const input = screen.getByRole('searchbox', { name: 'Search products' });

    fireEvent.change(input, { target: { value: 'i' } });
    await act(() => vi.advanceTimersByTimeAsync(100));
    fireEvent.change(input, { target: { value: 'iv' } });
    await act(() => vi.advanceTimersByTimeAsync(100));
    fireEvent.change(input, { target: { value: 'ive' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(searchCalls()).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searchCalls()).toHaveLength(1);
    const url = new URL(searchCalls()[0] ?? '', 'http://shop.test');
    expect(url.pathname).toBe('/api/v1/product/search');
    expect(url.searchParams.get('keyword')).toBe('ive');
    expect(url.searchParams.get('limit')).toBe('4');

    // Let the response arrive and render (React Query batches its updates on timers too).
    await act(() => vi.advanceTimersByTimeAsync(50));
    const results = screen.getByRole('list', { name: 'Search results' });
    const links = within(results).getAllByRole('link');
    expect(links).toHaveLength(4);
    expect(links[0]?.getAttribute('href')).toBe(`/productdetail/${products[0]?.optionUuid}`);
    expect(searchCalls()).toHaveLength(1);
  });

  it('links VIEW ALL to the search page with the keyword', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchOverlay onClose={() => {}} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'new jeans');
    expect(screen.getByRole('link', { name: 'VIEW ALL' }).getAttribute('href')).toBe(
      '/search?keyword=new+jeans',
    );
  });

  it('goes to the search page on Enter and closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<SearchOverlay onClose={onClose} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'aespa{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/search?keyword=aespa');
    expect(onClose).toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<SearchOverlay onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
