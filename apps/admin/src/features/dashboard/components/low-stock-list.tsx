import type { StockLevels } from '@kshop/contract';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useStockLevels } from '../../catalogue/api/catalogue-bulk-api';

type Row = StockLevels['low'][number];
type SoldOutRow = StockLevels['soldOut'][number];

/**
 * Why a sold-out option is on the list: an option flagged by hand while stock remains would otherwise look
 * like a mistake in the list.
 */
export const soldOutReasonText = (row: SoldOutRow) =>
  row.soldOutReason === 'FLAGGED' ? `Flagged sold out (${row.available} available)` : 'No stock left';

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
  last: { heading: string; cell: (row: R) => string | number; numeric?: boolean }[];
}) {
  return (
    <div className="table-wrap stock-table">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Option</th>
            {last.map((column) => (
              <th key={column.heading} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.optionUuid}>
              <td>
                <Link to={`/products/${row.productUuid}`}>{row.title}</Link>
                {!row.isPublished && <span className="badge badge--waiting">Draft</span>}
              </td>
              <td>{row.option}</td>
              {last.map((column) => (
                <td key={column.heading} className={column.numeric ? 'num' : undefined}>
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
  { heading: 'Available', cell: (row: Row) => row.available, numeric: true },
  { heading: 'Threshold', cell: (row: Row) => row.threshold, numeric: true },
];
const SOLD_OUT_COLUMNS = [{ heading: 'Why listed', cell: soldOutReasonText }];

/**
 * Options running low (available at or below their own threshold, still orderable), with a link to the product
 * list filtered to them; sold-out options are listed apart, so they never crowd the low ones out.
 */
export function LowStockList() {
  const { data, error, isPending, refetch } = useStockLevels(10);
  return (
    <section className="panel" aria-labelledby="low-stock">
      <h2 id="low-stock">Low available stock</h2>
      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          {data.low.length === 0 ? (
            <p className="muted">No option is running low.</p>
          ) : (
            <StockTable caption="Options running low" rows={data.low} last={LOW_COLUMNS} />
          )}
          <p>
            <Link to="/products?stock=lowStock">
              See all low-stock products{data.lowCount > 0 ? ` (${data.lowCount} options)` : ''}
            </Link>
          </p>
          <h3 id="sold-out-options">Sold out ({data.soldOutCount})</h3>
          {data.soldOut.length === 0 ? (
            <p className="muted">No option is sold out.</p>
          ) : (
            <StockTable caption="Options sold out" rows={data.soldOut} last={SOLD_OUT_COLUMNS} />
          )}
          {data.soldOutCount > data.soldOut.length && (
            <p>
              <Link to="/products?stock=outOfStock">See all sold-out products</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
