import { INT_RANGE } from '../schemas/primitives.js';

/** The most lines one quick-order check or add takes (issue 35). */
export const QUICK_ORDER_MAX_LINES = 500;
/** The longest code a line may carry: SKUs are at most 64 characters, barcodes shorter. */
export const QUICK_ORDER_CODE_MAX = 100;

/** A line read from pasted text or an uploaded sheet: its line (row) number, its code as text, its quantity. */
export type QuickOrderRow = { line: number; code: string; quantity: number };
/** A line whose quantity is not a whole number of at least 1 (or is missing). */
export type QuickOrderBadRow = { line: number; code: string; quantityText: string };
export type QuickOrderRows = { rows: QuickOrderRow[]; bad: QuickOrderBadRow[] };

const WHOLE = /^\+?\d+$/;

/**
 * A cell as a code: trimmed, and out of the `="00123"` wrapper Excel users write to keep leading zeros in a CSV.
 * Never read as a number, so '00123' stays '00123' and an all-digit SKU stays text.
 */
export function quickOrderCode(cell: string): string {
  const text = cell.trim();
  const wrapped = /^="(.*)"$/.exec(text);
  return (wrapped ? wrapped[1]! : text).replace(/^"(.*)"$/, '$1').trim();
}

const quantityOf = (cell: string): number | null => {
  const text = cell.trim().replace(/^="(.*)"$/, '$1');
  if (!WHOLE.test(text)) return null;
  const n = Number(text);
  return n >= INT_RANGE.quantity.min && n <= INT_RANGE.quantity.max ? n : null;
};

/**
 * Rows of cells (a sheet, or pasted text cut into cells) as quick-order lines: the first cell is the code, the
 * second the quantity, the rest is ignored. Rows are numbered from 1 as the sheet or the text numbers them. A row
 * without a code is skipped (blank rows, totals); so is the first row with a code when its quantity is a word,
 * not a number (a header such as `SKU, Qty`). Any other row whose quantity is not a whole number of at least 1 is bad.
 */
export function quickOrderRows(cells: readonly (readonly string[])[]): QuickOrderRows {
  const rows: QuickOrderRow[] = [];
  const bad: QuickOrderBadRow[] = [];
  let first = true;
  cells.forEach((row, index) => {
    const code = quickOrderCode(row[0] ?? '');
    if (code === '') return;
    const quantityText = (row[1] ?? '').trim();
    const quantity = quantityOf(quantityText);
    const isFirst = first;
    first = false;
    if (quantity === null) {
      if (isFirst && quantityText !== '' && !/^[+-]?[\d.,\s]+$/.test(quantityText)) return;
      bad.push({ line: index + 1, code, quantityText });
      return;
    }
    rows.push({ line: index + 1, code, quantity });
  });
  return { rows, bad };
}

/**
 * Pasted text, one line each: cells split at a tab (as copied from Excel), a comma or semicolon, or a run of
 * spaces. Line numbers are the text's own, blank lines included.
 */
export function quickOrderTextCells(text: string): string[][] {
  return text.split(/\r\n|\r|\n/).map((line) => {
    const trimmed = line.trim();
    if (trimmed === '') return [];
    if (trimmed.includes('\t')) return trimmed.split('\t');
    if (/[,;]/.test(trimmed)) return trimmed.split(/[,;]/);
    return trimmed.split(/\s+/);
  });
}

/** `quickOrderRows` of pasted text. */
export const parseQuickOrderText = (text: string): QuickOrderRows =>
  quickOrderRows(quickOrderTextCells(text));
