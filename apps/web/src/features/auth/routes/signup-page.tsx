import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SignupForm } from '../components/signup-form';
import './auth.css';

export function SignupPage() {
  const navigate = useNavigate();
  const { t } = useLingui();
  useDocumentTitle(t`Create Account`);
  return (
    <section className="auth-page auth-page--wide container" aria-labelledby="signup-title">
      <h1 id="signup-title" className="auth-page__title">
        <Trans>CREATE ACCOUNT</Trans>
      </h1>
      <p className="auth-page__lead">
        <Trans>
          Wholesale accounts are for registered companies. We review every new account before prices are
          shown.
        </Trans>
      </p>
      <SignupForm onSignedUp={() => navigate('/login')} />
    </section>
  );
}
