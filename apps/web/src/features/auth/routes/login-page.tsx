import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate } from 'react-router';
import { afterLoginPath } from '../../../lib/return-places';
import { startSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { login } from '../api/login';
import { LoginForm } from '../components/login-form';
import './auth.css';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useLingui();
  useDocumentTitle(t`Login`);
  return (
    <section className="auth-page container" aria-labelledby="login-title">
      <h1 id="login-title" className="auth-page__title">
        <Trans>LOGIN</Trans>
      </h1>
      <p className="auth-page__lead">
        <Trans>Log in with your business account to see wholesale prices and order.</Trans>
      </p>
      <LoginForm
        onLogin={login}
        onSuccess={(token) => {
          startSession(token);
          // Back to the page that sent the buyer here (the cart, a product), else home.
          navigate(afterLoginPath(location.state));
        }}
      />
    </section>
  );
}
