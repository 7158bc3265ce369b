import { useNavigate } from 'react-router';
import { startSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { login } from '../api/login';
import { LoginForm } from '../components/login-form';
import './auth.css';

export function LoginPage() {
  const navigate = useNavigate();
  useDocumentTitle('Login');
  return (
    <section className="auth-page container" aria-labelledby="login-title">
      <h1 id="login-title" className="auth-page__title">
        LOGIN
      </h1>
      <p className="auth-page__lead">Log in with your business account to see wholesale prices and order.</p>
      <LoginForm
        onLogin={login}
        onSuccess={(token) => {
          startSession(token);
          navigate('/');
        }}
      />
    </section>
  );
}
