import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { FindPasswordForm } from '../components/find-password-form';
import './auth.css';

export function FindPasswordPage() {
  const navigate = useNavigate();
  const { t } = useLingui();
  useDocumentTitle(t`Find Password`);
  return (
    <section className="auth-page container" aria-labelledby="find-password-title">
      <h1 id="find-password-title" className="auth-page__title">
        <Trans>FIND PASSWORD</Trans>
      </h1>
      <p className="auth-page__lead">
        <Trans>Enter the email of your account. We will mail you a temporary password.</Trans>
      </p>
      <FindPasswordForm onSent={() => navigate('/login')} />
    </section>
  );
}
