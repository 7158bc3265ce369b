import { contractTextsKo, messages } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { FindPasswordPage } from '../routes/find-password-page';

const ko = contractTextsKo.messages;

describe('Find password in Korean', () => {
  beforeEach(async () => {
    await act(() => activateLanguage('ko'));
  });
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('checks the email in Korean and recognises the Korean answer for an unknown email', async () => {
    const api = stubApi({
      'POST /user/temp-password': { statusCode: 404, message: ko.tempPassword.userNotFound },
    });
    const user = userEvent.setup();
    renderWithProviders(<FindPasswordPage />);
    expect(screen.getByRole('heading', { level: 1, name: '비밀번호 찾기' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '로그인으로 돌아가기' })).toBeTruthy();
    expect(screen.queryByText('FIND PASSWORD')).toBeNull();

    await user.click(screen.getByRole('button', { name: '전송' }));
    expect(await screen.findByText(ko.contact.emailRequired)).toBeTruthy();
    expect(screen.queryByText(messages.contact.emailRequired)).toBeNull();
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('이메일'), 'nobody@buyer.test');
    await user.click(screen.getByRole('button', { name: '전송' }));
    expect(await screen.findByRole('alertdialog', { name: ko.tempPassword.userNotFoundAlert })).toBeTruthy();
    expect((screen.getByLabelText('이메일') as HTMLInputElement).value).toBe('');
    expect(api.calls[0]?.headers['Accept-Language']).toBe('ko');
  });
});
