import { Modal } from '@kshop/ui';
import { Trans } from '@lingui/react/macro';
import { useId, useRef } from 'react';
import type { StaffCreated } from '../api/staff-api';

/**
 * A one-time password, of a new account or of a reset: the API returns it once and stores only its hash.
 */
export function OneTimePasswordDialog({
  created,
  reset = false,
  onClose,
}: {
  created: Pick<StaffCreated, 'email' | 'password'>;
  reset?: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const doneRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal labelledBy={titleId} onClose={onClose} initialFocus={doneRef}>
      <h2 id={titleId} className="modal__title">
        {reset ? <Trans>Password reset</Trans> : <Trans>Account created</Trans>}
      </h2>
      <p>
        <Trans>
          One-time password for <strong>{created.email}</strong>:
        </Trans>
      </p>
      <p className="one-time-password">
        <code>{created.password}</code>
      </p>
      <p className="muted">
        <Trans>
          It is shown only this once. Give it to them in person or by phone; they must replace it when they
          first sign in.
        </Trans>
      </p>
      <div className="modal__actions">
        <button ref={doneRef} type="button" className="button" onClick={onClose}>
          <Trans>Done</Trans>
        </button>
      </div>
    </Modal>
  );
}
