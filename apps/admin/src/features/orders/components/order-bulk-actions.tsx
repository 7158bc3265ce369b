import { type BulkOrderResult, ORDER_RULES, ORDER_STATUSES, type OrderStatus } from '@kshop/contract';
import { FormField, useConfirm } from '@kshop/ui';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useContractTexts } from '../../../i18n/contract-texts';
import { adminRequest, errorMessage } from '../../../lib/api-client';
import './order-bulk-actions.css';

type BulkAnswer = { moved: number; refused: number; results: BulkOrderResult[] };
type BulkMove = { orderIds: string[]; to: OrderStatus; note?: string };

/** Moves several orders at once; the API applies the one-by-one rule to each and answers per order. */
export function useBulkMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: BulkMove) =>
      adminRequest<BulkAnswer>('/orders/status', { method: 'POST', body: move }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'sales'] });
    },
  });
}

const TARGETS = ORDER_STATUSES.filter((s) => s !== 'PENDING');

type Props = {
  /** The selected orders of this page, in list order. */
  selected: readonly { uuid: string; orderNumber: string }[];
  /** After a change: the ids that moved, so the list can let go of them. */
  onMoved: (movedIds: string[]) => void;
};

/**
 * The bar above the order list for the selected orders: a target status (and the reason a cancellation
 * needs), a confirmation naming how many orders move, then a summary naming each refused order and why.
 */
export function OrderBulkActions({ selected, onMoved }: Props) {
  const confirm = useConfirm();
  const bulk = useBulkMove();
  const [to, setTo] = useState<OrderStatus | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<{ field: 'to' | 'note'; message: string } | null>(null);
  const [answer, setAnswer] = useState<{ to: OrderStatus; result: BulkAnswer } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const count = selected.length;
  const { t } = useLingui();
  const { orderStatusLabels, localize } = useContractTexts();
  const orders = (n: number) => plural(n, { one: '# order', other: '# orders' });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (bulk.isPending) return;
    setFailure(null);
    if (!to) return setProblem({ field: 'to', message: t`Choose the status to move the orders to.` });
    if (to === 'CANCELLED' && !note.trim()) {
      return setProblem({ field: 'note', message: localize(ORDER_RULES.cancelNeedsReason) });
    }
    setProblem(null);
    const statusName = orderStatusLabels[to];
    const counted = orders(count);
    const ok = await confirm(
      t`Move ${counted} to ${statusName}? Each order is checked as it would be on its own; those that cannot move stay as they are.`,
      t`Move ${counted}`,
    );
    if (!ok) return;
    try {
      const result = await bulk.mutateAsync({
        orderIds: selected.map((o) => o.uuid),
        to,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setAnswer({ to, result });
      if (result.moved > 0) setNote('');
      onMoved(result.results.filter((r) => r.ok).map((r) => r.orderId));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const refused = answer?.result.results.filter((r) => !r.ok) ?? [];
  return (
    <div className="bulk-actions">
      <form
        className="filters bulk-actions__bar"
        aria-label={t`Change the status of selected orders`}
        onSubmit={submit}
        noValidate
      >
        <p className="bulk-actions__count" aria-live="polite">
          {count === 0 ? t`No orders selected` : t`${orders(count)} selected`}
        </p>
        <FormField label={t`New status`} error={problem?.field === 'to' ? problem.message : null}>
          {(control) => (
            <select
              {...control}
              value={to}
              onChange={(event) => {
                setTo(event.target.value as OrderStatus | '');
                setProblem(null);
              }}
            >
              <option value="">{t`Choose…`}</option>
              {TARGETS.map((status) => (
                <option key={status} value={status}>
                  {orderStatusLabels[status]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {to === 'CANCELLED' && (
          <FormField
            label={t`Reason for cancelling`}
            className="field--grow"
            error={problem?.field === 'note' ? problem.message : null}
            hint={t`Each buyer's e-mail and each order's history carry it.`}
          >
            {(control) => (
              <input
                {...control}
                value={note}
                maxLength={ORDER_RULES.reasonMax}
                onChange={(event) => {
                  setNote(event.target.value);
                  setProblem(null);
                }}
              />
            )}
          </FormField>
        )}
        <button type="submit" className="button" disabled={count === 0 || bulk.isPending}>
          {bulk.isPending ? t`Changing…` : t`Change status`}
        </button>
      </form>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      <div role="status" className="bulk-actions__result">
        {answer && (
          <>
            <p className="notice">
              {answer.result.moved > 0
                ? t`${orders(answer.result.moved)} moved to ${orderStatusLabels[answer.to]}.`
                : t`No order moved.`}
              {refused.length > 0 && ` ${t`${orders(refused.length)} refused:`}`}
            </p>
            {refused.length > 0 && (
              <ul className="bulk-actions__refused">
                {refused.map((r) => (
                  <li key={r.orderId}>
                    <strong>{r.orderNumber ?? r.orderId}</strong>: {r.message}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
