import {
  cartAddRequest,
  cartRemoveRequest,
  cartReorderRequest,
  cartReorderResponse,
  cartResponse,
  cartUpdateRequest,
  envelope,
  shopMessages,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { currencyOf, requireApprovedBuyer } from '../../plugins/auth.js';
import { answerOnce } from '../idempotency/idempotency.js';
import * as cart from './cart.service.js';

const empty = { 200: envelope(z.null()) };

/** The member's cart; prices always come from the server, in the member's currency. */
const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cart',
    { schema: { tags: ['cart'], summary: 'The cart with totals', response: { 200: cartResponse } } },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      return ok(await cart.cart(app.db, buyer.id, currencyOf(buyer)));
    },
  );

  app.post(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add options to the cart. An Idempotency-Key header makes a repeat answer as the first did.',
        body: cartAddRequest,
        response: empty,
      },
    },
    async (request, reply) => {
      const buyer = requireApprovedBuyer(request);
      return answerOnce(app.db, request, reply, buyer.id, async (db) => {
        await cart.addLines(db, buyer.id, request.body.productOptionAndQuantityList, request.log, {
          addToExisting: request.body.addToExisting,
        });
        return { answer: ok(null, 'Added to cart.') };
      });
    },
  );

  app.post(
    '/cart/reorder',
    {
      schema: {
        tags: ['cart'],
        summary:
          "ORDER AGAIN: the lines of one of the member's orders still on sale go into the cart at valid quantities; the others are named",
        body: cartReorderRequest,
        response: { 200: cartReorderResponse },
      },
    },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      const result = await cart.reorder(app.db, buyer.id, request.body.orderUuid, request.log);
      const message = result.added.length ? shopMessages.cart.added : shopMessages.cart.nothingAdded;
      return ok(result, message);
    },
  );

  app.patch(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Change the quantity of a cart line',
        body: cartUpdateRequest,
        response: empty,
      },
    },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      await cart.changeQuantity(app.db, buyer.id, request.body.cartUuid, request.body.quantity, request.log);
      return ok(null, 'Quantity updated.');
    },
  );

  app.delete(
    '/cart',
    { schema: { tags: ['cart'], summary: 'Remove a cart line', body: cartRemoveRequest, response: empty } },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      await cart.removeLine(app.db, buyer.id, request.body.cartUuid);
      return ok(null, 'Removed from cart.');
    },
  );
};

export default cartRoutes;
