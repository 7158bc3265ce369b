import type { StockLevels } from '@kshop/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useStockLevels } from '../../catalogue/api/catalogue-bulk-api';

type Row = StockLevels['low'][number];
type SoldOutRow = StockLevels['soldOut'][number];

/**
 * Why a sold-out option is on the list: an option flagged by hand while stock remains would otherwise look
 * like a mistake in the list.
 */
export function useSoldOutReasonText(): (row: SoldOutRow) => string {
  const { t } = useLingui();
  return (row) => {
    const available = row.available;
    return row.soldOutReason === 'FLAGGED' ? t`Flagged sold out (${available} available)` : t`No stock left`;
  };
}

/**
 * Every row shows: the lists are short (the API's limit) and end with a link to the whole list, so the card
 * grows with them rather than cutting its last row at a fixed height.
 */
function StockTable<R extends Row>({
  caption,
  rows,
  last,
}: {
  caption: string;
  rows: R[];
  last: { heading: MessageDescriptor; cell: (row: R) => string | number; numeric?: boolean }[];
}) {
  const { i18n } = useLingui();
  return (
    <div className="table-wrap stock-table">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Product</Trans>
            </th>
            <th scope="col">
              <Trans>Option</Trans>
            </th>
            {last.map((column) => (
              <th key={column.heading.id} scope="col" className={column.numeric ? 'num' : undefined}>
                {i18n._(column.heading)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.optionUuid}>
              <td>
                <Link to={`/products/${row.productUuid}`}>{row.title}</Link>
                {!row.isPublished && (
                  <span className="badge badge--waiting">
                    <Trans>Draft</Trans>
                  </span>
                )}
              </td>
              <td>{row.option}</td>
              {last.map((column) => (
                <td key={column.heading.id} className={column.numeric ? 'num' : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const LOW_COLUMNS = [
  { heading: msg`Available`, cell: (row: Row) => row.available, numeric: true },
  { heading: msg`Threshold`, cell: (row: Row) => row.threshold, numeric: true },
];

/**
 * Options running low (available at or below their own threshold, still orderable), with a link to the product
 * list filtered to them; sold-out options are listed apart, so they never crowd the low ones out.
 */
export function LowStockList() {
  const { data, error, isPending, refetch } = useStockLevels(10);
  const { t } = useLingui();
  const soldOutReasonText = useSoldOutReasonText();
  const soldOutColumns = [{ heading: msg`Why listed`, cell: soldOutReasonText }];
  return (
    <section className="panel" aria-labelledby="low-stock">
      <h2 id="low-stock">
        <Trans>Low available stock</Trans>
      </h2>
      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          {data.low.length === 0 ? (
            <p className="muted">
              <Trans>No option is running low.</Trans>
            </p>
          ) : (
            <StockTable caption={t`Options running low`} rows={data.low} last={LOW_COLUMNS} />
          )}
          <p>
            <Link to="/products?stock=lowStock">
              {data.lowCount > 0
                ? t`See all low-stock products (${data.lowCount} options)`
                : t`See all low-stock products`}
            </Link>
          </p>
          <h3 id="sold-out-options">
            <Trans>Sold out ({data.soldOutCount})</Trans>
          </h3>
          {data.soldOut.length === 0 ? (
            <p className="muted">
              <Trans>No option is sold out.</Trans>
            </p>
          ) : (
            <StockTable caption={t`Options sold out`} rows={data.soldOut} last={soldOutColumns} />
          )}
          {data.soldOutCount > data.soldOut.length && (
            <p>
              <Link to="/products?stock=outOfStock">
                <Trans>See all sold-out products</Trans>
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
