import { adminOrderListQuery } from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireStaff } from '../../plugins/staff-auth.js';
import { exportLines, linesCsv, linesXlsx } from './order-exports.js';

const exportQuery = adminOrderListQuery.omit({ page: true, limit: true });
/** The list's filters, `assigned=me` naming the signed-in staff member; the export keeps its own order. */
const exportFilter = (
  { assigned, sort: _sort, dir: _dir, ...filter }: z.infer<typeof exportQuery>,
  me: string,
) => ({
  ...filter,
  assignedTo: assigned === 'me' ? me : undefined,
});
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Staff export the orders the list's filters select, one row per order line, for accounting. */
const orderExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const fileName = (extension: string) =>
    `kshop-orders-${new Date().toISOString().slice(0, 10)}.${extension}`;

  app.get(
    '/orders.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'Order lines of the orders the filters select, as CSV (one row per line)',
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const me = requireStaff(request);
      const lines = await exportLines(app.db, exportFilter(request.query, me.id));
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName('csv')}"`)
        .send(linesCsv(lines));
    },
  );

  app.get(
    '/orders.xlsx',
    {
      schema: {
        tags: ['admin'],
        summary: 'Order lines of the orders the filters select, as an Excel workbook (one row per line)',
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const me = requireStaff(request);
      const lines = await exportLines(app.db, exportFilter(request.query, me.id));
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename="${fileName('xlsx')}"`)
        .send(await linesXlsx(lines));
    },
  );
};

export default orderExportRoutes;
