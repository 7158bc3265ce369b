import {
  formatPrice,
  fromMinorUnits,
  messages,
  orderCreateRequest,
  orderCreateResponse,
  orderDetailParams,
  orderDetailResponse,
  orderListQuery,
  orderListResponse,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { currencyOf, requireApprovedBuyer } from '../../plugins/auth.js';
import { CHANNELS } from '../../plugins/notifications.js';
import { answerOnce } from '../idempotency/idempotency.js';
import * as orders from './orders.service.js';

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
      return answerOnce(app.db, request, reply, buyer.id, async (db) => {
        const placed = await orders.placeOrder(db, buyer.id, currency, request.body, request.log);
        const total = formatPrice(fromMinorUnits(placed.finalMinor, currency), currency);
        const mails = [
          {
            to: placed.email,
            subject: `Order ${placed.orderNumber} received`,
            text: `Thank you for your order ${placed.orderNumber} (${total}).\nA person in charge will contact you about the receipt and the tax invoice.`,
          },
          {
            to: app.config.SHOP_INBOX_EMAIL,
            subject: `New order ${placed.orderNumber}`,
            text: `Order ${placed.orderNumber} (${total}) from ${placed.companyName} waits for a person in charge.`,
          },
        ];
        return {
          answer: ok({ uuid: placed.uuid, orderNumber: placed.orderNumber }, messages.order.placed),
          afterCommit: () => {
            // The order's statement changed stock without notifying (see writeOrder).
            app.notifications.announce(CHANNELS.catalogue);
            for (const mail of mails) {
              app.mailer
                .send(mail)
                .catch((err) => request.log.error({ err }, 'could not mail about a new order'));
            }
          },
        };
      });
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
      return ok(await orders.orderList(app.db, buyer.id, request.query.page, request.query.limit));
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
      ok(await orders.orderDetailFor(app.db, requireApprovedBuyer(request).id, request.params.uuid)),
  );
};

export default orderRoutes;
