import { defuseSpreadsheetText } from '@kshop/contract';
import { plural, t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

/** What the import is doing, for the progress bar's label (in the screen's language). */
function progressLabel(job: CsvImportJob | null): string {
  const progress = job?.progress;
  if (!job || !progress)
    return job ? translate`Waiting for the import to start...` : translate`Uploading the file...`;
  const done = numberFormat.format(progress.done);
  const total = numberFormat.format(progress.total);
  if (progress.phase === 'checking') return translate`Checking ${total} rows...`;
  if (progress.phase === 'undoing')
    return translate`A row changed meanwhile; putting back what was applied: ${done} of ${total} rows`;
  return translate`Importing: ${done} of ${total} rows`;
}

/** What an import changed, counted from the rows that changed something (in the screen's language). */
export function resultText(r: CsvImportResult): string {
  const parts = [
    plural(r.productsCreated, { one: '# product created', other: '# products created' }),
    plural(r.productsChanged, { one: '# product changed', other: '# products changed' }),
    plural(r.optionsCreated, { one: '# option created', other: '# options created' }),
    plural(r.optionsChanged, { one: '# option changed', other: '# options changed' }),
    plural(r.optionsUnchanged, { one: '# unchanged', other: '# unchanged' }),
  ].join(', ');
  const left = r.stockLeftAlone;
  return left
    ? plural(left, {
        one: `Import done: ${parts}. Stock left alone on # row.`,
        other: `Import done: ${parts}. Stock left alone on # rows.`,
      })
    : translate`Import done: ${parts}.`;
}

/** The preview's counts, one sentence. */
function previewText(c: CsvImportPreview['counts']): string {
  return [
    plural(c.newProducts, { one: '# new product', other: '# new products' }),
    ', ',
    plural(c.changedProducts, { one: '# changed product', other: '# changed products' }),
    '; ',
    plural(c.newOptions, { one: '# new option', other: '# new options' }),
    ', ',
    plural(c.changedOptions, { one: '# changed option', other: '# changed options' }),
    ', ',
    plural(c.unchangedOptions, { one: '# unchanged option', other: '# unchanged options' }),
    '.',
  ].join('');
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
            <Trans>Row</Trans>
          </th>
          <th scope="col">SKU</th>
          <th scope="col">
            <Trans>Column</Trans>
          </th>
          <th scope="col">
            <Trans>Problem</Trans>
          </th>
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
  const { t } = useLingui();
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
      setOutcome({ kind: 'failed', message: t`Choose a CSV or Excel file first.` });
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
      <h2 id="csv-heading">
        <Trans>Catalogue spreadsheet</Trans>
      </h2>
      <div className="csv-tools">
        <div>
          <p className="field__hint">
            <Trans>
              Every product option with its SKU, prices and stock (and the stock at export time), one row per
              option.
            </Trans>
          </p>
          <div className="button-row">
            <button
              type="button"
              className="button button--secondary"
              disabled={busy !== null}
              onClick={() => void exportFile('csv')}
            >
              {busy === 'export' ? t`Exporting...` : t`Export CSV`}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy !== null}
              onClick={() => void exportFile('xlsx')}
            >
              <Trans>Export Excel</Trans>
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
            <label htmlFor={fileId}>
              <Trans>File to import</Trans>
            </label>
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
              <Trans>
                CSV or Excel, same columns as the export. The SKU is the key: a known SKU updates its option,
                a new one creates it. Nothing changes unless every row is valid. The quantity columns (
                <code>order_multiple</code>, <code>max_per_order</code>, <code>low_stock_threshold</code>) and{' '}
                <code>published</code> (<code>true</code>/<code>false</code>) are optional: a file without
                them leaves those values as they are.
              </Trans>
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
            <Trans>Overwrite stock that moved in the shop since the export</Trans>
          </label>
          <button type="submit" className="button" disabled={busy !== null}>
            {busy === 'preview' ? t`Reading the file...` : t`Preview import`}
          </button>
        </form>
      </div>

      {preview && counts && (
        <div className="csv-preview section-gap">
          <h3 id={`${fileId}-preview`}>
            <Trans>Preview</Trans>
          </h3>
          <p role="status">{previewText(counts)}</p>
          {preview.rows.length > 0 && (
            <table className="table section-gap">
              <caption>
                <Trans>Rows that are new or change something</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    <Trans>Row</Trans>
                  </th>
                  <th scope="col">SKU</th>
                  <th scope="col">
                    <Trans>Product</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Option</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Changes</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.row}>
                    <td className="num">{row.row}</td>
                    <td>{row.sku ?? t`(new SKU)`}</td>
                    <td>{row.title}</td>
                    <td>{row.option}</td>
                    <td>{row.status}</td>
                    <td>
                      {row.changes
                        .map((c) => `${c.column}: ${c.from || t`(empty)`} → ${c.to || t`(empty)`}`)
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
                {plural(preview.problems.length, {
                  one: '# problem found: fix the file and preview it again. Nothing has changed.',
                  other: '# problems found: fix the file and preview it again. Nothing has changed.',
                })}
              </p>
              <ProblemTable caption={t`Problems in the file`} problems={preview.problems} />
            </div>
          )}
          {preview.notices.length > 0 && (
            <ProblemTable caption={t`Stock left alone`} problems={preview.notices} />
          )}
          <div className="button-row section-gap">
            {(preview.problems.length > 0 || preview.notices.length > 0) && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => downloadProblems(preview.problems, preview.notices)}
              >
                <Trans>Download problems</Trans>
              </button>
            )}
            {preview.problems.length === 0 && (
              <button type="button" className="button" disabled={busy !== null} onClick={() => void apply()}>
                {busy === 'import' ? t`Importing...` : t`Apply import`}
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
          <ProblemTable caption={t`Problems in the file`} problems={outcome.problems} />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => downloadProblems(outcome.problems, [])}
          >
            <Trans>Download problems</Trans>
          </button>
        </div>
      )}
    </section>
  );
}
