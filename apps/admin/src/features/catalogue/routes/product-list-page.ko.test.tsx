import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { ProductListPage } from './product-list-page';

const PRODUCT = {
  uuid: '33333333-3333-4333-8333-333333333333',
  title: 'NOVA9 Official Light Stick',
  vendor: 'NEXT WAVE LABEL',
  categoryId: 10,
  tags: ['new'],
  inStock: true,
  optionCount: 2,
  thumbnailUrl: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  isPublished: false,
};

describe('ProductListPage in Korean', () => {
  it('shows the list, its filters, the bulk bar and the spreadsheet tools in Korean', async () => {
    stubApi({
      'GET /admin/products': { data: { productList: [PRODUCT], totalCount: 1 } },
      'GET /admin/categories': {
        data: { categoryList: [{ id: 10, category: 'LIGHT STICK', parentId: null, sortOrder: 1 }] },
      },
    });
    signedIn();
    await act(() => activateLanguage('ko'));
    const user = userEvent.setup();
    renderWithProviders(<ProductListPage />, { route: '/products' });

    expect(screen.getByRole('heading', { name: '상품', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '상품 등록' })).toBeTruthy();
    const filters = within(screen.getByRole('form', { name: '상품 검색 조건' }));
    expect(filters.getByLabelText('상품명, 제조사 또는 아티스트')).toBeTruthy();
    expect(filters.getByRole('option', { name: '재고 부족' })).toBeTruthy();
    expect(filters.getByRole('option', { name: '품절' })).toBeTruthy();
    expect(filters.getByRole('option', { name: '미게시' })).toBeTruthy();

    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(1)).toEqual([
      '이미지',
      '상품명',
      '제조사',
      '카테고리',
      '태그',
      '옵션',
      '재고',
      '등록일',
    ]);
    expect(within(table).getByText('재고 있음')).toBeTruthy();
    expect(within(table).getByText('미게시')).toBeTruthy();

    await user.click(within(table).getByRole('checkbox', { name: 'NOVA9 Official Light Stick 선택' }));
    const bar = within(screen.getByRole('form', { name: '선택한 상품 일괄 변경' }));
    expect(bar.getByText(/선택됨$/).textContent).toBe('1개 선택됨');
    expect(bar.getByRole('option', { name: '품절로 변경 (전체 옵션)' })).toBeTruthy();
    expect(bar.getByRole('button', { name: '변경 내용 미리 보기' })).toBeTruthy();

    expect(screen.getByRole('heading', { name: '상품 엑셀 파일' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'CSV 내보내기' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '가져오기 미리 보기' })).toBeTruthy();
    expect(screen.queryByText('In stock')).toBeNull();
    expect(screen.queryByRole('link', { name: 'New product' })).toBeNull();
  });
});
