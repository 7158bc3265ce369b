import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { adminDownload, errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

type DocumentKind = 'invoice' | 'packing-list';

const DOCUMENTS: { kind: DocumentKind; label: MessageDescriptor }[] = [
  { kind: 'invoice', label: msg`Invoice (PDF)` },
  { kind: 'packing-list', label: msg`Packing list (PDF)` },
];

/**
 * The order's pro-forma invoice and packing list: fetched with the staff token (a plain link would carry
 * none) and saved under the name the API gives them.
 */
export function OrderDocuments({ orderUuid, orderNumber }: { orderUuid: string; orderNumber: string }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<DocumentKind | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async (kind: DocumentKind) => {
    if (busy) return;
    setBusy(kind);
    setFailure(null);
    try {
      const { blob, fileName } = await adminDownload(`/orders/${encodeURIComponent(orderUuid)}/${kind}.pdf`);
      saveBlob(blob, fileName ?? `${kind}-${orderNumber}.pdf`);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="panel" aria-labelledby="documents-heading">
      <h2 id="documents-heading">
        <Trans>Documents</Trans>
      </h2>
      <div className="button-row">
        {DOCUMENTS.map(({ kind, label }) => (
          <button
            key={kind}
            type="button"
            className="button button--secondary"
            // Not disabled while a file comes: the focus stays on the button that was pressed.
            aria-busy={busy === kind || undefined}
            onClick={() => void download(kind)}
          >
            {i18n._(label)}
          </button>
        ))}
      </div>
      <p role="status" className="muted">
        {busy ? t`Preparing the PDF…` : ''}
      </p>
      {failure && (
        <p role="alert" className="form-error section-gap">
          {failure}
        </p>
      )}
    </section>
  );
}
