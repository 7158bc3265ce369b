import { act, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { startSession } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { LIST_UUID, listData, listLine, soldOutLine, stubApi, summary } from '../test/saved-lists-fixtures';
import { SavedListPage } from './saved-list-page';
import { SavedListsPage } from './saved-lists-page';

function renderAt(route: string) {
  startSession('member');
  renderWithProviders(
    <Routes>
      <Route path="/mypage/lists" element={<SavedListsPage />} />
      <Route path="/mypage/lists/:listUuid" element={<SavedListPage />} />
    </Routes>,
    { route },
  );
}

describe('saved lists in Korean', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    await act(() => activateLanguage('en'));
  });

  it('names the lists, their facts and dates in Korean', async () => {
    stubApi({ '/lists': () => envelope({ lists: [summary()] }) });
    await act(() => activateLanguage('ko'));
    renderAt('/mypage/lists');
    expect(await screen.findByRole('heading', { level: 1, name: '저장한 목록' })).toBeTruthy();
    const item = within(await screen.findByRole('list', { name: '내 목록' })).getByRole('listitem');
    expect(item.textContent).toBe('Weekly restock2줄, 7개 · 2026년 11월 27일 변경');
    expect(screen.getByRole('button', { name: '목록 만들기' })).toBeTruthy();
  });

  it("says each line's outcome and the list's actions in Korean", async () => {
    stubApi({
      [`/lists/${LIST_UUID}`]: () => envelope(listData([listLine('A', 1, 5), soldOutLine('B', 2, 2)])),
    });
    await act(() => activateLanguage('ko'));
    renderAt(`/mypage/lists/${LIST_UUID}`);
    const table = await screen.findByRole('table', { name: '목록의 상품' });
    const notes = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3]!.textContent);
    expect(notes).toEqual(['담을 수 있습니다.', '품절된 상품입니다.']);
    expect(screen.getByRole('button', { name: '1줄 장바구니에 담기' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '목록 삭제' })).toBeTruthy();
  });
});
