import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { buildUrl } from '../../../lib/api-url';
import { expireSession, getAccessToken } from '../../../lib/session';
import './download-invoice.css';

/** The server's message from a refusal's envelope, or null when the body is not one. */
async function refusalMessage(response: Response): Promise<string | null> {
  try {
    const envelope = (await response.json()) as { message?: unknown };
    return typeof envelope?.message === 'string' ? envelope.message : null;
  } catch {
    return null;
  }
}

/** Lets the browser save the file under the name the API gave it. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The order's pro-forma invoice as a PDF, fetched with the member's token (a plain link would carry none) and
 * saved; a failure is said right below the button.
 */
export function DownloadInvoice({ orderUuid, orderNumber }: { orderUuid: string; orderNumber: string }) {
  const { t } = useLingui();
  const failed = t`Could not download the invoice. Please try again.`;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    const token = getAccessToken();
    try {
      const response = await fetch(buildUrl(`/order/detail/${encodeURIComponent(orderUuid)}/invoice.pdf`), {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) {
        if (response.status === 401 && token && getAccessToken() === token) expireSession();
        setFailure((await refusalMessage(response)) ?? failed);
        return;
      }
      const disposition = response.headers.get('Content-Disposition') ?? '';
      const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? `invoice-${orderNumber}.pdf`;
      save(await response.blob(), fileName);
    } catch {
      setFailure(failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="download-invoice">
      <button
        type="button"
        className="button button--secondary"
        // Not disabled while the file comes: the focus stays on the button that was pressed.
        aria-busy={busy}
        onClick={() => void download()}
      >
        <Trans>Download invoice</Trans>
      </button>
      <p
        role="status"
        className={`download-invoice__status${failure && !busy ? ' download-invoice__status--failed' : ''}`}
      >
        {busy ? t`Preparing the invoice…` : failure}
      </p>
    </div>
  );
}
