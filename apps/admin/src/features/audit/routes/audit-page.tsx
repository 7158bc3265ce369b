import { Pagination } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useCurrentStaff } from '../../../lib/current-staff';
import { formatDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type AuditEntry, useAuditList } from '../api/audit-api';
import { sentenceOf, subjectPath } from '../audit-sentences';
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

  /** The entry as a sentence: who did what to what. */
  const said = (entry: AuditEntry) => sentenceOf(entry, entry.staffName || entry.staffEmail || t`The system`);

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
                    <Trans>What happened</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Concerning</Trans>
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
                    <td>{said(entry)}</td>
                    <td>
                      <Concerning entry={entry} />
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

/** What the entry acted on, linked to its page where it has one; a removed one is named by its id. */
function Concerning({ entry }: { entry: AuditEntry }) {
  const path = subjectPath(entry);
  if (path) return <Link to={path}>{entry.subject}</Link>;
  return <span className="muted audit-table__id">{entry.subject ?? entry.entityId}</span>;
}
