import {
  buyerIdParams,
  buyerOrderOptionsQuery,
  buyerOrderOptionsResponse,
  TAKEN_ORDER_MESSAGES,
  takenOrderRequest,
  takenOrderResponse,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import { answerOnce } from '../idempotency/idempotency.js';
import { findBuyer, optionsForBuyer, placeTakenOrder } from './orders.taken.js';

/** Back office: orders taken for a buyer (phone and KakaoTalk orders), and the options the form offers. */
const takenOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Place an order for an approved buyer: the storefront's checks, stock holds, amounts and e-mails; recorded as taken by the staff member. An Idempotency-Key header makes a repeat answer as the first did.",
        body: takenOrderRequest,
        response: { 200: takenOrderResponse },
      },
    },
    async (request, reply) => {
      const me = requireStaff(request);
      // The key of a repeated request is the buyer's: an unknown buyer is refused before it is claimed.
      if (!(await findBuyer(app.db, request.body.buyerId)))
        throw notFound(TAKEN_ORDER_MESSAGES.buyerNotFound, 'BUYER_NOT_FOUND');
      return answerOnce(app.db, request, reply, request.body.buyerId, async (db) => {
        const placed = await placeTakenOrder(db, request.body, me.id, request.log);
        return {
          answer: ok({ uuid: placed.uuid, orderNumber: placed.orderNumber }, TAKEN_ORDER_MESSAGES.placed),
          afterCommit: () => {
            // The order's statement changed stock without notifying (see writeOrder), and queued the storefront
            // order's two mails: the buyer's receipt and the shop's notice (naming who took it).
            app.catalogueChanged(...placed.catalogue);
            app.mailer.sender.wake();
          },
        };
      });
    },
  );

  app.get(
    '/buyers/:id/order-options',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Options for an order taken for the buyer: live available stock, quantity rules and the unit price in the buyer's currency",
        params: buyerIdParams,
        querystring: buyerOrderOptionsQuery,
        response: { 200: buyerOrderOptionsResponse },
      },
    },
    async (request) => {
      requireStaff(request);
      return ok(await optionsForBuyer(app.db, request.params.id, request.query.q || undefined));
    },
  );
};

export default takenOrderRoutes;
