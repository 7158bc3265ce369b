import type { LabelDemandFormat } from '@kshop/contract';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { downloadLabelDemand, useLabelDemand } from '../api/label-demand-api';
import { LabelDemandTable } from '../components/label-demand-table';
import './catalogue.css';

const FORMATS = [
  { format: 'csv', label: msg`Download CSV` },
  { format: 'xlsx', label: msg`Download XLSX` },
] as const;

/**
 * /products/:productUuid/demand: once a pre-order closes, what staff order from the label for the product, per
 * option and per buyer, on screen or as a file.
 */
export function LabelDemandPage() {
  const { t, i18n } = useLingui();
  const { productUuid } = useParams();
  const demand = useLabelDemand(productUuid);
  const [busy, setBusy] = useState<LabelDemandFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const title = demand.data?.title;
  useDocumentTitle(title ? t`Label order: ${title}` : t`Label order`);

  const download = async (format: LabelDemandFormat) => {
    if (busy || !productUuid) return;
    setBusy(format);
    setFailure(null);
    try {
      const { blob, fileName } = await downloadLabelDemand(productUuid, format);
      saveBlob(blob, fileName ?? `kshop-label-order.${format}`);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

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
        {demand.data && !nothingOrdered && (
          <div className="button-row">
            {FORMATS.map(({ format, label }) => (
              <button
                key={format}
                type="button"
                className="button button--secondary"
                aria-busy={busy === format || undefined}
                onClick={() => void download(format)}
              >
                {busy === format ? t`Downloading…` : i18n._(label)}
              </button>
            ))}
          </div>
        )}
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
