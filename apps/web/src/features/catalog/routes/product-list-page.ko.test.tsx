import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { productItem } from '../../../test/fixtures';
import { envelope, renderWithProviders } from '../../../test/render';
import { SearchOverlay } from '../../search/components/search-overlay';
import { SearchPage } from '../../search/routes/search-page';
import { ProductListPage } from './product-list-page';

function answer(url: string) {
  const parsed = new URL(url, 'http://localhost');
  if (parsed.pathname === '/api/v1/product/list' || parsed.pathname === '/api/v1/product/search') {
    const keyword = parsed.searchParams.get('keyword');
    if (keyword === 'nothing') return envelope({ productOptionList: [], totalCount: 0 });
    const list = [
      productItem({
        optionUuid: '00000000-0000-4000-8000-000000000001',
        title: 'NOVA9 1st Album',
        tags: ['sale'],
      }),
      productItem({
        optionUuid: '00000000-0000-4000-8000-000000000002',
        title: 'Light Stick',
        tags: ['sold out'],
      }),
    ];
    return envelope({ productOptionList: list, totalCount: 2 });
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

describe('product lists and search in Korean', () => {
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('shows the title, filters, count, cards and pagination texts in Korean', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => answer(url)),
    );
    await act(() => activateLanguage('ko'));
    renderAt('/productlist/0?tag=pre');
    expect(await screen.findByRole('heading', { level: 1, name: '예약 주문' })).toBeTruthy();
    expect(await screen.findByText('상품 2개')).toBeTruthy();
    const stock = screen.getByRole('combobox', { name: '재고 상태' });
    expect(
      within(stock)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['전체', '재고 있음', '품절']);
    const sort = screen.getByRole('combobox', { name: '정렬' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['최신순', '판매순', '발매일순']);
    expect(screen.getByRole('checkbox', { name: '접수 중인 예약 주문만' })).toBeTruthy();
    const cards = within(screen.getByRole('list', { name: '상품' }));
    expect(cards.getByText('세일')).toBeTruthy();
    expect(cards.getAllByText('품절')).toHaveLength(1);
    expect(cards.getAllByText('회원 전용')).toHaveLength(2);
    expect(cards.getAllByText(/^발매일/)).toHaveLength(2);
    expect(screen.queryByText('Latest')).toBeNull();
    expect(screen.queryByText('Members Only')).toBeNull();
    expect(screen.queryByText('2 items')).toBeNull();
    expect(document.title).toContain('예약 주문');
  });

  it('says in Korean that a search found nothing, and offers the search box in Korean', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => answer(url)),
    );
    await act(() => activateLanguage('ko'));
    renderAt('/search?keyword=nothing');
    expect(await screen.findByText('‘nothing’에 대한 검색 결과가 없습니다.')).toBeTruthy();
    expect(screen.getByText('검색 결과')).toBeTruthy();
    expect(screen.getByRole('button', { name: '검색' })).toBeTruthy();
    expect(screen.getByPlaceholderText('앨범, 아티스트, 굿즈 검색…')).toBeTruthy();
    expect(screen.queryByText('Search results')).toBeNull();
  });

  it('shows the quick search in Korean', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => answer(url)),
    );
    const user = userEvent.setup();
    await act(() => activateLanguage('ko'));
    renderWithProviders(<SearchOverlay onClose={() => {}} />);
    await user.type(screen.getByRole('searchbox', { name: '상품 검색' }), 'nova');
    const results = await screen.findByRole('list', { name: '검색 결과' });
    expect(within(results).getAllByText(/회원 전용/)).toHaveLength(2);
    expect(screen.getByRole('link', { name: '전체 보기' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '검색 닫기' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'VIEW ALL' })).toBeNull();
  });
});
