import { ALLOCATION_MESSAGES, type AllocationQuery, type AllocationView } from '@kshop/contract';
import { useConfirm } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useContractTexts } from '../../../i18n/contract-texts';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useAllocationPreview,
  useCommitAllocation,
  useRecordReceipt,
  useReloadAllocation,
} from '../api/allocation-api';
import { AllocationRuleFields } from '../components/allocation-rule-fields';
import { AllocationSummary, ReceiptList } from '../components/allocation-summary';
import { AllocationTable } from '../components/allocation-table';
import { GoodsReceiptForm } from '../components/goods-receipt-form';
import './catalogue.css';

const optionName = (view: AllocationView) =>
  [view.optionNameValue1, view.optionNameValue2].filter(Boolean).join(' / ');

/**
 * /products/:productUuid/options/:optionId/allocation (issue 34): staff record goods that arrived for a pre-order
 * option, preview how they are shared among the waiting pre-orders by a rule, and commit that preview.
 */
export function AllocationPage() {
  const { t } = useLingui();
  const { productUuid, optionId } = useParams();
  const [query, setQuery] = useState<AllocationQuery>({ rule: 'PRO_RATA', minimumPerBuyer: 0 });
  const preview = useAllocationPreview(optionId, query);
  const receipt = useRecordReceipt(optionId!);
  const view = preview.data;
  const product = view?.productTitle;
  const option = view ? optionName(view) : undefined;
  useDocumentTitle(
    product && option
      ? t`Goods receipt and allocation: ${product} · ${option}`
      : t`Goods receipt and allocation`,
  );

  return (
    <>
      <Link to={`/products/${productUuid}/demand`} className="back-link">
        ‹ <Trans>Label order</Trans>
      </Link>
      <div className="page-head">
        <h1>
          <Trans>Goods receipt and allocation</Trans>
          {view && (
            <span className="page-head__sub">
              {' '}
              · {product} · {option}
            </span>
          )}
        </h1>
      </div>
      {preview.isPending ? (
        <LoadingState />
      ) : preview.error ? (
        <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />
      ) : (
        <div className="allocation">
          <AllocationSummary view={preview.data} />
          <GoodsReceiptForm onRecord={(received) => receipt.mutateAsync(received)} />
          <ReceiptList receipts={preview.data.receipts} />
          <section className="panel" aria-labelledby="allocation-heading">
            <h2 id="allocation-heading">
              <Trans>Allocation</Trans>
            </h2>
            <AllocationRuleFields value={query} onChange={setQuery} />
            {preview.data.lines.length > 0 && <AllocationTable lines={preview.data.lines} />}
            <CommitAllocation optionId={optionId!} view={preview.data} refreshing={preview.isFetching} />
          </section>
        </div>
      )}
    </>
  );
}

/**
 * Commits what the preview on screen shows (its rule, minimum and basis), never while a new one is on its way;
 * when the API says the figures changed since (409), the message is shown and the preview fetched again, to be
 * looked at and committed anew.
 */
function CommitAllocation({
  optionId,
  view,
  refreshing,
}: {
  optionId: string;
  view: AllocationView;
  refreshing: boolean;
}) {
  const blockedId = useId();
  const { t } = useLingui();
  const { localize } = useContractTexts();
  const confirm = useConfirm();
  const commit = useCommitAllocation(optionId);
  const reload = useReloadAllocation(optionId);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const blocked =
    view.lines.length === 0 || view.wanted === 0
      ? localize(ALLOCATION_MESSAGES.nothingWaiting)
      : view.available <= 0
        ? localize(ALLOCATION_MESSAGES.nothingOnHand)
        : null;
  const units = view.lines.reduce((sum, line) => sum + line.allocating, 0);
  const lineCount = view.lines.length;

  const submit = async () => {
    const ok = await confirm(
      t`Commit this allocation: ${units} units among ${lineCount} pre-order lines? Each buyer is e-mailed their share.`,
      t`Commit allocation`,
    );
    if (!ok) return;
    setFailure(null);
    setDone(null);
    try {
      await commit.mutateAsync({ rule: view.rule, minimumPerBuyer: view.minimumPerBuyer, basis: view.basis });
      setDone(localize(ALLOCATION_MESSAGES.committed));
    } catch (error) {
      setFailure(isApiError(error) ? localize(error.message) : errorMessage(error));
      if (isApiError(error) && error.statusCode === 409) await reload();
    }
  };

  return (
    <div className="section-gap">
      <button
        type="button"
        className="button"
        disabled={blocked !== null || commit.isPending || refreshing}
        aria-describedby={blocked ? blockedId : undefined}
        onClick={() => void submit()}
      >
        <Trans>Commit allocation</Trans>
      </button>
      {blocked && (
        <p id={blockedId} className="muted">
          {blocked}
        </p>
      )}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      {done && (
        <p role="status" className="notice">
          {done}
        </p>
      )}
    </div>
  );
}
