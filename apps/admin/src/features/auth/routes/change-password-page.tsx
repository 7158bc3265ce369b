import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { ME_QUERY_KEY } from '../../../lib/current-staff';
import { endSession, setMustChangePassword, startSession, useSessionState } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { changePassword, type PasswordChange, signOut } from '../api/auth-api';
import { ChangePasswordForm } from '../components/change-password-form';
import './auth.css';

/**
 * A new account lands here after signing in and cannot leave before replacing its one-time password; anyone
 * else may come here from the navigation to change theirs.
 */
export function ChangePasswordPage({ onChange = changePassword }: { onChange?: typeof changePassword }) {
  const { t } = useLingui();
  useDocumentTitle(t`Change password`);
  const session = useSessionState();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (session === 'signed-out') return <Navigate to="/signin" replace />;
  const forced = session === 'must-change-password';

  const change = async (request: PasswordChange) => {
    const { accessToken } = await onChange(request);
    startSession(accessToken, false);
  };

  const onChanged = () => {
    setMustChangePassword(false);
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    navigate('/', { replace: true, state: { notice: t`Your password has been changed.` } });
  };

  return (
    <main className="auth-screen">
      <section className="auth-card" aria-labelledby="change-password-title">
        <p className="auth-card__brand">
          <Trans>KSHOP Back office</Trans>
        </p>
        <h1 id="change-password-title">
          <Trans>Change password</Trans>
        </h1>
        {forced && (
          <p className="auth-card__note">
            <Trans>Please change your one-time password first. Choose a password only you know.</Trans>
          </p>
        )}
        <ChangePasswordForm forced={forced} onChange={change} onChanged={onChanged} />
        <p className="auth-card__footer">
          {forced ? (
            <button type="button" className="link-button" onClick={() => void signOut().then(endSession)}>
              <Trans>Sign out</Trans>
            </button>
          ) : (
            <Link to="/">
              <Trans>Back to the dashboard</Trans>
            </Link>
          )}
        </p>
      </section>
    </main>
  );
}
