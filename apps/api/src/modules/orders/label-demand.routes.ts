import { labelDemandParams, labelDemandQuery, labelDemandResponse } from '@kshop/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import { labelDemand, labelDemandCsv, labelDemandXlsx } from './label-demand.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Back office: what to order from the label for one product, per option and buyer, on screen or as a file. */
const labelDemandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/:productUuid/demand',
    {
      schema: {
        tags: ['admin'],
        summary:
          'For one product, per option: pieces ordered, shipped and open in orders that are not cancelled, the stock on hand and what is left to order from the label, with each buyer beneath. `format=csv` or `xlsx` answers a file whose headers follow Accept-Language.',
        params: labelDemandParams,
        querystring: labelDemandQuery,
        response: { 200: labelDemandResponse },
      },
    },
    async (request, reply) => {
      requireStaff(request);
      const demand = await labelDemand(app.db, request.params.productUuid);
      const { format } = request.query;
      if (!format) return ok(demand);
      const fileName = `kshop-label-order-${demand.productUuid.slice(0, 8)}-${new Date().toISOString().slice(0, 10)}.${format}`;
      // The response schema describes the JSON answer; a file is sent as it is.
      const file = (reply as FastifyReply)
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Vary', 'Accept-Language');
      if (format === 'csv')
        return file.type('text/csv; charset=utf-8').send(labelDemandCsv(demand, request.language));
      return file.type(XLSX_TYPE).send(await labelDemandXlsx(demand, request.language));
    },
  );
};

export default labelDemandRoutes;
