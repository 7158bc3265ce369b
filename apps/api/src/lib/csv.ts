import { defuseSpreadsheetText, restoreSpreadsheetText } from '@kshop/contract';

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string, separator: CsvSeparator = ','): string[][] {
  return [...csvRows(text, separator)];
}

export const CSV_SEPARATORS = [',', ';', '\t'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

/**
 * The separator a CSV file uses, read from its first line: a comma, or the semicolon that spreadsheets
 * write where the comma is the decimal mark, or a tab (Excel's "Unicode text"), whichever appears most
 * outside quotes. A comma when none appears.
 */
export function detectSeparator(text: string): CsvSeparator {
  const counts = new Map<CsvSeparator, number>(CSV_SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const c of text.replace(/^\uFEFF/, '')) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c as CsvSeparator))
      counts.set(c as CsvSeparator, counts.get(c as CsvSeparator)! + 1);
  }
  let best: CsvSeparator = ',';
  for (const [separator, count] of counts) if (count > counts.get(best)!) best = separator;
  return best;
}

/** A row with more fields than its reader takes, refused before the row grows any further. */
export class CsvRowTooWide extends Error {}

/**
 * The rows of a CSV one at a time (blank rows left out), so a caller can pause between them or stop. A row
 * of more than `maxFields` fields throws CsvRowTooWide.
 */
export function* csvRows(
  text: string,
  separator: CsvSeparator = ',',
  maxFields = Number.POSITIVE_INFINITY,
): Generator<string[]> {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  const finished = (cells: string[]) => cells.some((cell) => cell.trim() !== '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
      if (row.length >= maxFields) throw new CsvRowTooWide();
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      if (finished(row)) yield row;
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    if (finished(row)) yield row;
  }
}

/**
 * A cell for a spreadsheet: quoted when needed, and a text that a spreadsheet would run as a formula gets the
 * contract's apostrophe (defuseSpreadsheetText), which the import removes again (fromCsvText).
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? defuseSpreadsheetText(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const fromCsvText = restoreSpreadsheetText;

export const csvLine = (cells: (string | number | boolean | null | undefined)[]) =>
  cells.map(csvCell).join(',');
