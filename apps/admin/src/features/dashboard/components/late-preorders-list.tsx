import { LATE_PREORDER_DAYS, type LatePreorder } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';

/**
 * Orders whose pre-ordered units have not all shipped three days after their release: the buyers were promised
 * release-week delivery. Oldest release first, as the API lists them.
 */
export function LatePreordersList({ rows }: { rows: LatePreorder[] }) {
  const { t } = useLingui();
  const days = LATE_PREORDER_DAYS;
  return (
    <section className="panel" aria-labelledby="late-preorders">
      <h2 id="late-preorders">
        <Trans>Pre-orders not shipped {days} days after release</Trans>
      </h2>
      {rows.length === 0 ? (
        <p className="muted">
          <Trans>Every pre-order due by now has shipped.</Trans>
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t`Late pre-orders`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Order number</Trans>
                </th>
                <th scope="col">
                  <Trans context="buyer">Company</Trans>
                </th>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Open units</Trans>
                </th>
                <th scope="col">
                  <Trans>Release date</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.orderUuid}-${row.productUuid}`}>
                  <td>
                    <Link to={`/orders/${row.orderNumber}`}>{row.orderNumber}</Link>
                  </td>
                  <td>{row.companyName}</td>
                  <td>{row.title}</td>
                  <td className="num">{row.openUnits}</td>
                  <td className="nowrap">{row.releaseDate}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
