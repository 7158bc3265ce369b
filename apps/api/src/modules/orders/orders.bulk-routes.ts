import { bulkOrderStatusRequest, bulkOrderStatusResponse } from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import { moveOrders } from './orders.bulk.js';
import { statusChangeMail } from './status-moves.js';

/** Back office: several orders moved to one status at once, each by the rule of one by one. */
const orderBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Move selected orders to one status; answers per order whether it moved or why not',
        body: bulkOrderStatusRequest,
        response: { 200: bulkOrderStatusResponse },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      const { orderIds, to, note } = request.body;
      const { results, changes } = await moveOrders(app.db, orderIds, to, me.id, request.log, note);
      // Every moved order's mail, queued in one statement before the answer (decision 0035).
      await app.mailer
        .sendAll(changes.map(statusChangeMail))
        .catch((err) => request.log.error({ err }, 'could not mail the status changes'));
      const moved = results.filter((r) => r.ok).length;
      const refused = results.length - moved;
      const message =
        refused === 0
          ? `${moved} ${moved === 1 ? 'order is' : 'orders are'} now ${to}.`
          : `${moved} moved to ${to}, ${refused} refused.`;
      return ok({ moved, refused, results }, message);
    },
  );
};

export default orderBulkRoutes;
