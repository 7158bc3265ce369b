import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { CategoriesPage } from './categories-page';

describe('CategoriesPage in Korean', () => {
  it('shows categories, artist categories and artists with their dialogs in Korean', async () => {
    stubApi({
      'GET /admin/categories': {
        data: { categoryList: [{ id: 10, category: 'LIGHT STICK', parentId: null, sortOrder: 1 }] },
      },
      'GET /artist/category': { data: { artistCategoryList: [{ id: 1, category: 'BOY GROUP' }] } },
      'GET /artist/list/1': {
        data: { artistList: [{ id: 1, artistNameEN: 'NOVA9', artistNameKO: '노바나인' }] },
      },
      'GET /admin/artists': {
        data: {
          artistList: [
            { id: 1, artistNameEN: 'NOVA9', artistNameKO: '노바나인', artistCategoryId: 1, productCount: 2 },
          ],
          totalCount: 1,
        },
      },
    });
    signedIn();
    await act(() => activateLanguage('ko'));
    const user = userEvent.setup();
    renderWithProviders(<CategoriesPage />, { route: '/categories' });

    expect(screen.getByRole('heading', { name: '카테고리 및 아티스트', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '상품 카테고리' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '아티스트 카테고리' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '아티스트' })).toBeTruthy();
    expect(await screen.findByText('최상위')).toBeTruthy();
    expect(screen.getByRole('button', { name: '카테고리 LIGHT STICK 수정' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '카테고리 LIGHT STICK 삭제' })).toBeTruthy();

    const artists = await screen.findByRole('table', { name: '아티스트: 1' });
    const headers = within(artists)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['영문명', '한글명', '카테고리', '상품', '관리']);
    expect(within(artists).getByRole('button', { name: '아티스트 NOVA9 삭제' }).getAttribute('title')).toBe(
      '이 아티스트가 지정된 상품이 있습니다.',
    );

    await user.click(screen.getByRole('button', { name: '카테고리 추가' }));
    const dialog = within(await screen.findByRole('dialog', { name: '카테고리 추가' }));
    expect(dialog.getByLabelText('카테고리 번호')).toBeTruthy();
    expect(dialog.getByRole('option', { name: '없음 (최상위)' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: '카테고리 저장' })).toBeTruthy();
    expect(screen.queryByText('Product categories')).toBeNull();
  });
});
