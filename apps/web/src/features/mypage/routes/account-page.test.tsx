import { messages, SESSION_KEYS } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userProfileFixture } from '../../../lib/user-profile-fixture';
import { renderWithProviders } from '../../../test/render';
import { AccountPage } from './account-page';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const row = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('AccountPage', () => {
  beforeEach(() => sessionStorage.setItem(SESSION_KEYS.accessToken, 'member-token'));

  it('shows the profile read-only, with the certificate name cut at 30 characters', async () => {
    const profile = userProfileFixture();
    stubApi({
      'GET /user': { data: profile },
      'GET /user/backorder-choice': { data: { choice: 'KEEP' } },
    });
    renderWithProviders(<AccountPage />);
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeTruthy();
    expect(row('Email')).toBe(profile.email);
    expect(row('Company name')).toBe(profile.companyName);
    expect(row('Business certificate')).toContain(`${profile.businessCertificateName.slice(0, 30)}...`);
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Shipping Address' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My info' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pre-orders' })).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'When a pre-order arrives short' })).toBeTruthy();
  });

  it('edits with the pencil; CANCEL restores the loaded values', async () => {
    const profile = userProfileFixture();
    stubApi({ 'GET /user': { data: profile } });
    const user = userEvent.setup();
    renderWithProviders(<AccountPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));

    expect(field('Email').readOnly).toBe(true);
    expect(field('Company name').value).toBe(profile.companyName);
    expect(field('Business certificate').accept).toBe('.pdf,image/*');
    await user.clear(field('Company name'));
    await user.type(field('Company name'), 'Changed Co');
    await user.type(field('Business registration number'), 'x9');
    expect(field('Business registration number').value).toBe(`${profile.businessRegistrationNumber}9`);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to receive marketing information' }));

    await user.click(screen.getByRole('button', { name: 'CANCEL' }));
    expect(row('Company name')).toBe(profile.companyName);
    expect(row('Marketing agreement')).toBe('Not agreed');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(field('Company name').value).toBe(profile.companyName);
    expect(field('Business registration number').value).toBe(profile.businessRegistrationNumber);
    expect((screen.getByRole('checkbox', { name: /marketing/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('saves with PATCH /user, alerts, and returns to view mode', async () => {
    let profile = userProfileFixture();
    const api = stubApi({
      'GET /user': () => ({ data: profile }),
      'PATCH /user': (call) => {
        profile = { ...profile, ...(call.body as object) };
        return { message: messages.account.profileUpdated };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(field('Phone number'));
    await user.type(field('Phone number'), '+82 2-555-0000');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));

    expect(await screen.findByRole('alertdialog', { name: messages.account.profileUpdated })).toBeTruthy();
    expect(api.callsTo('PATCH /user')[0]?.body).toEqual({
      companyName: 'Seoul Records',
      companyAddress: '12 Teheran-ro, Gangnam-gu, Seoul',
      representativeName: 'Kim Minji',
      phoneNumber: '+82 2-555-0000',
      businessRegistrationNumber: '1234567890',
      businessCertificateUrl: '',
      postalCode: '06234',
      marketingAgree: false,
    });
    await vi.waitFor(() => expect(row('Phone number')).toBe('+82 2-555-0000'));
    expect(screen.queryByRole('button', { name: 'SAVE' })).toBeNull();
  });

  it("alerts 'Failed to update profile...' and stays in edit mode", async () => {
    stubApi({
      'GET /user': { data: userProfileFixture() },
      'PATCH /user': { statusCode: 500, message: 'x' },
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(
      await screen.findByRole('alertdialog', { name: messages.account.profileUpdateFailed }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SAVE' })).toBeTruthy();
  });

  it('alerts when the download fails', async () => {
    stubApi({
      'GET /user': { data: userProfileFixture() },
      'POST /s3/download': { statusCode: 404, message: 'x' },
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountPage />);
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alertdialog', { name: messages.file.downloadFailed })).toBeTruthy();
  });

  it('deletes the account after the confirm: alert, session cleared, home', async () => {
    const api = stubApi({ 'GET /user': { data: userProfileFixture() }, 'DELETE /user': { message: 'x' } });
    const user = userEvent.setup();
    renderWithProviders(<AccountPage />, { route: '/mypage/account' });
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const confirm = screen.getByRole('alertdialog', { name: messages.account.confirmDelete });
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('alertdialog', { name: messages.account.deleted })).toBeTruthy();
    expect(api.callsTo('DELETE /user')).toHaveLength(1);
    expect(sessionStorage.length).toBe(0);
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('after a password change: alert, token removed, logged-out flag, /login', async () => {
    const api = stubApi({
      'GET /user': { data: userProfileFixture() },
      'PATCH /user/password': { message: 'x' },
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountPage />, { route: '/mypage/account' });
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    await user.type(screen.getByLabelText('Password'), 'NewPass#2026');
    await user.type(screen.getByLabelText('Confirm password'), 'NewPass#2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alertdialog', { name: messages.password.changed })).toBeTruthy();
    expect(api.callsTo('PATCH /user/password')[0]?.body).toEqual({ password: 'NewPass#2026' });
    expect(sessionStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEYS.isLoggedOut)).toBe('true');
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });
});
