import {
  adminOrderDetail,
  adminOrderListQuery,
  adminOrderListResponse,
  envelope,
  orderMemoParams,
  orderMemoRequest,
  orderNumberParams,
  orderStatusRequest,
  personInChargeRequest,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import * as memos from './memos.service.js';
import { adminOrderFilterOf } from './order-list-views.js';
import * as views from './order-views.js';
import { assignPersonInCharge } from './person-in-charge.js';
import { mailStatusChange, moveOrder } from './status-moves.js';

/** Back office: orders, moved by staff along the allowed transitions. */
const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      schema: {
        tags: ['admin'],
        querystring: adminOrderListQuery,
        response: { 200: adminOrderListResponse },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      const { page, limit, ...query } = request.query;
      const now = new Date();
      const filter = adminOrderFilterOf(query, me.id, now);
      return ok(
        await views.adminOrderList(app.db, { ...filter, limit, offset: (page - 1) * limit }, me.id, now),
      );
    },
  );

  app.get(
    '/orders/:orderNumber',
    { schema: { tags: ['admin'], params: orderNumberParams, response: { 200: envelope(adminOrderDetail) } } },
    async (request) => {
      const me = requireStaff(request);
      return ok(await views.adminOrderDetail(app.db, request.params.orderNumber, me));
    },
  );

  app.post(
    '/orders/:orderNumber/status',
    {
      schema: {
        tags: ['admin'],
        params: orderNumberParams,
        body: orderStatusRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      const change = await moveOrder(
        app.db,
        request.params.orderNumber,
        request.body.status,
        me.id,
        request.log,
        request.body.reason,
        { carrier: request.body.carrier, trackingNumber: request.body.trackingNumber },
      );
      // Queued before the answer (decision 0035): the mail is kept even if the shop stops now.
      await mailStatusChange(app.mailer, change).catch((err) =>
        request.log.error({ err }, 'could not mail a status change'),
      );
      return ok(null, `Order is now ${change.to}.`);
    },
  );

  app.post(
    '/orders/:orderNumber/memos',
    {
      schema: {
        tags: ['admin'],
        params: orderNumberParams,
        body: orderMemoRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      await memos.addMemo(app.db, request.params.orderNumber, request.body.content, me.id, request.log);
      return ok(null, 'Memo added.');
    },
  );

  app.patch(
    '/orders/:orderNumber/memos/:memoUuid',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a memo before the order is delivered or cancelled',
        params: orderMemoParams,
        body: orderMemoRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      const { orderNumber, memoUuid } = request.params;
      await memos.changeMemo(app.db, orderNumber, memoUuid, request.body.content, me.id, request.log);
      return ok(null, 'Memo changed.');
    },
  );

  app.post(
    '/orders/:orderNumber/memos/:memoUuid/void',
    {
      schema: {
        tags: ['admin'],
        summary: 'Void a memo: kept for staff, no longer counted, hidden from the buyer',
        params: orderMemoParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      const { orderNumber, memoUuid } = request.params;
      await memos.voidMemo(app.db, orderNumber, memoUuid, me.id, request.log);
      return ok(null, 'Memo voided.');
    },
  );

  app.post(
    '/orders/:orderNumber/person-in-charge',
    {
      schema: {
        tags: ['admin'],
        params: orderNumberParams,
        body: personInChargeRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      await assignPersonInCharge(app.db, request.params.orderNumber, request.body.staffId, me, request.log);
      return ok(null, 'Person in charge updated.');
    },
  );
};

export default orderAdminRoutes;
