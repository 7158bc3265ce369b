import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ME_QUERY_KEY } from '../../../lib/current-staff';
import { startSession, useSessionState } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type StaffSession, signIn } from '../api/auth-api';
import { SignInForm } from '../components/sign-in-form';
import './auth.css';

/** Where a signed-out staff member was heading, so signing in goes back there. */
const fromPath = (state: unknown): string => {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== '/signin' ? from : '/';
};

export function SignInPage({ onSignIn = signIn }: { onSignIn?: typeof signIn }) {
  const { t } = useLingui();
  useDocumentTitle(t`Sign in`);
  const session = useSessionState();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const target = fromPath(location.state);

  if (session === 'signed-in') return <Navigate to={target} replace />;
  if (session === 'must-change-password') return <Navigate to="/change-password" replace />;

  const onSuccess = (staff: StaffSession) => {
    // Another staff member may have used this tab: nothing cached for them may show.
    queryClient.clear();
    const { accessToken, ...me } = staff;
    queryClient.setQueryData(ME_QUERY_KEY, me);
    startSession(accessToken, staff.mustChangePassword);
    navigate(staff.mustChangePassword ? '/change-password' : target, { replace: true });
  };

  return (
    <main className="auth-screen">
      <section className="auth-card" aria-labelledby="sign-in-title">
        <p className="auth-card__brand">
          <Trans>KSHOP Back office</Trans>
        </p>
        <h1 id="sign-in-title">
          <Trans>Sign in</Trans>
        </h1>
        <SignInForm onSignIn={({ email, password }) => onSignIn(email, password)} onSuccess={onSuccess} />
      </section>
    </main>
  );
}
