import { Pagination } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  useDocumentTitle(t`Audit log`);
  const me = useCurrentStaff();
  const isOwner = me.data?.role === 'OWNER';
  const { page, hrefWith } = useListParams();
  const { data, error, isPending, refetch } = useAuditList(page, AUDIT_LIMIT, isOwner);

  if (me.isPending) return <LoadingState />;
  if (!isOwner) {
    return (
      <>
        <h1>
          <Trans>Audit log</Trans>
        </h1>
        <p role="alert">
          <Trans>Only an owner can do this.</Trans>
        </p>
      </>
    );
  }

  return (
    <>
      <h1>
        <Trans>Audit log</Trans>
      </h1>
      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.auditList.length === 0 ? (
        <EmptyState>
          <Trans>Nothing recorded yet.</Trans>
        </EmptyState>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table audit-table">
              <caption className="visually-hidden">
                <Trans>Audit log</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>When</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Who</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Action</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Entity</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Change</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.auditList.map((entry) => (
                  <tr key={entry.id}>
                    <td className="nowrap">{formatDateTime(entry.createdAt)}</td>
                    <td>{entry.staffEmail ?? <span className="muted">{t`System`}</span>}</td>
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
