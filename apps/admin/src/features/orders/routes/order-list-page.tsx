import { formatPrice, ORDER_STATUSES } from '@kshop/contract';
import { FormField, Pagination } from '@kshop/ui';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { orderStatusLabel, StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format';
import { formValues, LIST_LIMIT, useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOrderList } from '../api/orders-api';
import { OrderExports } from '../components/order-exports';

export function OrderListPage() {
  useDocumentTitle('Orders');
  const navigate = useNavigate();
  const { page, get, hrefWith, key } = useListParams();
  const filter = {
    page,
    limit: LIST_LIMIT,
    status: get('status') || undefined,
    from: get('from') || undefined,
    to: get('to') || undefined,
    buyer: get('buyer') || undefined,
    orderNumber: get('orderNumber') || undefined,
  };
  const { data, error, isPending, refetch } = useOrderList(filter);
  const { page: _page, limit: _limit, ...exportFilter } = filter;

  const applyFilters = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { status, from, to, buyer, orderNumber } = formValues(event.currentTarget);
    navigate(hrefWith({ status, from, to, buyer, orderNumber }));
  };

  return (
    <>
      <div className="page-head">
        <h1>Orders</h1>
        <OrderExports filter={exportFilter} />
      </div>
      <form key={key} className="filters" aria-label="Filter orders" onSubmit={applyFilters}>
        <FormField label="Status">
          {(control) => (
            <select {...control} name="status" defaultValue={get('status')}>
              <option value="">All statuses</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {orderStatusLabel(status)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="From">
          {(control) => <input {...control} name="from" type="date" defaultValue={get('from')} />}
        </FormField>
        <FormField label="To">
          {(control) => <input {...control} name="to" type="date" defaultValue={get('to')} />}
        </FormField>
        <FormField label="Buyer (company or email)" className="field--grow">
          {(control) => <input {...control} name="buyer" type="search" defaultValue={get('buyer')} />}
        </FormField>
        <FormField label="Order number">
          {(control) => (
            <input {...control} name="orderNumber" type="search" defaultValue={get('orderNumber')} />
          )}
        </FormField>
        <button type="submit" className="button">
          Search
        </button>
        <Link to="/orders" className="button button--secondary">
          Clear
        </Link>
      </form>

      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.orderList.length === 0 ? (
        <EmptyState>No orders match these filters.</EmptyState>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Orders</caption>
              <thead>
                <tr>
                  <th scope="col">Order number</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Company</th>
                  <th scope="col">Buyer email</th>
                  <th scope="col" className="num">
                    Lines
                  </th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Person in charge</th>
                </tr>
              </thead>
              <tbody>
                {data.orderList.map((order) => (
                  <tr key={order.uuid}>
                    <td className="nowrap">
                      <Link to={`/orders/${order.orderNumber}`}>{order.orderNumber}</Link>
                    </td>
                    <td className="nowrap">{formatDateTime(order.createdAt)}</td>
                    <td>{order.companyName}</td>
                    <td className="breakable">
                      {order.buyerEmail ?? <span className="muted">Account removed</span>}
                    </td>
                    <td className="num">{order.lineCount}</td>
                    <td className="num">{formatPrice(order.finalPaymentAmount, order.currencyCode)}</td>
                    <td>
                      <StatusBadge status={order.status} kind="order" />
                    </td>
                    <td>{order.personInCharge ?? <span className="muted">Nobody yet</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            currentPage={page}
            totalCount={data.totalCount}
            pageSize={LIST_LIMIT}
            hrefForPage={(n) => hrefWith({ page: n })}
          />
        </>
      )}
    </>
  );
}
