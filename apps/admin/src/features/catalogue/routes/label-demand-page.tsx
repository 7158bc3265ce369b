import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router';
import { ReportDownloadButtons, useReportDownload } from '../../../components/ui/report-downloads';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { downloadLabelDemand, useLabelDemand } from '../api/label-demand-api';
import { LabelDemandTable } from '../components/label-demand-table';
import './catalogue.css';

/**
 * /products/:productUuid/demand: once a pre-order closes, what staff order from the label for the product, per
 * option and per buyer, on screen or as a file.
 */
export function LabelDemandPage() {
  const { t } = useLingui();
  const { productUuid } = useParams();
  const demand = useLabelDemand(productUuid);
  const { busy, failure, download } = useReportDownload(
    (format) => downloadLabelDemand(productUuid!, format),
    'kshop-label-order',
  );
  const title = demand.data?.title;
  useDocumentTitle(title ? t`Label order: ${title}` : t`Label order`);

  const nothingOrdered = demand.data?.totals.ordered === 0;
  return (
    <>
      <Link to={`/products/${productUuid}`} className="back-link">
        ‹ {title ?? <Trans>Product</Trans>}
      </Link>
      <div className="page-head">
        <h1>
          <Trans>Label order</Trans>
          {title && <span className="page-head__sub"> · {title}</span>}
        </h1>
        {demand.data && !nothingOrdered && <ReportDownloadButtons busy={busy} onDownload={download} />}
      </div>
      <p className="muted">
        <Trans>
          Pieces ordered in orders that are not cancelled, per option. To order is what is still open beyond
          the stock on hand.
        </Trans>
      </p>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      {demand.isPending ? (
        <LoadingState />
      ) : demand.error ? (
        <ErrorState error={demand.error} onRetry={() => void demand.refetch()} />
      ) : nothingOrdered ? (
        <EmptyState>
          <Trans>Nothing has been ordered for this product yet.</Trans>
        </EmptyState>
      ) : (
        <LabelDemandTable demand={demand.data} />
      )}
    </>
  );
}
