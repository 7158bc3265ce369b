import { ORDER_RULES, type OrderStatus } from '@kshop/contract';
import { useConfirm } from '@kshop/ui';
import { useId, useState } from 'react';
import { orderStatusLabel } from '../../../components/ui/status-badge';
import { errorMessage } from '../../../lib/api-client';

/** What each move does beyond the status word, said before staff confirm it. */
const EFFECTS: Record<OrderStatus, string> = {
  PENDING: '',
  CONFIRMED: 'The buyer learns that a person in charge has the order; send the receipt and tax invoice.',
  PAID: 'The payment has arrived.',
  PREPARING: 'The goods are being packed.',
  SHIPPED: 'The reserved quantities are taken out of stock.',
  DELIVERED: 'The order is complete.',
  CANCELLED: 'The reserved stock is released. This cannot be undone.',
};

export const actionLabel = (status: OrderStatus): string =>
  status === 'CANCELLED' ? 'Cancel order' : `Mark as ${orderStatusLabel(status)}`;

type StatusActionsProps = {
  orderNumber: string;
  /** The API's nextStatuses: the only moves offered (CONFIRMED only once someone is in charge). */
  nextStatuses: readonly OrderStatus[];
  /** A PENDING order without a person in charge: confirming waits for one. */
  awaitsPersonInCharge: boolean;
  onMove: (move: { status: OrderStatus; reason?: string }) => Promise<unknown>;
};

export function StatusActions({
  orderNumber,
  nextStatuses,
  awaitsPersonInCharge,
  onMove,
}: StatusActionsProps) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  /** The cancellation's reason while it is being written; null when the form is closed. */
  const [reason, setReason] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();

  const move = async (status: OrderStatus, why?: string) => {
    const ok = await confirm(
      `Move order ${orderNumber} to ${orderStatusLabel(status)}? ${EFFECTS[status]}`,
      actionLabel(status),
    );
    if (!ok) return;
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      await onMove(why === undefined ? { status } : { status, reason: why });
      setDone(`The order is now ${orderStatusLabel(status)}.`);
      setReason(null);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const submitCancel = (event: React.FormEvent) => {
    event.preventDefault();
    const why = (reason ?? '').trim();
    if (!why) {
      setReasonError(ORDER_RULES.cancelNeedsReason);
      return;
    }
    void move('CANCELLED', why);
  };

  return (
    <section className="panel" aria-labelledby="status-actions-heading">
      <h2 id="status-actions-heading">Status</h2>
      {nextStatuses.length === 0 ? (
        <p className="muted">This order has reached its final status.</p>
      ) : (
        <div className="button-row">
          {nextStatuses.map((status) => (
            <button
              key={status}
              type="button"
              className={status === 'CANCELLED' ? 'button button--danger' : 'button'}
              disabled={busy || (status === 'CANCELLED' && reason !== null)}
              onClick={() => {
                if (status !== 'CANCELLED') return void move(status);
                setReason('');
                setReasonError(null);
              }}
            >
              {actionLabel(status)}
            </button>
          ))}
        </div>
      )}
      {awaitsPersonInCharge && <p className="muted section-gap">{ORDER_RULES.confirmNeedsPersonInCharge}</p>}
      {reason !== null && (
        <form className="cancel-form section-gap" onSubmit={submitCancel} noValidate>
          <label htmlFor={reasonId}>Reason for cancelling</label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={ORDER_RULES.reasonMax}
            rows={3}
            required
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={`${reasonId}-hint${reasonError ? ` ${reasonId}-error` : ''}`}
            // The form opens on a click of Cancel order: the reason is what comes next.
            // biome-ignore lint/a11y/noAutofocus: the field the staff member just asked for
            autoFocus
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
          />
          <p id={`${reasonId}-hint`} className="muted">
            The buyer's e-mail and the order's history carry it.
          </p>
          {reasonError && (
            <p id={`${reasonId}-error`} role="alert" className="form-error">
              {reasonError}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="button button--danger" disabled={busy}>
              Cancel order
            </button>
            <button type="button" className="button button--secondary" onClick={() => setReason(null)}>
              Keep the order
            </button>
          </div>
        </form>
      )}
      {failure && (
        <p role="alert" className="form-error section-gap">
          {failure}
        </p>
      )}
      {done && (
        <p role="status" className="notice section-gap">
          {done}
        </p>
      )}
    </section>
  );
}
