import { FormField, Modal } from '@kshop/ui';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import type { Decision } from '../api/buyers-api';

export const DECISION_LABELS: Record<Decision, { action: string; title: string; done: string }> = {
  approve: { action: 'Approve', title: 'Approve account', done: 'The account is approved.' },
  reject: { action: 'Reject', title: 'Reject account', done: 'The account is rejected.' },
  suspend: { action: 'Suspend', title: 'Suspend account', done: 'The account is suspended.' },
  reinstate: { action: 'Reinstate', title: 'Reinstate account', done: 'The account is approved again.' },
};

/** Rejecting and suspending need a reason; approving may carry a note. Either way it is mailed to the buyer. */
const REASON_REQUIRED: Record<Decision, boolean> = {
  approve: false,
  reject: true,
  suspend: true,
  reinstate: false,
};

type DecisionDialogProps = {
  decision: Decision;
  companyName: string;
  onDecide: (reason: string) => Promise<unknown>;
  onClose: () => void;
};

export function DecisionDialog({ decision, companyName, onDecide, onClose }: DecisionDialogProps) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const labels = DECISION_LABELS[decision];
  const required = REASON_REQUIRED[decision];

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (required && !reason.trim()) {
      setReasonError('Please write a reason.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onDecide(reason.trim());
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className="modal__title">
        {labels.title}
      </h2>
      <p>
        {labels.action} <strong>{companyName}</strong>? The buyer gets an email
        {required ? ' with the reason below.' : ' (with the note below, if any).'}
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          label={required ? 'Reason' : 'Note (optional)'}
          error={reasonError}
          hint="Mailed to the buyer."
        >
          {(control) => (
            <textarea
              {...control}
              value={reason}
              maxLength={1000}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(null);
              }}
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
            Cancel
          </button>
          <button
            type="submit"
            className={
              decision === 'approve' || decision === 'reinstate' ? 'button' : 'button button--danger'
            }
            disabled={busy}
          >
            {labels.title}
          </button>
        </div>
      </form>
    </Modal>
  );
}
