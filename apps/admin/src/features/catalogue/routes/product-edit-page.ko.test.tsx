import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { ProductEditPage } from './product-edit-page';

describe('ProductEditPage in Korean', () => {
  it('opens a new product in Korean', async () => {
    stubApi({
      'GET /admin/categories': {
        data: { categoryList: [{ id: 10, category: 'LIGHT STICK', parentId: null, sortOrder: 1 }] },
      },
      'GET /artist/category': { data: { artistCategoryList: [] } },
    });
    signedIn();
    await act(() => activateLanguage('ko'));
    renderWithProviders(<ProductEditPage />, { route: '/products/new', path: '/products/new' });

    expect(screen.getByRole('heading', { name: '상품 등록', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '‹ 상품' })).toBeTruthy();
    expect(document.title).toContain('상품 등록');
    expect(await screen.findByRole('button', { name: '상품 등록' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '카테고리 선택' })).toBeTruthy();
    expect(
      screen.getByText('등록된 이미지가 없습니다. 첫 번째 이미지가 상품 대표 이미지로 사용됩니다.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create product' })).toBeNull();
  });
});
