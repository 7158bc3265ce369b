import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage in Korean', () => {
  it('says there is no such page and links to the dashboard in Korean', async () => {
    await act(() => activateLanguage('ko'));
    renderWithProviders(<NotFoundPage />, { route: '/nowhere' });
    expect(screen.getByRole('heading', { name: '페이지를 찾을 수 없습니다', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '대시보드로 이동' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Page not found')).toBeNull();
  });
});
