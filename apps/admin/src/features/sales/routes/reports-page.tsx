import { formatPrice, SALES_GROUPS, type SalesGroup } from '@kshop/contract';
import { FormField } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { adminDownload, errorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { saveBlob } from '../../../lib/save-file';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { defaultRange, GROUP_LABELS, useSalesReport } from '../api/sales-api';
import { SalesBars } from '../components/sales-bars';
import { rangeProblem, SalesRangeForm } from '../components/sales-range-form';
import '../sales.css';

const isGroup = (value: string): value is SalesGroup => (SALES_GROUPS as readonly string[]).includes(value);

/** Sales by buyer, artist, product or category over a range of Korean days: per currency a chart and a table. */
export function ReportsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Reports`);
  const navigate = useNavigate();
  const { get, hrefWith } = useListParams();
  const fallback = defaultRange();
  const asked = { from: get('from') || fallback.from, to: get('to') || fallback.to };
  const range = rangeProblem(asked) ? fallback : asked;
  const by: SalesGroup = isGroup(get('by')) ? (get('by') as SalesGroup) : 'buyer';
  const { data, error, isPending, refetch } = useSalesReport(range, by);
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    if (downloading) return;
    setDownloading(true);
    setFailure(null);
    try {
      const { blob, fileName } = await adminDownload('/sales/report.csv', { ...range, by });
      saveBlob(blob, fileName ?? `kshop-sales-by-${by}.csv`);
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <div className="page-head">
        <h1>
          <Trans>Reports</Trans>
        </h1>
        <button
          type="button"
          className="button button--secondary"
          aria-busy={downloading || undefined}
          onClick={() => void download()}
        >
          {downloading ? t`Downloading…` : t`Download CSV`}
        </button>
      </div>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      <p className="muted">
        <Trans>
          Order lines of confirmed orders (not pending, not cancelled) placed from {range.from} to {range.to}{' '}
          (Korean days), per currency. A line of a product with several artists counts for each of them.
        </Trans>
      </p>
      <SalesRangeForm
        label={t`Report`}
        range={range}
        onApply={({ from, to, form }) => navigate(hrefWith({ from, to, by: String(form.get('by') ?? by) }))}
      >
        <FormField label={t`By`}>
          {(control) => (
            <select {...control} name="by" defaultValue={by} key={by}>
              {SALES_GROUPS.map((group) => (
                <option key={group} value={group}>
                  {i18n._(GROUP_LABELS[group])}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </SalesRangeForm>

      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.currencies.length === 0 ? (
        <EmptyState>
          <Trans>No sales in this range.</Trans>
        </EmptyState>
      ) : (
        data.currencies.map(({ currency, rows }) => {
          const headingId = `report-${currency}`;
          const total = rows.reduce((sum, r) => sum + r.amount, 0);
          const groupLabel = i18n._(GROUP_LABELS[data.by]);
          const group = groupLabel.toLowerCase();
          return (
            <section key={currency} className="panel report-currency" aria-labelledby={headingId}>
              <h2 id={headingId}>{t`${currency} by ${group}`}</h2>
              <SalesBars currency={currency} groupLabel={groupLabel} rows={rows} />
              <div className="table-wrap">
                <table className="table">
                  <caption className="visually-hidden">{t`Sales in ${currency} by ${group}`}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{groupLabel}</th>
                      <th scope="col" className="num">
                        <Trans>Quantity</Trans>
                      </th>
                      <th scope="col" className="num">
                        <Trans>Orders</Trans>
                      </th>
                      <th scope="col" className="num">
                        <Trans>Amount</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.key ?? `none-${r.label}`}>
                        <th scope="row">{r.label}</th>
                        <td className="num">{r.quantity}</td>
                        <td className="num">{r.orders}</td>
                        <td className="num">{formatPrice(r.amount, currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                  {data.by !== 'artist' && (
                    <tfoot>
                      <tr>
                        <th scope="row">
                          <Trans>Total</Trans>
                        </th>
                        <td />
                        <td />
                        <td className="num">{formatPrice(total, currency)}</td>
                      </tr>
                    </tfoot>
                  )}
                </table>
              </div>
            </section>
          );
        })
      )}
    </>
  );
}
