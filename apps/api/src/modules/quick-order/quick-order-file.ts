import {
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_MESSAGES,
  type QuickOrderRows,
  quickOrderRows,
} from '@kshop/contract';
import { csvRows } from '../../lib/csv.js';
import { readImportFile } from '../catalog-admin/catalog-import-file.js';

/**
 * A quick-order upload read as the catalogue import reads its files (CSV in UTF-8, UTF-16 or CP949, or an Excel
 * workbook's first sheet, within the import's limits), then cut to its first two columns: code and quantity.
 * Runs in the worker pool (workers/quick-order-file.task.ts). Cells stay text: a code is never read as a number,
 * and a workbook's number cell comes as the number Excel stores (its display format is not applied).
 */
export type QuickOrderFile =
  | ({ ok: true; text: string } & QuickOrderRows)
  | { ok: false; problem: string; code: string };

/** A cell as one line of the text the buyer fixes: no tab or line break of its own. */
const flat = (cell: string | undefined) => (cell ?? '').replace(/[\t\r\n]+/g, ' ').trim();

export async function readQuickOrderFile(bytes: Uint8Array, isWorkbook: boolean): Promise<QuickOrderFile> {
  const file = await readImportFile(bytes, isWorkbook);
  if (!file.ok) return file;
  const cells: string[][] = [];
  for (const row of csvRows(file.csv, file.separator, 1_000)) {
    cells.push([flat(row[0]), flat(row[1])]);
  }
  const parsed = quickOrderRows(cells);
  if (parsed.rows.length + parsed.bad.length > QUICK_ORDER_MAX_LINES)
    return {
      ok: false,
      problem: QUICK_ORDER_MESSAGES.tooManyLines(QUICK_ORDER_MAX_LINES),
      code: 'TOO_MANY_LINES',
    };
  const text = cells.map((row) => (row[1] === '' ? row[0] : row.join('\t'))).join('\n');
  return { ok: true, text, ...parsed };
}
