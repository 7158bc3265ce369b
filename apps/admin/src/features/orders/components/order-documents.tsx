import { useState } from 'react';
import { adminDownload, errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

type DocumentKind = 'invoice' | 'packing-list';

const DOCUMENTS: { kind: DocumentKind; label: string }[] = [
  { kind: 'invoice', label: 'Invoice (PDF)' },
  { kind: 'packing-list', label: 'Packing list (PDF)' },
];

/**
 * The order's pro-forma invoice and packing list: fetched with the staff token (a plain link would carry
 * none) and saved under the name the API gives them.
 */
export function OrderDocuments({ orderUuid, orderNumber }: { orderUuid: string; orderNumber: string }) {
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
      <h2 id="documents-heading">Documents</h2>
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
            {label}
          </button>
        ))}
      </div>
      <p role="status" className="muted">
        {busy ? 'Preparing the PDF…' : ''}
      </p>
      {failure && (
        <p role="alert" className="form-error section-gap">
          {failure}
        </p>
      )}
    </section>
  );
}
