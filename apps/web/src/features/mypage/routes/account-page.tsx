import { useAlert, useConfirm } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/status';
import { useContractTexts } from '../../../i18n/contract-texts';
import { failureMessage } from '../../../lib/api-errors';
import { clearSession, expireSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { USER_QUERY_KEY, useUserProfile } from '../../../lib/user-profile';
import { AddressList } from '../../addresses';
import { deleteAccount } from '../api/account-api';
import { BackorderChoiceForm } from '../components/backorder-choice-form';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { PencilIcon } from '../components/icons';
import { useLeaveMyPage } from '../components/leave-my-page';
import { ProfileForm } from '../components/profile-form';
import { ProfileView } from '../components/profile-view';

/**
 * My Account (spec section 2): the profile in view or edit mode, shipping addresses, the choice for pre-orders
 * that arrive short (issue 34), password and deletion.
 */
export function AccountPage() {
  const { t } = useLingui();
  const { messages } = useContractTexts();
  useDocumentTitle(t`My Account`);
  const profile = useUserProfile();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const confirm = useConfirm();
  const leave = useLeaveMyPage();
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);

  const onDeleteAccount = async () => {
    if (!(await confirm(messages.account.confirmDelete))) return;
    try {
      await deleteAccount();
    } catch (error) {
      void alert(failureMessage(error, messages.account.deleteFailed));
      return;
    }
    void alert(messages.account.deleted);
    leave('/', clearSession);
  };

  const onPasswordChanged = () => {
    setChangingPassword(false);
    void alert(messages.password.changed);
    leave('/login', expireSession);
  };

  if (profile.isPending) return <LoadingState />;
  if (profile.isError)
    return <ErrorState message={messages.http.internal} onRetry={() => void profile.refetch()} />;

  return (
    <div className="account">
      <h1 className="mypage-panel__title">
        <Trans>My Account</Trans>
      </h1>

      <section className="account-section" aria-labelledby="account-profile-title">
        <div className="account-section__header">
          <h2 id="account-profile-title" className="account-section__title">
            <Trans>Profile</Trans>
          </h2>
          {!editing && (
            <button
              type="button"
              className="icon-button icon-button--outline"
              aria-label={t`Edit`}
              onClick={() => setEditing(true)}
            >
              <PencilIcon />
            </button>
          )}
        </div>
        {editing ? (
          <ProfileForm
            profile={profile.data}
            onCancel={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
            }}
          />
        ) : (
          <ProfileView profile={profile.data} />
        )}
      </section>

      <section className="account-section" aria-labelledby="account-addresses-title">
        <h2 id="account-addresses-title" className="account-section__title">
          <Trans>Shipping Address</Trans>
        </h2>
        <AddressList />
      </section>

      <section className="account-section" aria-labelledby="account-preorders-title">
        <h2 id="account-preorders-title" className="account-section__title">
          <Trans>Pre-orders</Trans>
        </h2>
        <BackorderChoiceForm />
      </section>

      <section className="account-section" aria-labelledby="account-info-title">
        <h2 id="account-info-title" className="account-section__title">
          <Trans>My info</Trans>
        </h2>
        <div className="account-section__buttons">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setChangingPassword(true)}
          >
            <Trans>Change password</Trans>
          </button>
          <button
            type="button"
            className="button button--secondary account__delete"
            onClick={() => void onDeleteAccount()}
          >
            <Trans>Delete account</Trans>
          </button>
        </div>
      </section>

      {changingPassword && (
        <ChangePasswordDialog onClose={() => setChangingPassword(false)} onChanged={onPasswordChanged} />
      )}
    </div>
  );
}
