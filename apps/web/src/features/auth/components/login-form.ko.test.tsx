import { contractTextsKo, messages } from '@kshop/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { NetworkError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { LoginPage } from '../routes/login-page';
import { LoginForm } from './login-form';

const ko = contractTextsKo.messages;

describe('Login in Korean', () => {
  beforeEach(async () => {
    await act(() => activateLanguage('ko'));
  });
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('shows the page, its labels, links and alerts in Korean', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />);
    expect(screen.getByRole('heading', { level: 1, name: '로그인' })).toBeTruthy();
    expect(document.title).toBe('로그인 | KSHOP Wholesale');
    expect(screen.getByRole('link', { name: '비밀번호를 잊으셨습니까?' }).getAttribute('href')).toBe(
      '/findpassword',
    );
    expect(screen.getByRole('link', { name: '회원가입' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByText('KSHOP이 처음이십니까?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'LOGIN' })).toBeNull();
    expect(screen.queryByText('Forgot your password?')).toBeNull();

    await user.type(screen.getByLabelText('이메일'), 'not-an-email');
    await user.type(screen.getByLabelText('비밀번호'), 'short');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(screen.getByRole('alertdialog', { name: ko.login.invalid })).toBeTruthy();
    expect(screen.queryByText(messages.login.invalid)).toBeNull();
  });

  it("says 'Login failed' in the page's language, also after switching back to English", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <LoginForm
        onLogin={async () => {
          throw new NetworkError('offline');
        }}
        onSuccess={vi.fn()}
      />,
    );
    await user.type(screen.getByLabelText('이메일'), 'buyer@shop.test');
    await user.type(screen.getByLabelText('비밀번호'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText(ko.login.failed)).toBeTruthy();

    await act(() => activateLanguage('en'));
    expect(screen.getByText(messages.login.failed)).toBeTruthy();
    expect(screen.queryByText(ko.login.failed)).toBeNull();
  });
});
