import { isPlausibleLogin } from '@kshop/contract';
import { FormField, useAlert } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import '../../../components/ui/form-extras.css';
import { ErrorState, LoadingState } from '../../../components/ui/status';
import { useContractTexts } from '../../../i18n/contract-texts';
import { revokeToken } from '../../../lib/api-client';
import { isTooManyRequests } from '../../../lib/api-errors';
import { getAccessToken, startSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUserProfile } from '../../../lib/user-profile';
import { login } from '../../auth';
import { markReauthenticated } from '../reauth-freshness';

/** The My Page landing: the member proves it is them again before changing account information. */
export function ReauthPage() {
  const { t } = useLingui();
  const { messages } = useContractTexts();
  useDocumentTitle(t`My Page`);
  const profile = useUserProfile();
  const navigate = useNavigate();
  const alert = useAlert();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = profile.data?.email;
    // A failed re-authentication is silent (spec section 8).
    if (!email || !isPlausibleLogin(email, password)) return;
    setBusy(true);
    try {
      const previous = getAccessToken();
      startSession(await login({ email, password }));
      markReauthenticated();
      // The token this login replaces ends on the server too.
      void revokeToken(previous);
      navigate('/mypage/account');
    } catch (error) {
      if (isTooManyRequests(error)) void alert(messages.http.tooManyRequests);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mypage-panel reauth" aria-labelledby="reauth-title">
      <h1 id="reauth-title" className="mypage-panel__title">
        <Trans>My Page</Trans>
      </h1>
      {profile.isPending ? (
        <LoadingState />
      ) : profile.isError ? (
        <ErrorState message={messages.http.internal} onRetry={() => void profile.refetch()} />
      ) : (
        <form className="reauth__form" onSubmit={(event) => void submit(event)} noValidate>
          <p className="reauth__email">{profile.data.email}</p>
          <p className="reauth__text">{messages.account.reauthenticate}</p>
          <FormField label={<Trans>Password</Trans>}>
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </FormField>
          <button type="submit" className="button button--block" disabled={busy}>
            <Trans>CONFIRM</Trans>
          </button>
        </form>
      )}
    </section>
  );
}
