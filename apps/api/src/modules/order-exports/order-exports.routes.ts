import { adminOrderListQuery, type Language } from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import { adminOrderFilterOf } from '../orders/order-list-views.js';
import { type ExportTable, seoulDateTime, tableCsv, tableXlsx } from './export-sheet.js';
import { linesExport, ordersExport } from './order-exports.js';
import type { ExportFilter } from './order-exports.repository.js';

const exportQuery = adminOrderListQuery.omit({ page: true, limit: true });
/** The list's filters and view, `assigned=me` naming the signed-in staff member; the export keeps its own order. */
const exportFilter = (
  { sort: _sort, dir: _dir, ...query }: z.infer<typeof exportQuery>,
  me: string,
): ExportFilter => adminOrderFilterOf(query, me);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type OrderExport = {
  /** The path without its extension, and the start of the file's name: `kshop-<name>-<day>.<extension>`. */
  name: 'orders' | 'order-lines';
  what: string;
  table: (db: Executor, filter: ExportFilter, language: Language) => Promise<ExportTable>;
};

/** The accountant's two exports: one row per order (totals once), and one row per order line. */
const EXPORTS: readonly OrderExport[] = [
  { name: 'orders', what: 'The orders the filters select, one row per order', table: ordersExport },
  {
    name: 'order-lines',
    what: 'The order lines of the orders the filters select, one row per line',
    table: linesExport,
  },
];

/** Staff export the orders the list's filters select, for accounting, in their own language. */
const orderExportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Named for the shop's day in Korea, as the list's date filters count days.
  const fileName = (name: string, extension: string) =>
    `kshop-${name}-${seoulDateTime(new Date()).slice(0, 10)}.${extension}`;

  for (const { name, what, table } of EXPORTS) {
    app.get(
      `/${name}.csv`,
      { schema: { tags: ['admin'], summary: `${what}, as CSV`, querystring: exportQuery } },
      async (request, reply) => {
        const me = requireStaff(request);
        const rows = await table(app.db, exportFilter(request.query, me.id), me.language);
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${fileName(name, 'csv')}"`)
          .send(tableCsv(rows));
      },
    );

    app.get(
      `/${name}.xlsx`,
      { schema: { tags: ['admin'], summary: `${what}, as an Excel workbook`, querystring: exportQuery } },
      async (request, reply) => {
        const me = requireStaff(request);
        const rows = await table(app.db, exportFilter(request.query, me.id), me.language);
        return reply
          .type(XLSX_TYPE)
          .header('Content-Disposition', `attachment; filename="${fileName(name, 'xlsx')}"`)
          .send(await tableXlsx(rows));
      },
    );
  }
};

export default orderExportRoutes;
