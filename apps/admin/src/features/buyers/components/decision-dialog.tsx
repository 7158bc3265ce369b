import { FormField, Modal } from '@kshop/ui';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import type { Decision } from '../api/buyers-api';

type DecisionLabels = { action: MessageDescriptor; title: MessageDescriptor; done: MessageDescriptor };

export const DECISION_LABELS: Record<Decision, DecisionLabels> = {
  approve: { action: msg`Approve`, title: msg`Approve account`, done: msg`The account is approved.` },
  reject: { action: msg`Reject`, title: msg`Reject account`, done: msg`The account is rejected.` },
  suspend: { action: msg`Suspend`, title: msg`Suspend account`, done: msg`The account is suspended.` },
  reinstate: {
    action: msg`Reinstate`,
    title: msg`Reinstate account`,
    done: msg`The account is approved again.`,
  },
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
  const { t, i18n } = useLingui();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const labels = DECISION_LABELS[decision];
  const action = i18n._(labels.action);
  const title = i18n._(labels.title);
  const required = REASON_REQUIRED[decision];

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (required && !reason.trim()) {
      setReasonError(t`Please write a reason.`);
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
        {title}
      </h2>
      <p>
        {required ? (
          <Trans>
            {action} <strong>{companyName}</strong>? The buyer gets an email with the reason below.
          </Trans>
        ) : (
          <Trans>
            {action} <strong>{companyName}</strong>? The buyer gets an email (with the note below, if any).
          </Trans>
        )}
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          label={required ? t`Reason` : t`Note (optional)`}
          error={reasonError}
          hint={t`Mailed to the buyer.`}
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
            <Trans>Cancel</Trans>
          </button>
          <button
            type="submit"
            className={
              decision === 'approve' || decision === 'reinstate' ? 'button' : 'button button--danger'
            }
            disabled={busy}
          >
            {title}
          </button>
        </div>
      </form>
    </Modal>
  );
}
