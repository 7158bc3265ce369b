import {
  buyerDetailResponse,
  buyerListQuery,
  buyerListResponse,
  envelope,
  idParams,
  reasonRequest,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import * as buyers from './buyers.service.js';

/** Back office: company accounts. */
const buyerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/buyers',
    { schema: { tags: ['admin'], querystring: buyerListQuery, response: { 200: buyerListResponse } } },
    async (request) => {
      requireStaff(request);
      const { page, limit, status, korean, q } = request.query;
      return ok(
        await buyers.buyerList(app.db, {
          status,
          korean: korean === undefined ? undefined : korean === 'true',
          q: q || undefined,
          limit,
          offset: (page - 1) * limit,
        }),
      );
    },
  );

  app.get(
    '/buyers/:id',
    { schema: { tags: ['admin'], params: idParams, response: { 200: buyerDetailResponse } } },
    async (request) => {
      requireStaff(request);
      return ok(await buyers.buyerDetail(app.db, app.storage, request.params.id));
    },
  );

  for (const decision of ['approve', 'reject', 'suspend', 'reinstate'] as const) {
    app.post(
      `/buyers/:id/${decision}`,
      {
        schema: {
          tags: ['admin'],
          params: idParams,
          body: reasonRequest,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        const me = requireStaff(request);
        await buyers.decide(
          app.db,
          app.mailer,
          { id: request.params.id },
          decision,
          request.body.reason,
          me.id,
          request.log,
        );
        return ok(null, 'Account updated.');
      },
    );
  }
};

export default buyerAdminRoutes;
