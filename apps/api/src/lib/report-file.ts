import type { FastifyReply } from 'fastify';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import { csvLine } from './csv.js';

/*
 * The back office's report files (label order, release week): one header row and rows of texts and numbers,
 * as a CSV or an Excel workbook, sent as a download whose headers follow the request's language.
 */

export type ReportCell = string | number | null;
export type ReportFormat = 'csv' | 'xlsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** CSV with a byte order mark (Excel reads Korean as UTF-8); texts that look like formulas are defused. */
export const reportCsv = (columns: string[], rows: ReportCell[][]) =>
  `\uFEFF${[columns, ...rows].map(csvLine).join('\r\n')}\r\n`;

/** The same rows as an Excel workbook: numbers stay numbers, texts stay texts (never formulas). */
export function reportXlsx(columns: string[], rows: ReportCell[][], sheet: string): Promise<Buffer> {
  const data: SheetData = [
    columns.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((cells) =>
      cells.map((value) =>
        value === null ? null : typeof value === 'number' ? { value, type: Number } : { value, type: String },
      ),
    ),
  ];
  return writeXlsxFile(data, { sheet, stickyRowsCount: 1 }).toBuffer();
}

/** `kshop-<name>-<first 8 of the id>-<UTC date>.<format>`. */
export const reportFileName = (name: string, id: string, format: ReportFormat) =>
  `kshop-${name}-${id.slice(0, 8)}-${new Date().toISOString().slice(0, 10)}.${format}`;

/** Sends a report as a download; the route's response schema describes its JSON answer, not the file. */
export async function sendReport(
  reply: FastifyReply,
  format: ReportFormat,
  fileName: string,
  file: { columns: string[]; rows: ReportCell[][]; sheet: string },
) {
  const download = reply
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Vary', 'Accept-Language');
  if (format === 'csv')
    return download.type('text/csv; charset=utf-8').send(reportCsv(file.columns, file.rows));
  return download.type(XLSX_TYPE).send(await reportXlsx(file.columns, file.rows, file.sheet));
}
