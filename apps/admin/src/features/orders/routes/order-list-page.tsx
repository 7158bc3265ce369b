import { ADMIN_ORDER_VIEWS, type AdminOrderViewCounts, formatPrice, ORDER_STATUSES } from '@kshop/contract';
import { FormField, Pagination } from '@kshop/ui';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useContractTexts } from '../../../i18n/contract-texts';
import { formatDateTime } from '../../../lib/format';
import { formValues, LIST_LIMIT, useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOrderList } from '../api/orders-api';
import { OrderBulkActions } from '../components/order-bulk-actions';
import { OrderExports } from '../components/order-exports';
import './orders.css';

/** The list's orders, as the Sort field offers them: field and direction in one choice. */
const SORTS = [
  { value: 'date-desc', label: msg`Newest first` },
  { value: 'date-asc', label: msg`Oldest first` },
  { value: 'amount-desc', label: msg`Amount, largest first` },
  { value: 'amount-asc', label: msg`Amount, smallest first` },
  { value: 'status-asc', label: msg`Status, earliest step first` },
  { value: 'status-desc', label: msg`Status, latest step first` },
] as const;
const sortOf = (sort: string, dir: string) => {
  const found = SORTS.find((s) => s.value === `${sort}-${dir}`);
  if (!found) return {};
  const [field, direction] = found.value.split('-') as ['date' | 'amount' | 'status', 'asc' | 'desc'];
  return { sort: field, dir: direction };
};

