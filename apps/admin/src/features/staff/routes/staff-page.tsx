import { useConfirm } from '@kshop/ui';
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
  type StaffCreated,
  type StaffMember,
  type StaffUpdate,
  staffKey,
  updateStaff,
  useStaffList,
} from '../api/staff-api';
import { CreateStaffForm } from '../components/create-staff-form';
import { OneTimePasswordDialog } from '../components/one-time-password-dialog';

/** Owners add staff accounts, change roles and disable accounts. */
export function StaffPage() {
  useDocumentTitle('Staff');
  const me = useCurrentStaff();
  const isOwner = me.data?.role === 'OWNER';
  const staff = useStaffList(isOwner);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [created, setCreated] = useState<StaffCreated | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (me.isPending) return <LoadingState />;
  if (!isOwner) {
    return (
      <>
        <h1>Staff</h1>
        <p role="alert">Only an owner can do this.</p>
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

  return (
    <>
      <h1>Staff</h1>
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
        <EmptyState>No staff accounts.</EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Staff accounts</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Account</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
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
                      {member.name || <span className="muted">No name</span>}
                      {isMe && <span className="muted"> (you)</span>}
                    </td>
                    <td>{member.email}</td>
                    <td>{member.role === 'OWNER' ? 'Owner' : 'Staff'}</td>
                    <td>
                      {member.disabled ? (
                        <StatusBadge status="DISABLED" />
                      ) : (
                        <span className="badge badge--good">Active</span>
                      )}
                    </td>
                    <td className="nowrap">{formatDate(member.createdAt)}</td>
                    <td>
                      <span className="button-row row-actions">
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={member.role === 'OWNER' ? `Make ${who} staff` : `Make ${who} an owner`}
                          onClick={() =>
                            void change(
                              member,
                              { role: member.role === 'OWNER' ? 'STAFF' : 'OWNER' },
                              member.role === 'OWNER'
                                ? `Make ${who} staff? They will no longer manage staff or read the audit log.`
                                : `Make ${who} an owner? Owners manage staff and read the audit log.`,
                              member.role === 'OWNER' ? 'Make staff' : 'Make owner',
                              `${who} is now ${member.role === 'OWNER' ? 'staff' : 'an owner'}.`,
                            )
                          }
                        >
                          {member.role === 'OWNER' ? 'Make staff' : 'Make owner'}
                        </button>
                        <button
                          type="button"
                          className={
                            member.disabled
                              ? 'button button--secondary button--small'
                              : 'button button--danger button--small'
                          }
                          aria-label={member.disabled ? `Enable ${who}` : `Disable ${who}`}
                          onClick={() =>
                            void change(
                              member,
                              { disabled: !member.disabled },
                              member.disabled
                                ? `Enable ${who}? They can sign in again.`
                                : `Disable ${who}? They are signed out and cannot sign in.`,
                              member.disabled ? 'Enable' : 'Disable',
                              `${who} is ${member.disabled ? 'enabled' : 'disabled'}.`,
                            )
                          }
                        >
                          {member.disabled ? 'Enable' : 'Disable'}
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
    </>
  );
}
