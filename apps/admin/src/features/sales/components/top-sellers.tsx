import { formatPrice, type SalesGroup } from '@kshop/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { GROUP_LABELS, type SalesRange, useSalesTop } from '../api/sales-api';

const TITLES: Record<SalesGroup, MessageDescriptor> = {
  product: msg`Top products`,
  artist: msg`Top artists`,
  buyer: msg`Top buyers`,
  category: msg`Top categories`,
};

/** The best-selling groups of the range, per currency, largest first. */
export function TopSellers({ range, by }: { range: SalesRange; by: SalesGroup }) {
  const { data, error, isPending, refetch } = useSalesTop(range, by);
  const headingId = `top-${by}`;
  const { i18n } = useLingui();
  const title = i18n._(TITLES[by]);
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.currencies.length === 0 ? (
        <p className="muted">
          <Trans>No sales in this range.</Trans>
        </p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n._(GROUP_LABELS[by])}</th>
              <th scope="col" className="num">
                <Trans>Quantity</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Amount</Trans>
              </th>
            </tr>
          </thead>
          {data.currencies.map(({ currency, rows }) => (
            <tbody key={currency}>
              {rows.map((r) => (
                <tr key={r.key ?? `none-${r.label}`}>
                  <th scope="row">{r.label}</th>
                  <td className="num">{r.quantity}</td>
                  <td className="num">{formatPrice(r.amount, currency)}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      )}
    </section>
  );
}
