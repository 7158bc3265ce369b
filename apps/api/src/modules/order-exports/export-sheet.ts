import { type CurrencyCode, fromMinorUnits } from '@kshop/contract';
import writeXlsxFile, { type SheetData, type Cell as XlsxCell } from 'write-excel-file/node';
import { csvLine } from '../../lib/csv.js';

/** An amount in an order's minor units: written as a plain number in the currency's major unit. */
export type Money = { minor: number; currency: CurrencyCode };

/** A cell of an export: a text, a number, a moment, an amount, or nothing. */
export type ExportCell = string | number | Date | Money | null;

/** What an export holds: a sheet name, the header row and the rows, in the same order of columns. */
export type ExportTable = { sheet: string; headers: string[]; rows: ExportCell[][] };

const SEOUL_OFFSET_MS = 9 * 3_600_000;
/** Korea keeps no daylight saving time: the shop's wall clock is UTC plus nine hours all year. */
const seoulWallClock = (at: Date) => new Date(at.getTime() + SEOUL_OFFSET_MS);

/** 'YYYY-MM-DD HH:MM' in the shop's time zone (Asia/Seoul), as the CSV writes a moment. */
export const seoulDateTime = (at: Date) => seoulWallClock(at).toISOString().slice(0, 16).replace('T', ' ');

const isMoney = (cell: ExportCell): cell is Money =>
  typeof cell === 'object' && cell !== null && 'minor' in cell;

const csvValue = (cell: ExportCell): string | number | null => {
  if (cell instanceof Date) return seoulDateTime(cell);
  if (isMoney(cell)) return fromMinorUnits(cell.minor, cell.currency);
  return cell;
};

/**
 * CSV with a byte order mark, so Excel opens the Korean text as UTF-8. Amounts are plain numbers, moments are
 * 'YYYY-MM-DD HH:MM' in Korean time, and texts that look like formulas are defused (csvLine).
 */
export const tableCsv = (table: ExportTable) =>
  `\uFEFF${[table.headers, ...table.rows.map((row) => row.map(csvValue))].map(csvLine).join('\r\n')}\r\n`;

const DATE_FORMAT = 'yyyy-mm-dd hh:mm';
const AMOUNT_FORMATS: Record<CurrencyCode, string> = { KRW: '#,##0', USD: '#,##0.00' };

const xlsxCell = (cell: ExportCell): XlsxCell => {
  if (cell === null || cell === '') return null;
  // A spreadsheet's date has no time zone: it holds the Korean wall clock, which is what staff read.
  if (cell instanceof Date) return { value: seoulWallClock(cell), type: Date, format: DATE_FORMAT };
  if (isMoney(cell)) {
    return {
      value: fromMinorUnits(cell.minor, cell.currency),
      type: Number,
      format: AMOUNT_FORMATS[cell.currency],
    };
  }
  if (typeof cell === 'number') return { value: cell, type: Number };
  return { value: cell, type: String };
};

/**
 * The same table as an Excel workbook: numbers and amounts are number cells, moments are date cells with a date
 * format, texts are text cells (never formulas, so nothing a buyer typed can run).
 */
export function tableXlsx(table: ExportTable): Promise<Buffer> {
  const data: SheetData = [
    table.headers.map((value) => ({ value, type: String, fontWeight: 'bold' as const })),
    ...table.rows.map((row) => row.map(xlsxCell)),
  ];
  return writeXlsxFile(data, { sheet: table.sheet, stickyRowsCount: 1 }).toBuffer();
}
