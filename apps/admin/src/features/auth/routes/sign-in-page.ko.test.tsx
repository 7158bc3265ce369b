import { contractTexts, contractTextsKo } from '@kshop/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { SignInPage } from './sign-in-page';

describe('SignInPage in Korean', () => {
  it('shows the sign-in form in Korean, with the contract’s messages in Korean', async () => {
    await act(() => activateLanguage('ko'));
    const user = userEvent.setup();
    renderWithProviders(<SignInPage onSignIn={vi.fn()} />, { route: '/signin' });

    expect(screen.getByRole('heading', { name: '로그인', level: 1 })).toBeTruthy();
    expect(screen.getByText('KSHOP 관리자')).toBeTruthy();
    expect(document.title).toContain('로그인');
    expect(screen.getByLabelText('이메일')).toBeTruthy();
    expect(screen.getByLabelText('비밀번호')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '로그인' }));
    // The contract's validation messages come in the screen's language.
    const problems = await screen.findAllByText(contractTextsKo.messages.login.invalid);
    expect(problems.length).toBeGreaterThan(0);
    expect(screen.queryByText(contractTexts.messages.login.invalid)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });
});
