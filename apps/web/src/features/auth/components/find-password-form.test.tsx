import { messages } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FindPasswordForm } from './find-password-form';

describe('FindPasswordForm', () => {
  it('alerts an unknown email and clears the field', async () => {
    const api = stubApi({
      'POST /user/temp-password': { statusCode: 404, message: messages.tempPassword.userNotFound },
    });
    const onSent = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<FindPasswordForm onSent={onSent} />);
    await user.type(screen.getByLabelText('Email'), 'nobody@buyer.test');
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    expect(
      await screen.findByRole('alertdialog', { name: messages.tempPassword.userNotFoundAlert }),
    ).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(api.calls[0]?.body).toEqual({ email: 'nobody@buyer.test' });
    expect(onSent).not.toHaveBeenCalled();
  });

  it('alerts that the password was sent, then goes on', async () => {
    stubApi({ 'POST /user/temp-password': { message: messages.tempPassword.issued } });
    const onSent = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<FindPasswordForm onSent={onSent} />);
    await user.type(screen.getByLabelText('Email'), 'korea@demo.kshop.example');
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    await screen.findByRole('alertdialog', { name: messages.tempPassword.sentAlert });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onSent).toHaveBeenCalled();
  });

  it('checks the email first and links back to the login', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<FindPasswordForm onSent={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    expect(await screen.findByText(messages.contact.emailRequired)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
  });
});
