import { messages } from '@kshop/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';

const VALID = { email: 'buyer@shop.test', password: 'Secret#123' };

function setup(onLogin: (credentials: { email: string; password: string }) => Promise<string>) {
  const onSuccess = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<LoginForm onLogin={onLogin} onSuccess={onSuccess} />);
  const fill = async (email: string, password: string) => {
    if (email) await user.type(screen.getByLabelText('Email'), email);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
  };
  return { user, fill, onSuccess };
}

describe('LoginForm', () => {
  it('reads LOGGING IN... and is disabled while logging in, then reports the token', async () => {
    let finish: (token: string) => void = () => {};
    const onLogin = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const { fill, onSuccess } = setup(onLogin);
    await fill(VALID.email, VALID.password);

    const busy = await screen.findByRole('button', { name: messages.login.loggingIn });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(onLogin).toHaveBeenCalledWith(VALID);

    finish('token-1');
    expect(await screen.findByRole('button', { name: 'LOGIN' })).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledWith('token-1');
  });

  it("alerts 'check your Id or Password' and sends nothing when the input cannot be valid", async () => {
    const onLogin = vi.fn(async () => 'never');
    const { fill, user } = setup(onLogin);
    await fill('not-an-email', 'short');
    expect(screen.getByRole('alertdialog', { name: messages.login.invalid })).toBeTruthy();
    expect(onLogin).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('alerts for a password without a special character', async () => {
    const onLogin = vi.fn(async () => 'never');
    const { fill } = setup(onLogin);
    await fill(VALID.email, 'Secret1234');
    expect(screen.getByRole('alertdialog', { name: messages.login.invalid })).toBeTruthy();
    expect(onLogin).not.toHaveBeenCalled();
  });

  it("shows the server's message under the email when the API refuses", async () => {
    const { fill, onSuccess } = setup(async () => {
      throw new ApiError(401, 'Invalid email or password.');
    });
    await fill(VALID.email, VALID.password);
    const error = await screen.findByText('Invalid email or password.');
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe(error.id);
    expect(screen.queryByText(messages.login.failed)).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("shows 'Login failed' under the password when the request itself fails", async () => {
    const { fill } = setup(async () => {
      throw new NetworkError('offline');
    });
    await fill(VALID.email, VALID.password);
    const error = await screen.findByText(messages.login.failed);
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe(error.id);
  });

  it('links to find password and sign up', () => {
    setup(async () => 'x');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/findpassword',
    );
    expect(screen.getByRole('link', { name: 'SIGN UP' }).getAttribute('href')).toBe('/signup');
  });
});
