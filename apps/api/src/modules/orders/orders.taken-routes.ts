import {
  buyerIdParams,
  buyerOrderOptionsQuery,
  buyerOrderOptionsResponse,
  formatPrice,
  fromMinorUnits,
  TAKEN_ORDER_MESSAGES,
  takenOrderRequest,
  takenOrderResponse,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { CHANNELS } from '../../plugins/notifications.js';
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
        const total = formatPrice(fromMinorUnits(placed.finalMinor, placed.currency), placed.currency);
        // The storefront order's two e-mails: the buyer's receipt and the shop's notice.
        const mails = [
          {
            to: placed.email,
            subject: `Order ${placed.orderNumber} received`,
            text: `Thank you for your order ${placed.orderNumber} (${total}).\nA person in charge will contact you about the receipt and the tax invoice.`,
          },
          {
            to: app.config.SHOP_INBOX_EMAIL,
            subject: `New order ${placed.orderNumber}`,
            text: `Order ${placed.orderNumber} (${total}) from ${placed.companyName}, taken by ${placed.takenBy}, waits for a person in charge.`,
          },
        ];
        return {
          answer: ok({ uuid: placed.uuid, orderNumber: placed.orderNumber }, TAKEN_ORDER_MESSAGES.placed),
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
