import { releaseWeekParams, releaseWeekQuery, releaseWeekResponse } from '@kshop/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { reportFileName, sendReport } from '../../lib/report-file.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import { releaseWeek, releaseWeekFile } from './release-week.js';

/** Back office: a release's shipped units per Korean day, option and buyer, marked in or out of release week. */
const releaseWeekRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/:productUuid/release-week',
    {
      schema: {
        tags: ['admin'],
        summary:
          'For one product, the units shipped per Korean day, option and buyer, each row marked whether its day lies in the release week (the release date and the six days after, Korea time), with the units in, before and after it. Without a release date no row is in the week. `format=csv` or `xlsx` answers a file whose headers follow Accept-Language.',
        params: releaseWeekParams,
        querystring: releaseWeekQuery,
        response: { 200: releaseWeekResponse },
      },
    },
    async (request, reply) => {
      requireStaff(request);
      const report = await releaseWeek(app.db, request.params.productUuid);
      const { format } = request.query;
      if (!format) return ok(report);
      return sendReport(
        reply as FastifyReply,
        format,
        reportFileName('release-week', report.productUuid, format),
        releaseWeekFile(report, request.language),
      );
    },
  );
};

export default releaseWeekRoutes;
