import { type AllocationLine, countryName } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';

/** The preview line by line: what each waiting pre-order line gets now, and what becomes of its short units. */
export function AllocationTable({ lines }: { lines: readonly AllocationLine[] }) {
  const { t, i18n } = useLingui();
  const fate = (line: AllocationLine) =>
    line.short === 0 ? '—' : line.backorderChoice === 'CANCEL' ? t`Cancelled` : t`Kept on backorder`;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{t`Allocation preview`}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Order number</Trans>
            </th>
            <th scope="col">
              <Trans context="buyer">Company</Trans>
            </th>
            <th scope="col">
              <Trans>Country</Trans>
            </th>
            <th scope="col">
              <Trans>Price group</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Ordered</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Allocated before</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>This allocation</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Short</Trans>
            </th>
            <th scope="col">
              <Trans>Short units</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.orderDetailUuid}>
              <th scope="row">
                <Link to={`/orders/${encodeURIComponent(line.orderNumber)}`}>{line.orderNumber}</Link>
              </th>
              <td>{line.companyName}</td>
              <td>{line.country ? countryName(line.country, i18n.locale) : '—'}</td>
              <td>{line.priceGroup ?? '—'}</td>
              <td className="num">{line.ordered}</td>
              <td className="num">{line.allocatedBefore}</td>
              <td className="num">{line.allocating}</td>
              <td className="num">{line.short}</td>
              <td>{fate(line)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
