import {
  messages,
  orderCreateRequest,
  orderCreateResponse,
  orderDetailParams,
  orderDetailResponse,
  orderListQuery,
  orderListResponse,
} from '@kshop/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { currencyOf, requireApprovedBuyer } from '../../plugins/auth.js';
import { keyedRequest } from '../idempotency/idempotency.js';
import * as placing from './order-placing.js';
import * as views from './order-views.js';

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/order',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Place an order: prices are checked, stock is held, the lines leave the cart. An Idempotency-Key header makes a repeat answer as the first did.',
        body: orderCreateRequest,
        response: { 200: orderCreateResponse },
      },
    },
    async (request, reply) => {
      const buyer = requireApprovedBuyer(request);
      const currency = currencyOf(buyer);
      const answer = (placed: placing.PlacedOrder) =>
        ok({ uuid: placed.uuid, orderNumber: placed.orderNumber }, messages.order.placed);
      const afterCommit = (placed: placing.PlacedOrder) => {
        // The order's statement changed stock without notifying (see writeOrder), and queued its two mails.
        app.catalogueChanged(...placed.catalogue);
        app.mailer.sender.wake();
      };
      const keyed = keyedRequest(request, buyer.id);
      if (keyed === undefined) {
        const placed = await placing.placeOrder(app.db, buyer.id, currency, request.body, request.log);
        afterCommit(placed);
        return answer(placed);
      }
      // With an Idempotency-Key the order and its answer under the key are one statement (decision 0026).
      const outcome = await placing.placeOrderOnce(
        app.db,
        buyer.id,
        currency,
        request.body,
        keyed,
        messages.order.placed,
        request.log,
      );
      if ('replay' in outcome) {
        // The stored status may be a refusal's 4xx, which the route's schema does not list.
        (reply as FastifyReply).header('Idempotent-Replayed', 'true').code(outcome.replay.statusCode);
        // The first answer as it went out: the success body, or (with its 4xx status) the refusal's envelope.
        return outcome.replay as ReturnType<typeof answer>;
      }
      afterCommit(outcome.placed);
      return answer(outcome.placed);
    },
  );

  app.get(
    '/order/list',
    {
      schema: {
        tags: ['orders'],
        summary: "The member's orders, newest first",
        querystring: orderListQuery,
        response: { 200: orderListResponse },
      },
    },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      return ok(await views.orderList(app.db, buyer.id, request.query.page, request.query.limit));
    },
  );

  app.get(
    '/order/detail/:uuid',
    {
      schema: {
        tags: ['orders'],
        summary: 'One of the member own orders',
        params: orderDetailParams,
        response: { 200: orderDetailResponse },
      },
    },
    async (request) =>
      ok(await views.orderDetailFor(app.db, requireApprovedBuyer(request).id, request.params.uuid)),
  );
};

export default orderRoutes;
