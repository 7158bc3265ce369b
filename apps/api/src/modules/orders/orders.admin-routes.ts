import {
  adminOrderListQuery,
  adminOrderListResponse,
  envelope,
  ORDER_TRANSITIONS,
  orderDetail,
  orderMemoRequest,
  orderNumberParams,
  orderStatusRequest,
  personInChargeRequest,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import * as orders from './orders.service.js';

const adminOrderDetail = orderDetail.extend({
  personInChargeStaffId: z.uuid().nullable(),
  businessRegistrationNumber: z.string(),
  nextStatuses: z.array(z.string()),
});

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
      requireStaff(request);
      const { page, limit, ...filter } = request.query;
      return ok(await orders.adminOrderList(app.db, { ...filter, limit, offset: (page - 1) * limit }));
    },
  );

  app.get(
    '/orders/:orderNumber',
    { schema: { tags: ['admin'], params: orderNumberParams, response: { 200: envelope(adminOrderDetail) } } },
    async (request) => {
      requireStaff(request);
      const detail = await orders.adminOrderDetail(app.db, request.params.orderNumber);
      return ok({ ...detail, nextStatuses: [...ORDER_TRANSITIONS[detail.status]] });
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
      const change = await orders.moveOrder(
        app.db,
        request.params.orderNumber,
        request.body.status,
        me.id,
        request.log,
      );
      orders
        .mailStatusChange(app.mailer, change)
        .catch((err) => request.log.error({ err }, 'could not mail a status change'));
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
      await orders.addMemo(app.db, request.params.orderNumber, request.body.content, me.id, request.log);
      return ok(null, 'Memo added.');
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
      await orders.assignPersonInCharge(
        app.db,
        request.params.orderNumber,
        request.body.staffId,
        me.id,
        request.log,
      );
      return ok(null, 'Person in charge updated.');
    },
  );
};

export default orderAdminRoutes;
