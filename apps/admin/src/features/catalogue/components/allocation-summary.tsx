import type { AllocationView } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../lib/format';

/** The option's figures: what is on hand, held, free to share, wanted, and left once this allocation is made. */
export function AllocationSummary({ view }: { view: AllocationView }) {
  const { t } = useLingui();
  const carton = view.carton;
  const figures = [
    [t`On hand`, view.onHand],
    [t`Held by orders`, view.held],
    [t`Available`, view.available],
    [t`Wanted by waiting pre-orders`, view.wanted],
    [t`Left after this allocation`, view.left],
  ] as const;
  return (
    <section className="panel" aria-labelledby="allocation-summary-heading">
      <h2 id="allocation-summary-heading">
        <Trans>Stock</Trans>
      </h2>
      <dl className="allocation-summary">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {carton > 1 && (
        <p className="muted">
          <Trans>Pro rata shares are whole cartons of {carton}.</Trans>
        </p>
      )}
    </section>
  );
}

/** The goods receipts recorded for the option so far, as the API lists them. */
export function ReceiptList({ receipts }: { receipts: AllocationView['receipts'] }) {
  const { t } = useLingui();
  return (
    <section className="panel" aria-labelledby="receipts-heading">
      <h2 id="receipts-heading">
        <Trans>Receipts so far</Trans>
      </h2>
      {receipts.length === 0 ? (
        <p className="muted">
          <Trans>No goods receipt recorded yet.</Trans>
        </p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">{t`Goods receipts`}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Received</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Quantity</Trans>
              </th>
              <th scope="col">
                <Trans>Note</Trans>
              </th>
              <th scope="col">
                <Trans>Recorded by</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {receipts.map((receipt) => (
              <tr key={`${receipt.at}-${receipt.quantity}`}>
                <td className="nowrap">{formatDateTime(receipt.at)}</td>
                <td className="num">{receipt.quantity}</td>
                <td>{receipt.note || '—'}</td>
                <td>{receipt.staff ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
