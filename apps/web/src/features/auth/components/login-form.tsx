import { isPlausibleLogin, type LoginRequest } from '@kshop/contract';
import { useAlert } from '@kshop/ui';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useContractTexts } from '../../../i18n/contract-texts';
import { isApiError } from '../../../lib/api-client';

type LoginFormProps = {
  /** Sends the credentials and resolves with the access token. */
  onLogin: (credentials: LoginRequest) => Promise<string>;
  onSuccess: (accessToken: string) => void;
};

/** The server's refusal (already in the page's language), or null for 'Login failed', shown in the page's language. */
type Failure = { field: 'email' | 'password'; message: string | null };

/**
 * Login (spec sections 2, 5, 8): implausible input is stopped with 'check your Id or Password'; the server's
 * refusal shows under the email, any other failure 'Login failed' under the password.
 */
export function LoginForm({ onLogin, onSuccess }: LoginFormProps) {
  const alert = useAlert();
  const { messages } = useContractTexts();
  const { register, handleSubmit, formState } = useForm<LoginRequest>({
    defaultValues: { email: '', password: '' },
  });
  const [failure, setFailure] = useState<Failure | null>(null);
  const busy = formState.isSubmitting;

  const submit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    const trimmedEmail = email.trim();
    if (!isPlausibleLogin(trimmedEmail, password)) {
      void alert(messages.login.invalid);
      return;
    }
    try {
      const token = await onLogin({ email: trimmedEmail, password });
      onSuccess(token);
    } catch (error) {
      setFailure(
        isApiError(error) ? { field: 'email', message: error.message } : { field: 'password', message: null },
      );
    }
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="login-email">
          <Trans>Email</Trans>
        </label>
        <input
          id="login-email"
          type="email"
          autoComplete="username"
          aria-invalid={failure?.field === 'email' || undefined}
          aria-describedby={failure?.field === 'email' ? 'login-email-error' : undefined}
          {...register('email')}
        />
        {failure?.field === 'email' && (
          <p id="login-email-error" role="alert" className="field__error">
            {failure.message}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="login-password">
          <Trans>Password</Trans>
        </label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={failure?.field === 'password' || undefined}
          aria-describedby={failure?.field === 'password' ? 'login-password-error' : undefined}
          {...register('password')}
        />
        {failure?.field === 'password' && (
          <p id="login-password-error" role="alert" className="field__error">
            {failure.message ?? messages.login.failed}
          </p>
        )}
      </div>
      <p className="auth-form__aside">
        <Link to="/findpassword">
          <Trans>Forgot your password?</Trans>
        </Link>
      </p>
      <button type="submit" className="button button--block" disabled={busy}>
        {busy ? messages.login.loggingIn : <Trans>LOGIN</Trans>}
      </button>
      <p className="auth-form__switch">
        <Trans>New to KSHOP?</Trans>{' '}
        <Link to="/signup" className="button button--secondary button--block">
          <Trans>SIGN UP</Trans>
        </Link>
      </p>
    </form>
  );
}
