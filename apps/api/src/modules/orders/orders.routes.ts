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
import * as orders from './orders.service.js';

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/order',
    {
      schema: {
        tags: ['orders'],
        summary: 'Place an order: prices are checked, stock is held, the lines leave the cart',
        body: orderCreateRequest,
        response: { 200: orderCreateResponse },
      },
    },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      const currency = currencyOf(buyer);
      const placed = await orders.placeOrder(app.db, buyer.id, currency, request.body);
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
          text: `Order ${placed.orderNumber} (${total}) from ${request.body.receiverInfo.companyName} waits for a person in charge.`,
        },
      ];
      for (const mail of mails) {
        app.mailer.send(mail).catch((err) => request.log.error({ err }, 'could not mail about a new order'));
      }
      return ok({ uuid: placed.uuid, orderNumber: placed.orderNumber }, messages.order.placed);
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
