import { contractTextsKo, messages, SESSION_KEYS } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { userProfileFixture } from '../../../lib/user-profile-fixture';
import { renderWithProviders } from '../../../test/render';
import { AccountPage } from './account-page';

const ko = contractTextsKo.messages;
const row = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('My Account in Korean', () => {
  beforeEach(async () => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'member-token');
    await act(() => activateLanguage('ko'));
  });
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('shows the profile, the addresses and the account buttons in Korean', async () => {
    const profile = userProfileFixture();
    stubApi({ 'GET /user': { data: profile } });
    renderWithProviders(<AccountPage />);
    expect(await screen.findByRole('heading', { level: 1, name: '회원 정보' })).toBeTruthy();
    expect(document.title).toBe('회원 정보 | KSHOP Wholesale');
    expect(screen.getByRole('heading', { name: '기본 정보' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '배송지' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '계정 관리' })).toBeTruthy();
    expect(row('업체명')).toBe(profile.companyName);
    expect(row('사업자등록번호')).toBe(profile.businessRegistrationNumber);
    expect(row('마케팅 정보 수신')).toBe('동의하지 않음');
    expect(screen.getByRole('button', { name: '내려받기' })).toBeTruthy();
    expect(screen.getByText(ko.address.empty)).toBeTruthy();
    expect(screen.getByRole('button', { name: '배송지 추가' })).toBeTruthy();
    expect(screen.queryByText('My Account')).toBeNull();
    expect(screen.queryByText(messages.address.empty)).toBeNull();
  });

  it('edits the profile, changes the password and confirms the deletion in Korean', async () => {
    stubApi({ 'GET /user': { data: userProfileFixture() } });
    const user = userEvent.setup();
    renderWithProviders(<AccountPage />);

    await user.click(await screen.findByRole('button', { name: '수정' }));
    const form = screen.getByRole('form', { name: '회원 정보 수정' });
    expect(within(form).getByLabelText('전화번호')).toBeTruthy();
    expect(within(form).getByText('선택')).toBeTruthy();
    expect(within(form).getByText(/^현재 파일: seoul-records/)).toBeTruthy();
    await user.clear(within(form).getByLabelText('업체명'));
    await user.click(within(form).getByRole('button', { name: '저장' }));
    expect(await within(form).findByText(ko.contact.companyNameRequired)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: '취소' }));

    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    const dialog = screen.getByRole('dialog', { name: '비밀번호 변경' });
    await user.type(within(dialog).getByLabelText('비밀번호'), 'short1!');
    expect(within(dialog).getByText(ko.password.length)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('비밀번호 확인'), 'other');
    expect(within(dialog).getByText(ko.password.mismatch)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: '저장' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: '취소' }));

    await user.click(screen.getByRole('button', { name: '회원 탈퇴' }));
    // The dialog's own OK and Cancel come from the app's UiTextsProvider, which this render leaves out.
    expect(screen.getByRole('alertdialog', { name: ko.account.confirmDelete })).toBeTruthy();
  });
});
