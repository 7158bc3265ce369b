import { FormField, Modal } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import type { StaffMember } from '../api/staff-api';

/** The name staff are shown by across the back office; left empty, their email address is shown instead. */
export function RenameStaffDialog({
  member,
  onRename,
  onClose,
}: {
  member: StaffMember;
  onRename: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const [name, setName] = useState(member.name);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await onRename(name.trim());
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className="modal__title">
        <Trans>Rename {member.email}</Trans>
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          label={t`Name`}
          hint={t`Shown across the back office; left empty, the email address is shown.`}
        >
          {(control) => (
            <input
              {...control}
              value={name}
              maxLength={100}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        {failure && (
          <p role="alert" className="form-error">
            {failure}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button" disabled={busy}>
            <Trans>Save name</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
