import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router';
import { ReportDownloadButtons, useReportDownload } from '../../../components/ui/report-downloads';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { downloadReleaseWeek, useReleaseWeek } from '../api/release-week-api';
import { ReleaseWeekSummary, ReleaseWeekTable } from '../components/release-week-table';
import './catalogue.css';

/**
 * /products/:productUuid/release-week: what the charts count for a release, the units shipped per Korean day,
 * option and buyer, marked in or out of the release week, on screen or as a file.
 */
export function ReleaseWeekPage() {
  const { t } = useLingui();
  const { productUuid } = useParams();
  const report = useReleaseWeek(productUuid);
  const { busy, failure, download } = useReportDownload(
    (format) => downloadReleaseWeek(productUuid!, format),
    'kshop-release-week',
  );
  const data = report.data;
  const title = data?.title;
  useDocumentTitle(title ? t`Release week: ${title}` : t`Release week`);
  const releaseDate = data?.releaseDate;
  const weekEnd = data?.releaseWeekEnd;

  return (
    <>
      <Link to={`/products/${productUuid}`} className="back-link">
        ‹ {title ?? <Trans>Product</Trans>}
      </Link>
      <div className="page-head">
        <h1>
          <Trans>Release week</Trans>
          {title && <span className="page-head__sub"> · {title}</span>}
        </h1>
        {data && data.rows.length > 0 && <ReportDownloadButtons busy={busy} onDownload={download} />}
      </div>
      {data && (
        <p className="muted">
          {releaseDate && weekEnd ? (
            <Trans>
              Released on {releaseDate}: the release week runs from {releaseDate} to {weekEnd}, Korea time.
            </Trans>
          ) : (
            <Trans>This product has no release date, so no shipment counts in a release week.</Trans>
          )}
        </p>
      )}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      {report.isPending ? (
        <LoadingState />
      ) : report.error ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : report.data.rows.length === 0 ? (
        <EmptyState>
          <Trans>Nothing of this product has shipped yet.</Trans>
        </EmptyState>
      ) : (
        <>
          <ReleaseWeekSummary report={report.data} />
          <ReleaseWeekTable report={report.data} />
        </>
      )}
    </>
  );
}
