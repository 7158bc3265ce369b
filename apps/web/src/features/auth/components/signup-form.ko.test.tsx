import { contractTextsKo, messages } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { SignupPage } from '../routes/signup-page';

const ko = contractTextsKo.messages;

describe('Sign-up in Korean', () => {
  beforeEach(async () => {
    await act(() => activateLanguage('ko'));
  });
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('labels the form in Korean and shows the checks in Korean', async () => {
    const api = stubApi({});
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<SignupPage />);
    expect(screen.getByRole('heading', { level: 1, name: '회원가입' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '업체 정보' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '약관 동의' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '업체 소재지' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '국내 업체' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '해외 업체' })).toBeTruthy();
    expect(screen.getByLabelText('사업자등록증')).toBeTruthy();
    expect(screen.getByLabelText('인증번호')).toBeTruthy();
    expect(screen.getByText(ko.password.hint)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '개인정보처리방침에 동의합니다 (필수)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '이용약관' }).getAttribute('href')).toBe('/guide/terms');
    expect(screen.queryByText('CREATE ACCOUNT')).toBeNull();

    await user.type(screen.getByLabelText('비밀번호'), 'short1!');
    expect(screen.getByText(ko.password.length)).toBeTruthy();
    await user.type(screen.getByLabelText('비밀번호 확인'), 'other');
    expect(screen.getByText(ko.password.mismatch)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText(ko.contact.companyNameRequired)).toBeTruthy();
    expect(screen.getByText(ko.contact.emailRequired)).toBeTruthy();
    expect(screen.getByText(ko.contact.representativeNameRequired)).toBeTruthy();
    expect(screen.queryByText(messages.contact.companyNameRequired)).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the code and recognises the Korean answer for a taken email', async () => {
    stubApi({
      'POST /auth/email-duplication': { message: 'OK' },
      'POST /mail': { message: '인증번호를 보냈습니다.' },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<SignupPage />);
    await user.type(screen.getByLabelText('이메일'), 'new@buyer.test');
    await user.click(screen.getByRole('button', { name: '전송' }));
    expect(await screen.findByRole('timer', { name: '남은 시간' })).toBeTruthy();
    expect(screen.getByText('이메일로 6자리 인증번호를 보내 드렸습니다.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '인증' })).toBeTruthy();

    // A second Send: the email was taken meanwhile, and the API says so in Korean.
    stubApi({ 'POST /auth/email-duplication': { statusCode: 409, message: ko.signup.userExists } });
    await user.click(screen.getByRole('button', { name: '전송' }));
    expect(await screen.findByRole('alertdialog', { name: ko.signup.userExistsAlert })).toBeTruthy();
  });
});
