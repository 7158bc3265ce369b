import { dashboardResponse } from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import { dashboard } from './dashboard.service.js';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    { schema: { tags: ['admin'], response: { 200: dashboardResponse } } },
    async (request) => {
      requireStaff(request);
      return ok(await dashboard(app.db));
    },
  );
};

export default dashboardRoutes;
