import { useId, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';
import type { CsvImportJob, CsvImportProblem, CsvImportResult } from '../api/catalogue-api';

type CsvToolsProps = {
  onExport: () => Promise<{ blob: Blob; fileName: string | null }>;
  /** Uploads the file and follows the import job, reporting its states, until it ends. */
  /** Uploads the file's bytes as they are: the shop finds their encoding (Korean Excel writes CP949). */
  onImport: (csvFile: Blob, onProgress: (job: CsvImportJob) => void) => Promise<CsvImportResult>;
  onImported: () => void;
};

type ImportOutcome =
  | { kind: 'done'; result: CsvImportResult }
  | { kind: 'problems'; message: string; problems: CsvImportProblem[] }
  | { kind: 'failed'; message: string };

const problemsOf = (data: unknown): CsvImportProblem[] | null => {
  const problems = (data as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? (problems as CsvImportProblem[]) : null;
};

const numberFormat = new Intl.NumberFormat('en-US');

/** What the import is doing, for the progress bar's label. */
function progressLabel(job: CsvImportJob | null): string {
  const progress = job?.progress;
  if (!job || !progress) return job ? 'Waiting for the import to start...' : 'Uploading the file...';
  const counted = `${numberFormat.format(progress.done)} of ${numberFormat.format(progress.total)} rows`;
  if (progress.phase === 'checking') return `Checking ${numberFormat.format(progress.total)} rows...`;
  if (progress.phase === 'undoing')
    return `A row changed meanwhile; putting back what was applied: ${counted}`;
  return `Importing: ${counted}`;
}

/**
 * Catalogue export and import. The import runs on the server as a background job, whose progress this shows
 * as it goes. It is all or nothing: the API checks every row first and, when any is wrong, changes nothing
 * and lists each problem with its row number, which this shows in full.
 */
export function CsvTools({ onExport, onImport, onImported }: CsvToolsProps) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [job, setJob] = useState<CsvImportJob | null>(null);

  const exportCsv = async () => {
    setBusy('export');
    setExportFailure(null);
    try {
      const { blob, fileName } = await onExport();
      saveBlob(blob, fileName ?? 'kshop-catalogue.csv');
    } catch (error) {
      setExportFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const importCsv = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) {
      setOutcome({ kind: 'failed', message: 'Choose a CSV file first.' });
      return;
    }
    setBusy('import');
    setOutcome(null);
    setJob(null);
    try {
      const result = await onImport(file, setJob);
      setOutcome({ kind: 'done', result });
      onImported();
    } catch (error) {
      const problems = isApiError(error) ? problemsOf(error.data) : null;
      setOutcome(
        problems
          ? { kind: 'problems', message: errorMessage(error), problems }
          : { kind: 'failed', message: errorMessage(error) },
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="panel" aria-labelledby="csv-heading">
      <h2 id="csv-heading">Catalogue CSV</h2>
      <div className="csv-tools">
        <div>
          <p className="field__hint">Every product option with its prices and stock, one row per option.</p>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy !== null}
            onClick={() => void exportCsv()}
          >
            {busy === 'export' ? 'Exporting...' : 'Export CSV'}
          </button>
          {exportFailure && (
            <p role="alert" className="form-error section-gap">
              {exportFailure}
            </p>
          )}
        </div>
        <form onSubmit={(event) => void importCsv(event)} noValidate className="csv-tools__import">
          <div className="field">
            <label htmlFor={fileId}>CSV file to import</label>
            <input
              id={fileId}
              type="file"
              accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
              aria-describedby={`${fileId}-hint`}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setOutcome(null);
              }}
            />
            <p id={`${fileId}-hint`} className="field__hint">
              Same columns as the export. Rows with an option_uuid update that option; rows without one create
              it. Nothing changes unless every row is valid.
            </p>
          </div>
          <button type="submit" className="button" disabled={busy !== null}>
            {busy === 'import' ? 'Importing...' : 'Import CSV'}
          </button>
        </form>
      </div>
      {busy === 'import' && (
        <div className="csv-progress section-gap">
          <p id={`${fileId}-progress`}>{progressLabel(job)}</p>
          <progress
            aria-labelledby={`${fileId}-progress`}
            max={job?.progress?.total || 1}
            value={job?.progress?.phase === 'checking' ? undefined : (job?.progress?.done ?? undefined)}
          />
        </div>
      )}
      <div aria-live="polite">
        {outcome?.kind === 'done' && (
          <p role="status" className="notice section-gap">
            Imported {outcome.result.products} {outcome.result.products === 1 ? 'product' : 'products'} and{' '}
            {outcome.result.options} {outcome.result.options === 1 ? 'option' : 'options'}.
          </p>
        )}
        {outcome?.kind === 'failed' && (
          <p role="alert" className="form-error section-gap">
            {outcome.message}
          </p>
        )}
      </div>
      {outcome?.kind === 'problems' && (
        <div role="alert" className="csv-problems section-gap">
          <p className="form-error">{outcome.message}</p>
          <table className="table">
            <caption>Problems in the CSV file</caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Row
                </th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {outcome.problems.map((problem, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one row may have several problems; the order is the key
                <tr key={index}>
                  <td className="num">{problem.row}</td>
                  <td>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