export function OrderListPage() {
  const { t, i18n } = useLingui();
  const { orderStatusLabels } = useContractTexts();
  useDocumentTitle(t`Orders`);
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
    assigned: get('assigned') === 'me' ? ('me' as const) : undefined,
    view: ADMIN_ORDER_VIEWS.find((view) => view === get('view')),
    ...sortOf(get('sort'), get('dir')),
  };
  const { data, error, isPending, refetch } = useOrderList(filter);
  const { page: _page, limit: _limit, sort: _sort, dir: _dir, ...exportFilter } = filter;
  // The selection belongs to this page of this list: another page or filter starts with none.
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key, ids: new Set() });
  const selectedIds = selection.key === `${key}|${page}` ? selection.ids : new Set<string>();
  const setSelected = (ids: Set<string>) => setSelection({ key: `${key}|${page}`, ids });
  const pageOrders = data?.orderList ?? [];
  const selected = pageOrders.filter((o) => selectedIds.has(o.uuid));
  const allSelected = pageOrders.length > 0 && selected.length === pageOrders.length;
  const toggle = (uuid: string, on: boolean) => {
    const next = new Set(selectedIds);
    if (on) next.add(uuid);
    else next.delete(uuid);
    setSelected(next);
  };

  const applyFilters = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { status, from, to, buyer, orderNumber, sort, assigned } = formValues(event.currentTarget);
    const [field, dir] = sort && sort !== 'date-desc' ? sort.split('-') : [undefined, undefined];
    navigate(hrefWith({ status, from, to, buyer, orderNumber, assigned, sort: field, dir }));
  };

  return (
    <>
      <div className="page-head">
        <h1>
          <Trans>Orders</Trans>
        </h1>
        <Link to="/orders/new" className="button">
          <Trans>New order</Trans>
        </Link>
        <OrderExports filter={exportFilter} />
      </div>
      <OrderViews
        current={filter.view ?? (filter.assigned ? 'mine' : 'all')}
        counts={data?.viewCounts}
        hrefWith={hrefWith}
      />
      <form key={key} className="filters" aria-label={t`Filter orders`} onSubmit={applyFilters}>
        <FormField label={t`Status`}>
          {(control) => (
            <select {...control} name="status" defaultValue={get('status')}>
              <option value="">{t`All statuses`}</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {orderStatusLabels[status]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t`From`}>
          {(control) => <input {...control} name="from" type="date" defaultValue={get('from')} />}
        </FormField>
        <FormField label={t`To`}>
          {(control) => <input {...control} name="to" type="date" defaultValue={get('to')} />}
        </FormField>
        <FormField label={t`Buyer (company, email or registration no.)`} className="field--grow">
          {(control) => <input {...control} name="buyer" type="search" defaultValue={get('buyer')} />}
        </FormField>
        <FormField label={t`Order or PO number`}>
          {(control) => (
            <input {...control} name="orderNumber" type="search" defaultValue={get('orderNumber')} />
          )}
        </FormField>
        <FormField label={t`Sort`}>
          {(control) => (
            <select
              {...control}
              name="sort"
              defaultValue={
                SORTS.some((s) => s.value === `${get('sort')}-${get('dir')}`)
                  ? `${get('sort')}-${get('dir')}`
                  : 'date-desc'
              }
            >
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {i18n._(s.label)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="field filters__check">
          <label>
            <input type="checkbox" name="assigned" value="me" defaultChecked={get('assigned') === 'me'} />{' '}
            <Trans>Assigned to me</Trans>
          </label>
        </div>
        <button type="submit" className="button">
          <Trans>Search</Trans>
        </button>
        <Link to="/orders" className="button button--secondary">
          <Trans>Clear</Trans>
        </Link>
      </form>

      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.orderList.length === 0 ? (
        <EmptyState>
          <Trans>No orders match these filters.</Trans>
        </EmptyState>
      ) : (
        <>
          <OrderBulkActions
            selected={selected}
            onMoved={(moved) => setSelected(new Set([...selectedIds].filter((id) => !moved.includes(id))))}
          />
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">
                <Trans>Orders</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      className="select-box"
                      aria-label={t`Select all orders on this page`}
                      checked={allSelected}
                      ref={(box) => {
                        if (box) box.indeterminate = selected.length > 0 && !allSelected;
                      }}
                      onChange={(event) =>
                        setSelected(new Set(event.target.checked ? pageOrders.map((o) => o.uuid) : []))
                      }
                    />{' '}
                    <Trans>Order number</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Placed</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Company</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Buyer email</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Lines</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Amount</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Person in charge</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.orderList.map((order) => (
                  <tr key={order.uuid}>
                    <td className="nowrap">
                      <input
                        type="checkbox"
                        className="select-box"
                        aria-label={t`Select order ${order.orderNumber}`}
                        checked={selectedIds.has(order.uuid)}
                        onChange={(event) => toggle(order.uuid, event.target.checked)}
                      />{' '}
                      <Link to={`/orders/${order.orderNumber}`}>{order.orderNumber}</Link>
                      {order.poReference && (
                        <span className="order-list__po muted">{t`PO ${order.poReference}`}</span>
                      )}
                    </td>
                    <td className="nowrap">{formatDateTime(order.createdAt)}</td>
                    <td>{order.companyName}</td>
                    <td className="breakable">
                      {order.buyerEmail ?? <span className="muted">{t`Account removed`}</span>}
                    </td>
                    <td className="num">{order.lineCount}</td>
                    <td className="num">{formatPrice(order.finalPaymentAmount, order.currencyCode)}</td>
                    <td>
                      <StatusBadge status={order.status} kind="order" />
                    </td>
                    <td className="breakable">
                      {order.personInCharge ?? <span className="muted">{t`Nobody yet`}</span>}
                      {order.takenBy && <span className="muted"> · {t`Taken by ${order.takenBy}`}</span>}
                    </td>
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

type ViewName = 'all' | 'today' | 'mine' | 'needs-action';

/**
 * The order list's quick views (issue 36): every order, today's (the Korean day), those assigned to me and those
 * needing action, each a link that keeps the other filters, with its count under them.
 */
function OrderViews({
  current,
  counts,
  hrefWith,
}: {
  current: ViewName;
  counts: AdminOrderViewCounts | undefined;
  hrefWith: (changes: Record<string, string | null>) => string;
}) {
  const { t } = useLingui();
  const views: { name: ViewName; label: string; count?: number; query: Record<string, string | null> }[] = [
    { name: 'all', label: t`All orders`, count: counts?.all, query: { view: null, assigned: null } },
    { name: 'today', label: t`Today`, count: counts?.today, query: { view: 'today', assigned: null } },
    { name: 'mine', label: t`Assigned to me`, count: counts?.mine, query: { view: null, assigned: 'me' } },
    {
      name: 'needs-action',
      label: t`Needs action`,
      count: counts?.needsAction,
      query: { view: 'needs-action', assigned: null },
    },
  ];
  return (
    <nav className="order-views" aria-label={t`Order views`}>
      <ul className="order-views__list">
        {views.map((view) => (
          <li key={view.name}>
            <Link
              to={hrefWith(view.query)}
              className="order-views__link"
              aria-current={view.name === current ? 'page' : undefined}
            >
              {view.label}
              {view.count !== undefined && <span className="order-views__count"> {view.count}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
