import { type AdminOrderDetail, ORDER_RULES, type OrderStatus } from '@kshop/contract';
import { Modal, useConfirm } from '@kshop/ui';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useContractTexts } from '../../../i18n/contract-texts';
import { errorMessage } from '../../../lib/api-client';
import type { OrderMove } from '../api/orders-api';
import { ParcelFields, parcelFieldOf, useParcel } from './shipments';

/** What each move does beyond the status word, said before staff confirm it. */
const EFFECTS: Record<OrderStatus, MessageDescriptor | null> = {
  PENDING: null,
  CONFIRMED: msg`The buyer learns that a person in charge has the order; send the receipt and tax invoice.`,
  PAID: msg`The payment has arrived.`,
  PREPARING: msg`The goods are being packed.`,
  SHIPPED: msg`The reserved quantities are taken out of stock.`,
  DELIVERED: msg`The order is complete.`,
  CANCELLED: msg`The reserved stock is released. This cannot be undone.`,
};

/** The screen's words for a move: its button, its effect, and the status name, in the screen's language. */
function useMoveWords() {
  const { t, i18n } = useLingui();
  const { orderStatusLabels, localize } = useContractTexts();
  const name = (status: OrderStatus) => orderStatusLabels[status];
  const actionLabel = (status: OrderStatus): string => {
    const statusName = name(status);
    return status === 'CANCELLED' ? t`Cancel order` : t`Mark as ${statusName}`;
  };
  const effect = (status: OrderStatus) => {
    const descriptor = EFFECTS[status];
    return descriptor ? i18n._(descriptor) : '';
  };
  return { name, actionLabel, effect, localize };
}

type Line = AdminOrderDetail['orderDetails'][number];

type StatusActionsProps = {
  orderNumber: string;
  /** The API's nextStatuses: the only moves offered (CONFIRMED only once someone is in charge). */
  nextStatuses: readonly OrderStatus[];
  /** A PENDING order without a person in charge: confirming waits for one. */
  awaitsPersonInCharge: boolean;
  /** The order's lines: the Shipped dialog shows what is still open (it leaves as the last parcel). */
  lines?: readonly Line[];
  onMove: (move: OrderMove) => Promise<unknown>;
};

export function StatusActions({
  orderNumber,
  nextStatuses,
  awaitsPersonInCharge,
  lines = [],
  onMove,
}: StatusActionsProps) {
  const confirm = useConfirm();
  const { t } = useLingui();
  const { name, actionLabel, effect, localize } = useMoveWords();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  /** The cancellation's reason while it is being written; null when the form is closed. */
  const [reason, setReason] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();
  /** The Shipped dialog (carrier and tracking number of the last parcel) is open. */
  const [shipping, setShipping] = useState(false);

  const move = async (status: OrderStatus, why?: string) => {
    const statusName = name(status);
    const ok = await confirm(
      `${t`Move order ${orderNumber} to ${statusName}?`} ${effect(status)}`,
      actionLabel(status),
    );
    if (!ok) return;
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      await onMove(why === undefined ? { status } : { status, reason: why });
      setDone(t`The order is now ${statusName}.`);
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
      setReasonError(localize(ORDER_RULES.cancelNeedsReason));
      return;
    }
    void move('CANCELLED', why);
  };

  return (
    <section className="panel" aria-labelledby="status-actions-heading">
      <h2 id="status-actions-heading">
        <Trans>Status</Trans>
      </h2>
      {nextStatuses.length === 0 ? (
        <p className="muted">
          <Trans>This order has reached its final status.</Trans>
        </p>
      ) : (
        <div className="button-row">
          {nextStatuses.map((status) => (
            <button
              key={status}
              type="button"
              className={status === 'CANCELLED' ? 'button button--danger' : 'button'}
              disabled={busy || (status === 'CANCELLED' && reason !== null)}
              onClick={() => {
                if (status === 'SHIPPED') {
                  setFailure(null);
                  setDone(null);
                  return setShipping(true);
                }
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
      {awaitsPersonInCharge && (
        <p className="muted section-gap">{localize(ORDER_RULES.confirmNeedsPersonInCharge)}</p>
      )}
      {reason !== null && (
        <form className="cancel-form section-gap" onSubmit={submitCancel} noValidate>
          <label htmlFor={reasonId}>
            <Trans>Reason for cancelling</Trans>
          </label>
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
            <Trans>The buyer's e-mail and the order's history carry it.</Trans>
          </p>
          {reasonError && (
            <p id={`${reasonId}-error`} role="alert" className="form-error">
              {reasonError}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="button button--danger" disabled={busy}>
              <Trans>Cancel order</Trans>
            </button>
            <button type="button" className="button button--secondary" onClick={() => setReason(null)}>
              <Trans>Keep the order</Trans>
            </button>
          </div>
        </form>
      )}
      {shipping && (
        <ShipDialog
          orderNumber={orderNumber}
          lines={lines}
          onClose={() => setShipping(false)}
          onShip={async (parcel) => {
            await onMove({ status: 'SHIPPED', ...parcel });
            setShipping(false);
            const shipped = name('SHIPPED');
            setDone(t`The order is now ${shipped}.`);
          }}
        />
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

type ShipErrors = { carrier?: string; trackingNumber?: string; form?: string };

/**
 * Mark as Shipped: asks for the carrier and tracking number of the last parcel, which carries everything still
 * open, and says what that is. Both are required here (the API still takes the move without them).
 */
function ShipDialog({
  orderNumber,
  lines,
  onShip,
  onClose,
}: {
  orderNumber: string;
  lines: readonly Line[];
  onShip: (parcel: { carrier: string; trackingNumber: string }) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { name, actionLabel, effect } = useMoveWords();
  const titleId = useId();
  const introId = useId();
  const [errors, setErrors] = useState<ShipErrors>({});
  const parcel = useParcel((field) => setErrors((e) => ({ ...e, [field]: undefined })));
  const [busy, setBusy] = useState(false);
  const shippedName = name('SHIPPED');
  const open = lines
    .map((line) => ({ line, open: line.quantity - (line.shippedQuantity ?? 0) }))
    .filter((l) => l.open > 0);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: ShipErrors = parcel.missing();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onShip(parcel.value);
    } catch (failure) {
      const message = errorMessage(failure);
      const field = parcelFieldOf(message);
      setErrors(field ? { [field]: message } : { form: message });
      setBusy(false);
    }
  };

  return (
    <Modal labelledBy={titleId} describedBy={introId} onClose={onClose}>
      <h2 id={titleId} className="modal__title">
        {actionLabel('SHIPPED')}
      </h2>
      <p id={introId}>
        {t`Move order ${orderNumber} to ${shippedName}? Everything still open leaves in this last parcel.`}{' '}
        {effect('SHIPPED')}
      </p>
      {open.length > 0 && (
        <ul aria-label={t`Still open`}>
          {open.map(({ line, open: quantity }) => (
            <li key={line.orderDetailUuid}>
              {[
                line.productOption.productTitle,
                line.productOption.optionNameValue1,
                line.productOption.optionNameValue2,
              ]
                .filter(Boolean)
                .join(' / ')}{' '}
              × {quantity}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <ParcelFields {...parcel.fields} errors={errors} required />
        <p className="muted">
          <Trans>The buyer is e-mailed the carrier and the tracking number.</Trans>
        </p>
        {errors.form && (
          <p role="alert" className="form-error">
            {errors.form}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            <Trans>Keep the status</Trans>
          </button>
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {actionLabel('SHIPPED')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
