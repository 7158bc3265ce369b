import type { OrderStatus } from '@kshop/contract';
import { useConfirm } from '@kshop/ui';
import { useState } from 'react';
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
  /** The API's nextStatuses: the only moves offered. */
  nextStatuses: readonly OrderStatus[];
  onMove: (status: OrderStatus) => Promise<unknown>;
};

export function StatusActions({ orderNumber, nextStatuses, onMove }: StatusActionsProps) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const move = async (status: OrderStatus) => {
    const ok = await confirm(
      `Move order ${orderNumber} to ${orderStatusLabel(status)}? ${EFFECTS[status]}`,
      actionLabel(status),
    );
    if (!ok) return;
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      await onMove(status);
      setDone(`The order is now ${orderStatusLabel(status)}.`);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
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
              disabled={busy}
              onClick={() => void move(status)}
            >
              {actionLabel(status)}
            </button>
          ))}
        </div>
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
