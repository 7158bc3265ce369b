import { useConfirm } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState, Notice } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentStaff } from '../../../lib/current-staff';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  createStaff,
  resetStaffPassword,
  type StaffCreated,
  type StaffMember,
  type StaffUpdate,
  staffKey,
  updateStaff,
  useStaffList,
} from '../api/staff-api';
import { CreateStaffForm } from '../components/create-staff-form';
import { OneTimePasswordDialog } from '../components/one-time-password-dialog';
import { RenameStaffDialog } from '../components/rename-staff-dialog';

/** Owners add staff accounts, change roles and disable accounts. */
export function StaffPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Staff`);
  const me = useCurrentStaff();
  const isOwner = me.data?.role === 'OWNER';
  const staff = useStaffList(isOwner);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [created, setCreated] = useState<StaffCreated | null>(null);
  const [renaming, setRenaming] = useState<StaffMember | null>(null);
  const [reset, setReset] = useState<{ email: string; password: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (me.isPending) return <LoadingState />;
  if (!isOwner) {
    return (
      <>
        <h1>
          <Trans>Staff</Trans>
        </h1>
        <p role="alert">
          <Trans>Only an owner can do this.</Trans>
        </p>
      </>
    );
  }

  const change = async (
    member: StaffMember,
    update: StaffUpdate,
    question: string,
    label: string,
    done: string,
  ) => {
    if (!(await confirm(question, label))) return;
    setNotice(null);
    setFailure(null);
    try {
      await updateStaff(member.id, update);
      setNotice(done);
      void queryClient.invalidateQueries({ queryKey: staffKey });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const resetPassword = async (member: StaffMember, who: string) => {
    const question = t`Reset the password of ${who}? They are signed out everywhere and sign in with a one-time password you give them.`;
    if (!(await confirm(question, t`Reset password`))) return;
    setNotice(null);
    setFailure(null);
    try {
      setReset(await resetStaffPassword(member.id));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <>
      <h1>
        <Trans>Staff</Trans>
      </h1>
      <CreateStaffForm
        onCreate={async (input) => {
          const result = await createStaff(input);
          setCreated(result);
          void queryClient.invalidateQueries({ queryKey: staffKey });
          return result;
        }}
      />
      {notice && <Notice>{notice}</Notice>}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      {staff.isPending ? (
        <LoadingState />
      ) : staff.error ? (
        <ErrorState error={staff.error} onRetry={() => void staff.refetch()} />
      ) : staff.data.length === 0 ? (
        <EmptyState>
          <Trans>No staff accounts.</Trans>
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">
              <Trans>Staff accounts</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Name</Trans>
                </th>
                <th scope="col">
                  <Trans>Email</Trans>
                </th>
                <th scope="col">
                  <Trans>Role</Trans>
                </th>
                <th scope="col">
                  <Trans>Account</Trans>
                </th>
                <th scope="col">
                  <Trans>Created</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.data.map((member) => {
                const who = member.name || member.email;
                const isMe = member.email === me.data?.email;
                return (
                  <tr key={member.id}>
                    <td>
                      {member.name || <span className="muted">{t`No name`}</span>}
                      {isMe && <span className="muted"> {t`(you)`}</span>}
                    </td>
                    <td>{member.email}</td>
                    <td>{member.role === 'OWNER' ? t`Owner` : t`Staff`}</td>
                    <td>
                      {member.disabled ? (
                        <StatusBadge status="DISABLED" />
                      ) : (
                        <span className="badge badge--good">
                          <Trans>Active</Trans>
                        </span>
                      )}
                    </td>
                    <td className="nowrap">{formatDate(member.createdAt)}</td>
                    <td>
                      <span className="button-row row-actions">
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={t`Rename ${who}`}
                          onClick={() => setRenaming(member)}
                        >
                          <Trans>Rename</Trans>
                        </button>
                        {!isMe && (
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={t`Reset the password of ${who}`}
                            onClick={() => void resetPassword(member, who)}
                          >
                            <Trans>Reset password</Trans>
                          </button>
                        )}
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={
                            member.role === 'OWNER' ? t`Make ${who} staff` : t`Make ${who} an owner`
                          }
                          onClick={() =>
                            void change(
                              member,
                              { role: member.role === 'OWNER' ? 'STAFF' : 'OWNER' },
                              member.role === 'OWNER'
                                ? t`Make ${who} staff? They will no longer manage staff or read the audit log.`
                                : t`Make ${who} an owner? Owners manage staff and read the audit log.`,
                              member.role === 'OWNER' ? t`Make staff` : t`Make owner`,
                              member.role === 'OWNER' ? t`${who} is now staff.` : t`${who} is now an owner.`,
                            )
                          }
                        >
                          {member.role === 'OWNER' ? t`Make staff` : t`Make owner`}
                        </button>
                        <button
                          type="button"
                          className={
                            member.disabled
                              ? 'button button--secondary button--small'
                              : 'button button--danger button--small'
                          }
                          aria-label={member.disabled ? t`Enable ${who}` : t`Disable ${who}`}
                          onClick={() =>
                            void change(
                              member,
                              { disabled: !member.disabled },
                              member.disabled
                                ? t`Enable ${who}? They can sign in again.`
                                : t`Disable ${who}? They are signed out and cannot sign in.`,
                              member.disabled ? t`Enable` : t`Disable`,
                              member.disabled ? t`${who} is enabled.` : t`${who} is disabled.`,
                            )
                          }
                        >
                          {member.disabled ? t`Enable` : t`Disable`}
                        </button>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {created && <OneTimePasswordDialog created={created} onClose={() => setCreated(null)} />}
      {reset && <OneTimePasswordDialog created={reset} reset onClose={() => setReset(null)} />}
      {renaming && (
        <RenameStaffDialog
          member={renaming}
          onClose={() => setRenaming(null)}
          onRename={async (name) => {
            await updateStaff(renaming.id, { name });
            setRenaming(null);
            setNotice(
              name ? t`Renamed ${renaming.email} to ${name}.` : t`${renaming.email} has no name now.`,
            );
            void queryClient.invalidateQueries({ queryKey: staffKey });
          }}
        />
      )}
    </>
  );
}
