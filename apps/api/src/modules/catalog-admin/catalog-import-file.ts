import { CsvRowTooWide, type CsvSeparator, csvLine, csvRows, detectSeparator } from '../../lib/csv.js';
import { readSpreadsheetText } from '../../lib/spreadsheet-text.js';
import { readWorkbookRows, type WorkbookLimits } from '../../lib/xlsx/workbook-rows.js';
import { csvTextProblem } from './catalog-csv-parse.js';

/**
 * An uploaded import file as CSV text, whatever it was: CSV in any of the encodings Korean Excel writes,
 * or an Excel workbook whose first sheet becomes CSV here. Runs in the worker pool
 * (workers/catalogue-file.task.ts): nothing in a file is read on the server's event loop.
 */
export type ImportFile =
  | { ok: true; csv: string; separator: CsvSeparator }
  | {
      ok: false;
      problem: string;
      code: 'XLSX_UNREADABLE' | 'CSV_ENCODING' | 'CSV_TEXT' | 'IMPORT_TOO_LARGE';
    };

const MB = 1024 * 1024;

/**
 * What an import reads of a file, checked before the work each guards. Rows: the import's own limit, the
 * header included. Columns: the import names 29, Excel allows 16,384; a thousand leaves room for columns
 * of notes and refuses a sheet that reaches far right (a stray cell at ZZZZZZ1). Cells: a reader fills
 * every row up to the widest, so 200,000 rows by 50 columns or 10,000 by 1,000 is the most it builds.
 * Sizes: a workbook as the shop's export writes it unpacks to about 1.7 KB a row (Korean texts, 28 columns),
 * so the largest upload (20 MB, about 131,000 rows) unpacks to about 220 MB; the 200 MB the import took
 * before let about 120,000 rows through, and a zip bomb is refused from its directory.
 */
export const IMPORT_LIMITS: WorkbookLimits = {
  rows: 200_000,
  columns: 1_000,
  cells: 10_000_000,
  partBytes: 150 * MB,
  smallPartBytes: 10 * MB,
  totalBytes: 200 * MB,
};

const count = (n: number) => n.toLocaleString('en-US');

/** Why the rows of a CSV text are more than an import takes, or null; stops at the first row over. */
function csvSizeProblem(text: string, separator: CsvSeparator): string | null {
  let rows = 0;
  try {
    for (const _row of csvRows(text, separator, IMPORT_LIMITS.columns)) {
      if (++rows > IMPORT_LIMITS.rows)
        return `This file is too large to import (it has more than ${count(IMPORT_LIMITS.rows)} rows): split it into smaller files and import each.`;
    }
  } catch (err) {
    if (!(err instanceof CsvRowTooWide)) throw err;
    return `This file is too large to import (line ${count(rows + 1)} has more than ${count(IMPORT_LIMITS.columns)} columns): save it again from the catalogue's export, and import that file.`;
  }
  return null;
}

export async function readImportFile(bytes: Uint8Array, isWorkbook: boolean): Promise<ImportFile> {
  if (isWorkbook) {
    const sheet = await readWorkbookRows(bytes, IMPORT_LIMITS);
    if (!sheet.ok)
      return {
        ok: false,
        problem: sheet.problem,
        code: sheet.tooLarge ? 'IMPORT_TOO_LARGE' : 'XLSX_UNREADABLE',
      };
    const csv = `${sheet.rows.map((cells) => csvLine(cells)).join('\r\n')}\r\n`;
    const unreadable = csvTextProblem(csv);
    if (unreadable)
      return { ok: false, problem: unreadable.replace('CSV file', 'workbook'), code: 'CSV_TEXT' };
    return { ok: true, csv, separator: ',' };
  }
  const file = readSpreadsheetText(bytes);
  if (!file.ok) return { ok: false, problem: file.problem, code: 'CSV_ENCODING' };
  const unreadable = csvTextProblem(file.text);
  if (unreadable) return { ok: false, problem: unreadable, code: 'CSV_TEXT' };
  const separator = detectSeparator(file.text);
  const tooLarge = csvSizeProblem(file.text, separator);
  if (tooLarge) return { ok: false, problem: tooLarge, code: 'IMPORT_TOO_LARGE' };
  return { ok: true, csv: file.text.replace(/^\uFEFF/, ''), separator };
}
