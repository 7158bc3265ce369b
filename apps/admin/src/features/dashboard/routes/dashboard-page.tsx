import { ORDER_STATUSES } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SalesOverview } from '../../sales';
import { useDashboard } from '../api/dashboard-api';
import { LatePreordersList } from '../components/late-preorders-list';
import { LowStockList } from '../components/low-stock-list';
import './dashboard.css';

/**
 * What needs attention today: accounts to approve, orders per status, new inquiries, options running out,
 * pre-orders late after their release.
 */
export function DashboardPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Dashboard`);
  const { data, error, isPending, refetch } = useDashboard();

  return (
    <>
      <h1>
        <Trans>Dashboard</Trans>
      </h1>
      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <div className="tiles">
            <Link to="/buyers?status=PENDING" className="tile">
              <span className="tile__value">{data.pendingAccounts}</span>
              <span className="tile__label">
                <Trans>Accounts waiting for approval</Trans>
              </span>
            </Link>
            <Link to="/inquiries?status=NEW" className="tile">
              <span className="tile__value">{data.newInquiries}</span>
              <span className="tile__label">
                <Trans>New inquiries</Trans>
              </span>
            </Link>
            <Link to="/orders?status=PENDING" className="tile">
              <span className="tile__value">{data.ordersByStatus.PENDING ?? 0}</span>
              <span className="tile__label">
                <Trans>Orders waiting for a person in charge</Trans>
              </span>
            </Link>
          </div>
          <div className="grid-2">
            <section className="panel" aria-labelledby="orders-by-status">
              <h2 id="orders-by-status">
                <Trans>Orders by status</Trans>
              </h2>
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Status</Trans>
                    </th>
                    <th scope="col" className="num">
                      <Trans>Orders</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {ORDER_STATUSES.map((status) => (
                    <tr key={status}>
                      <td>
                        <Link to={`/orders?status=${status}`}>
                          <StatusBadge status={status} kind="order" />
                        </Link>
                      </td>
                      <td className="num">{data.ordersByStatus[status] ?? 0}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <LowStockList />
          </div>
          <LatePreordersList rows={data.latePreorders} />
        </>
      )}
      <SalesOverview />
    </>
  );
}
