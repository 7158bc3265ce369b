import { Pagination } from '@kshop/ui';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useCurrentStaff } from '../../../lib/current-staff';
import { formatDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuditList } from '../api/audit-api';
import { ChangeDetails } from '../components/change-details';
import './audit.css';

const AUDIT_LIMIT = 50;

/** Who changed what and when (owners only). */
export function AuditPage() {
  useDocumentTitle('Audit log');
  const me = useCurrentStaff();
  const isOwner = me.data?.role === 'OWNER';
  const { page, hrefWith } = useListParams();
  const { data, error, isPending, refetch } = useAuditList(page, AUDIT_LIMIT, isOwner);

  if (me.isPending) return <LoadingState />;
  if (!isOwner) {
    return (
      <>
        <h1>Audit log</h1>
        <p role="alert">Only an owner can do this.</p>
      </>
    );
  }

  return (
    <>
      <h1>Audit log</h1>
      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.auditList.length === 0 ? (
        <EmptyState>Nothing recorded yet.</EmptyState>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table audit-table">
              <caption className="visually-hidden">Audit log</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Entity</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {data.auditList.map((entry) => (
                  <tr key={entry.id}>
                    <td className="nowrap">{formatDateTime(entry.createdAt)}</td>
                    <td>{entry.staffEmail ?? <span className="muted">System</span>}</td>
                    <td>
                      <code>{entry.action}</code>
                    </td>
                    <td>
                      {entry.entity} <span className="muted audit-table__id">{entry.entityId}</span>
                    </td>
                    <td>
                      <ChangeDetails entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            currentPage={page}
            totalCount={data.totalCount}
            pageSize={AUDIT_LIMIT}
            hrefForPage={(n) => hrefWith({ page: n })}
          />
        </>
      )}
    </>
  );
}
