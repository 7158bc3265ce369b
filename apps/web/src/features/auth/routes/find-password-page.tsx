import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { FindPasswordForm } from '../components/find-password-form';
import './auth.css';

export function FindPasswordPage() {
  const navigate = useNavigate();
  useDocumentTitle('Find Password');
  return (
    <section className="auth-page container" aria-labelledby="find-password-title">
      <h1 id="find-password-title" className="auth-page__title">
        FIND PASSWORD
      </h1>
      <p className="auth-page__lead">
        Enter the email of your account. We will mail you a temporary password.
      </p>
      <FindPasswordForm onSent={() => navigate('/login')} />
    </section>
  );
}
