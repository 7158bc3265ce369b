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

const FORMATS = [
  { extension: 'csv', label: msg`Export CSV` },
  { extension: 'xlsx', label: msg`Export Excel` },
] as const;
type Extension = (typeof FORMATS)[number]['extension'];

/** The order lines of the orders the list's filters select, one row per line, for accounting. */
export function OrderExports({ filter }: { filter: OrderExportFilter }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<Extension | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async (extension: Extension) => {
    if (busy) return;
    setBusy(extension);
    setFailure(null);
    try {
      const { blob, fileName } = await adminDownload(`/orders.${extension}`, filter);
      saveBlob(blob, fileName ?? `kshop-orders.${extension}`);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="order-exports">
      <div className="button-row">
        {FORMATS.map(({ extension, label }) => (
          <button
            key={extension}
            type="button"
            className="button button--secondary"
            aria-busy={busy === extension || undefined}
            onClick={() => void download(extension)}
          >
            {busy === extension ? t`Exporting…` : i18n._(label)}
          </button>
        ))}
      </div>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
    </div>
  );
}
