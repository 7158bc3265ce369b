import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { ChangePasswordPage } from './change-password-page';

describe('ChangePasswordPage in Korean', () => {
  it('asks a new account for its one-time password in Korean', async () => {
    startSession('staff-token', true);
    await act(() => activateLanguage('ko'));
    renderWithProviders(<ChangePasswordPage onChange={vi.fn()} />, { route: '/change-password' });

    expect(screen.getByRole('heading', { name: '비밀번호 변경', level: 1 })).toBeTruthy();
    expect(
      screen.getByText('먼저 임시 비밀번호를 변경해 주십시오. 본인만 아는 비밀번호로 설정해 주십시오.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('임시 비밀번호')).toBeTruthy();
    expect(screen.getByLabelText('새 비밀번호')).toBeTruthy();
    expect(screen.getByLabelText('새 비밀번호 확인')).toBeTruthy();
    expect(screen.getByRole('button', { name: '비밀번호 변경' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '로그아웃' })).toBeTruthy();
    expect(screen.queryByText('New password')).toBeNull();
  });
});
