import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { adminDownload, errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

export type OrderExportFilter = {
  status?: string;
  from?: string;
  to?: string;
  buyer?: string;
  orderNumber?: string;
  assigned?: 'me';
};

/** The accountant's two exports: one row per order (its totals once), and one row per order line. */
const EXPORTS = [
  { path: 'orders', label: msg`Orders (one row per order)` },
  { path: 'order-lines', label: msg`Order lines (one row per line)` },
] as const;
const FORMATS = [
  { extension: 'csv', label: msg`Export CSV` },
  { extension: 'xlsx', label: msg`Export Excel` },
] as const;
type Download = `${(typeof EXPORTS)[number]['path']}.${(typeof FORMATS)[number]['extension']}`;

/** The orders the list's filters select, for accounting: per order or per line, as CSV or Excel. */
export function OrderExports({ filter }: { filter: OrderExportFilter }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<Download | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async (file: Download) => {
    if (busy) return;
    setBusy(file);
    setFailure(null);
    try {
      const { blob, fileName } = await adminDownload(`/${file}`, filter);
      saveBlob(blob, fileName ?? `kshop-${file}`);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="order-exports">
      {EXPORTS.map(({ path, label }) => (
        <fieldset key={path} className="order-exports__kind button-row">
          <legend className="order-exports__label">{i18n._(label)}</legend>
          {FORMATS.map(({ extension, label: format }) => {
            const file: Download = `${path}.${extension}`;
            return (
              <button
                key={extension}
                type="button"
                className="button button--secondary"
                aria-busy={busy === file || undefined}
                onClick={() => void download(file)}
              >
                {busy === file ? t`Exporting…` : i18n._(format)}
              </button>
            );
          })}
        </fieldset>
      ))}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
    </div>
  );
}
