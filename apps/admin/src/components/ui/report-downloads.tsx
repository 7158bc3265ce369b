import type { LabelDemandFormat } from '@kshop/contract';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-file';

export type ReportFormat = LabelDemandFormat;

const FORMATS = [
  { format: 'csv', label: msg`Download CSV` },
  { format: 'xlsx', label: msg`Download XLSX` },
] as const;

/**
 * A report's downloads (label order, release week): one at a time, saved under the name the API gives (else
 * `fallbackName.<format>`), with what went wrong kept for the page to show.
 */
export function useReportDownload(
  fetchFile: (format: ReportFormat) => Promise<{ blob: Blob; fileName: string | null }>,
  fallbackName: string,
) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (format: ReportFormat) => {
    if (busy) return;
    setBusy(format);
    setFailure(null);
    try {
      const { blob, fileName } = await fetchFile(format);
      saveBlob(blob, fileName ?? `${fallbackName}.${format}`);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return { busy, failure, download };
}

/** "Download CSV" and "Download XLSX", the one downloading saying so. */
export function ReportDownloadButtons({
  busy,
  onDownload,
}: {
  busy: ReportFormat | null;
  onDownload: (format: ReportFormat) => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  return (
    <div className="button-row">
      {FORMATS.map(({ format, label }) => (
        <button
          key={format}
          type="button"
          className="button button--secondary"
          aria-busy={busy === format || undefined}
          onClick={() => void onDownload(format)}
        >
          {busy === format ? t`Downloading…` : i18n._(label)}
        </button>
      ))}
    </div>
  );
}
