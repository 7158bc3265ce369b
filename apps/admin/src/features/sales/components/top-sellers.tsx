import { formatPrice, type SalesGroup } from '@kshop/contract';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { GROUP_LABELS, type SalesRange, useSalesTop } from '../api/sales-api';

const TITLES: Record<SalesGroup, string> = {
  product: 'Top products',
  artist: 'Top artists',
  buyer: 'Top buyers',
  category: 'Top categories',
};

/** The best-selling groups of the range, per currency, largest first. */
export function TopSellers({ range, by }: { range: SalesRange; by: SalesGroup }) {
  const { data, error, isPending, refetch } = useSalesTop(range, by);
  const headingId = `top-${by}`;
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h3 id={headingId}>{TITLES[by]}</h3>
      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.currencies.length === 0 ? (
        <p className="muted">No sales in this range.</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">{TITLES[by]}</caption>
          <thead>
            <tr>
              <th scope="col">{GROUP_LABELS[by]}</th>
              <th scope="col" className="num">
                Quantity
              </th>
              <th scope="col" className="num">
                Amount
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
