import { defuseSpreadsheetText } from '@kshop/contract';
import { useId, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';
import type { CsvImportJob, CsvImportPreview, CsvImportProblem, CsvImportResult } from '../api/catalogue-api';

type CsvToolsProps = {
  onExport: (format: 'csv' | 'xlsx') => Promise<{ blob: Blob; fileName: string | null }>;
  /** What the file would do, compared with the shop now; writes nothing. */
  onPreview: (file: Blob, overwriteStock: boolean) => Promise<CsvImportPreview>;
  /**
   * Uploads the file's bytes as they are (the shop finds their encoding; Korean Excel writes CP949) and
   * follows the import job, reporting its states, until it ends.
   */
  onImport: (
    file: Blob,
    onProgress: (job: CsvImportJob) => void,
    overwriteStock: boolean,
  ) => Promise<CsvImportResult>;
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
const plural = (n: number, one: string, many = `${one}s`) =>
  `${numberFormat.format(n)} ${n === 1 ? one : many}`;

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

/** What an import changed, counted from the rows that changed something. */
export function resultText(r: CsvImportResult): string {
  const parts = [
    `${plural(r.productsCreated, 'product')} created`,
    `${plural(r.productsChanged, 'product')} changed`,
    `${plural(r.optionsCreated, 'option')} created`,
    `${plural(r.optionsChanged, 'option')} changed`,
    `${numberFormat.format(r.optionsUnchanged)} unchanged`,
  ];
  const stock = r.stockLeftAlone ? ` Stock left alone on ${plural(r.stockLeftAlone, 'row')}.` : '';
  return `Import done: ${parts.join(', ')}.${stock}`;
}

// The SKU and message come from the uploaded file: a cell such as =HYPERLINK(...) must not run when opened.
const csvCell = (v: string | number | null) => {
  const text = v === null ? '' : typeof v === 'string' ? defuseSpreadsheetText(v) : String(v);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
/** The problems (and notices) as a CSV file staff can open next to the one they fix. */
function downloadProblems(problems: CsvImportProblem[], notices: CsvImportProblem[]) {
  const lines = [
    'row,sku,column,kind,message',
    ...problems.map((p) => [p.row, p.sku, p.column, 'problem', p.message].map(csvCell).join(',')),
    ...notices.map((p) => [p.row, p.sku, p.column, 'notice', p.message].map(csvCell).join(',')),
  ];
  saveBlob(
    new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' }),
    'kshop-import-problems.csv',
  );
}

function ProblemTable({ caption, problems }: { caption: string; problems: CsvImportProblem[] }) {
  return (
    <table className="table section-gap">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="num">
            Row
          </th>
          <th scope="col">SKU</th>
          <th scope="col">Column</th>
          <th scope="col">Problem</th>
        </tr>
      </thead>
      <tbody>
        {problems.map((problem, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one row may have several problems; the order is the key
          <tr key={index}>
            <td className="num">{problem.row}</td>
            <td>{problem.sku ?? ''}</td>
            <td>{problem.column ?? ''}</td>
            <td>{problem.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Catalogue export and import, by SKU. An import is previewed first (new, changed and unchanged rows with
 * the changed columns, and every problem with its row, SKU and column, downloadable), then applied on the
 * server as a background job whose progress this shows. It is all or nothing: with any problem nothing
 * changes. Stock that moved in the shop since the export is left alone unless staff choose to overwrite it.
 */
export function CsvTools({ onExport, onPreview, onImport, onImported }: CsvToolsProps) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [overwriteStock, setOverwriteStock] = useState(false);
  const [busy, setBusy] = useState<'export' | 'preview' | 'import' | null>(null);
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<CsvImportPreview | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [job, setJob] = useState<CsvImportJob | null>(null);

  const exportFile = async (format: 'csv' | 'xlsx') => {
    setBusy('export');
    setExportFailure(null);
    try {
      const { blob, fileName } = await onExport(format);
      saveBlob(blob, fileName ?? `kshop-catalogue.${format}`);
    } catch (error) {
      setExportFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const previewFile = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) {
      setOutcome({ kind: 'failed', message: 'Choose a CSV or Excel file first.' });
      return;
    }
    setBusy('preview');
    setOutcome(null);
    setPreview(null);
    try {
      setPreview(await onPreview(file, overwriteStock));
    } catch (error) {
      setOutcome({ kind: 'failed', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (!file) return;
    setBusy('import');
    setOutcome(null);
    setJob(null);
    try {
      const result = await onImport(file, setJob, overwriteStock);
      setPreview(null);
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

  const counts = preview?.counts;
  return (
    <section className="panel" aria-labelledby="csv-heading">
      <h2 id="csv-heading">Catalogue spreadsheet</h2>
      <div className="csv-tools">
        <div>
          <p className="field__hint">
            Every product option with its SKU, prices and stock (and the stock at export time), one row per
            option.
          </p>
          <div className="button-row">
            <button
              type="button"
              className="button button--secondary"
              disabled={busy !== null}
              onClick={() => void exportFile('csv')}
            >
              {busy === 'export' ? 'Exporting...' : 'Export CSV'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy !== null}
              onClick={() => void exportFile('xlsx')}
            >
              Export Excel
            </button>
          </div>
          {exportFailure && (
            <p role="alert" className="form-error section-gap">
              {exportFailure}
            </p>
          )}
        </div>
        <form onSubmit={(event) => void previewFile(event)} noValidate className="csv-tools__import">
          <div className="field">
            <label htmlFor={fileId}>File to import</label>
            <input
              id={fileId}
              type="file"
              accept=".csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby={`${fileId}-hint`}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setOutcome(null);
                setPreview(null);
              }}
            />
            <p id={`${fileId}-hint`} className="field__hint">
              CSV or Excel, same columns as the export. The SKU is the key: a known SKU updates its option, a
              new one creates it. Nothing changes unless every row is valid. The quantity columns
              (order_multiple, max_per_order, low_stock_threshold) and published (true/false) are optional: a
              file without them leaves those values as they are.
            </p>
          </div>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={overwriteStock}
              onChange={(event) => {
                setOverwriteStock(event.target.checked);
                setPreview(null);
              }}
            />
            Overwrite stock that moved in the shop since the export
          </label>
          <button type="submit" className="button" disabled={busy !== null}>
            {busy === 'preview' ? 'Reading the file...' : 'Preview import'}
          </button>
        </form>
      </div>

      {preview && counts && (
        <div className="csv-preview section-gap">
          <h3 id={`${fileId}-preview`}>Preview</h3>
          <p role="status">
            {plural(counts.newProducts, 'new product')}, {plural(counts.changedProducts, 'changed product')};{' '}
            {plural(counts.newOptions, 'new option')}, {plural(counts.changedOptions, 'changed option')},{' '}
            {plural(counts.unchangedOptions, 'unchanged option')}.
          </p>
          {preview.rows.length > 0 && (
            <table className="table section-gap">
              <caption>Rows that are new or change something</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Row
                  </th>
                  <th scope="col">SKU</th>
                  <th scope="col">Product</th>
                  <th scope="col">Option</th>
                  <th scope="col">Status</th>
                  <th scope="col">Changes</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.row}>
                    <td className="num">{row.row}</td>
                    <td>{row.sku ?? '(new SKU)'}</td>
                    <td>{row.title}</td>
                    <td>{row.option}</td>
                    <td>{row.status}</td>
                    <td>
                      {row.changes
                        .map((c) => `${c.column}: ${c.from || '(empty)'} → ${c.to || '(empty)'}`)
                        .join('; ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {preview.problems.length > 0 && (
            <div role="alert">
              <p className="form-error">
                {plural(preview.problems.length, 'problem')} found: fix the file and preview it again. Nothing
                has changed.
              </p>
              <ProblemTable caption="Problems in the file" problems={preview.problems} />
            </div>
          )}
          {preview.notices.length > 0 && (
            <ProblemTable caption="Stock left alone" problems={preview.notices} />
          )}
          <div className="button-row section-gap">
            {(preview.problems.length > 0 || preview.notices.length > 0) && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => downloadProblems(preview.problems, preview.notices)}
              >
                Download problems
              </button>
            )}
            {preview.problems.length === 0 && (
              <button type="button" className="button" disabled={busy !== null} onClick={() => void apply()}>
                {busy === 'import' ? 'Importing...' : 'Apply import'}
              </button>
            )}
          </div>
        </div>
      )}

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
            {resultText(outcome.result)}
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
          <ProblemTable caption="Problems in the file" problems={outcome.problems} />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => downloadProblems(outcome.problems, [])}
          >
            Download problems
          </button>
        </div>
      )}
    </section>
  );
}
