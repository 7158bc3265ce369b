import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { StaffPage } from './staff-page';

const ME = {
  role: 'OWNER',
  email: 'owner@kshop.example',
  name: '박지현',
  mustChangePassword: false,
  language: 'ko',
};

describe('StaffPage in Korean', () => {
  it('lists the staff accounts and asks before a change, in Korean', async () => {
    stubApi({
      'GET /admin/me': { data: ME },
      'GET /admin/staff': {
        data: {
          staffList: [
            {
              id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
              email: 'clerk@kshop.example',
              name: '이서준',
              role: 'STAFF',
              disabled: false,
              createdAt: '2026-11-01T00:00:00.000Z',
            },
          ],
        },
      },
    });
    signedIn();
    await act(() => activateLanguage('ko'));
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />, { route: '/staff' });

    expect(await screen.findByRole('heading', { name: '직원', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '직원 계정 추가' })).toBeTruthy();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['이름', '이메일', '권한', '계정', '등록일', '관리']);
    expect(within(table).getByText('사용 중')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: '이서준 비활성화' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        '이서준 계정을 비활성화하시겠습니까? 즉시 로그아웃되며 다시 로그인할 수 없습니다.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '비활성화' })).toBeTruthy();
    expect(screen.queryByText('Add staff account')).toBeNull();
  });
});
