import type { Language } from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import type { ExportTable } from './export-sheet.js';
import { exportWords } from './export-words.js';
import { linesTable } from './line-table.js';
import * as repo from './order-exports.repository.js';
import { ordersTable } from './order-table.js';

/** The orders the list's filters select, one row per order, in the staff member's language. */
export async function ordersExport(
  db: Executor,
  filter: repo.ExportFilter,
  language: Language,
): Promise<ExportTable> {
  const rows = await repo.exportedOrders(db, filter);
  const [memos, parcels, payments] = await Promise.all([
    repo.memosOfSelected(db, filter),
    repo.shipmentsOfSelected(db, filter),
    repo.paymentsOfSelected(db, filter),
  ]);
  return ordersTable(rows, { memos, parcels, payments }, exportWords(language));
}

/** The lines of the orders the list's filters select, one row per line, in the staff member's language. */
export async function linesExport(
  db: Executor,
  filter: repo.ExportFilter,
  language: Language,
): Promise<ExportTable> {
  return linesTable(await repo.exportedLines(db, filter), exportWords(language));
}
