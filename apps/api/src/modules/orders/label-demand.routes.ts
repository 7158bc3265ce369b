import { labelDemandParams, labelDemandQuery, labelDemandResponse } from '@kshop/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { reportFileName, sendReport } from '../../lib/report-file.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import { labelDemand, labelDemandFile } from './label-demand.js';

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
      return sendReport(
        reply as FastifyReply,
        format,
        reportFileName('label-order', demand.productUuid, format),
        labelDemandFile(demand, request.language),
      );
    },
  );
};

export default labelDemandRoutes;
