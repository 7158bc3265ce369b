import type { StockLevels } from '@kshop/contract';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useStockLevels } from '../../catalogue/api/catalogue-bulk-api';

type Row = StockLevels['low'][number];

function StockTable({
  caption,
  rows,
  showThreshold,
}: {
  caption: string;
  rows: Row[];
  showThreshold: boolean;
}) {
  return (
    <div className="table-scroll">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Option</th>
            <th scope="col" className="num">
              Available
            </th>
            {showThreshold && (
              <th scope="col" className="num">
                Threshold
              </th>
            )}
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
              <td className="num">{row.available}</td>
              {showThreshold && <td className="num">{row.threshold}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

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
            <StockTable caption="Options running low" rows={data.low} showThreshold />
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
            <StockTable caption="Options sold out" rows={data.soldOut} showThreshold={false} />
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
