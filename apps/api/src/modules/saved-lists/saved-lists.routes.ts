import {
  envelope,
  QUICK_ORDER_MESSAGES,
  quickOrderAddResponse,
  SAVED_LIST_MESSAGES,
  savedListAddLinesRequest,
  savedListCreateRequest,
  savedListLineParams,
  savedListLineRequest,
  savedListParams,
  savedListRenameRequest,
  savedListResponse,
  savedListSummaryResponse,
  savedListsResponse,
  shopMessages,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { currencyOf, requireApprovedBuyer } from '../../plugins/auth.js';
import { answerOnce } from '../idempotency/idempotency.js';
import * as savedLists from './saved-lists.service.js';

const TAGS = ['saved lists'];

/**
 * Saved lists (issue 35): a member's named restock lists, filled from the cart, a quick-order table or product
 * pages, and put into the cart in one step with quick order's checks. Approved members only; another member's list
 * is answered 404. The calls that add (a list, lines, a list into the cart) take an Idempotency-Key.
 */
const savedListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/lists',
    {
      schema: {
        tags: TAGS,
        summary: "The member's lists, the last changed first",
        response: { 200: savedListsResponse },
      },
    },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      return ok({ lists: await savedLists.lists(app.db, buyer.id) });
    },
  );

  app.post(
    '/lists',
    {
      schema: {
        tags: TAGS,
        summary: 'A new list: empty, of the lines given, or of the cart as it is (fromCart)',
        body: savedListCreateRequest,
        response: { 200: savedListSummaryResponse },
      },
    },
    async (request, reply) => {
      const buyer = requireApprovedBuyer(request);
      return answerOnce(app.db, request, reply, buyer.id, async (db) => {
        const list = await savedLists.create(db, buyer.id, request.body, request.log);
        const message = list.lineCount
          ? SAVED_LIST_MESSAGES.saved(list.lineCount)
          : SAVED_LIST_MESSAGES.created;
        return { answer: ok(list, message) };
      });
    },
  );

  app.get(
    '/lists/:listUuid',
    {
      schema: {
        tags: TAGS,
        summary: "A list's lines, each checked as putting the list into the cart would now check it",
        params: savedListParams,
        response: { 200: savedListResponse },
      },
    },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      return ok(await savedLists.detail(app.db, buyer.id, currencyOf(buyer), request.params.listUuid));
    },
  );

  app.patch(
    '/lists/:listUuid',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename a list',
        params: savedListParams,
        body: savedListRenameRequest,
        response: { 200: savedListSummaryResponse },
      },
    },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      const list = await savedLists.rename(
        app.db,
        buyer.id,
        request.params.listUuid,
        request.body.name,
        request.log,
      );
      return ok(list, SAVED_LIST_MESSAGES.renamed);
    },
  );

  app.delete(
    '/lists/:listUuid',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a list',
        params: savedListParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      await savedLists.remove(app.db, buyer.id, request.params.listUuid, request.log);
      return ok(null, SAVED_LIST_MESSAGES.deleted);
    },
  );

  app.post(
    '/lists/:listUuid/lines',
    {
      schema: {
        tags: TAGS,
        summary: 'Add lines to a list; a product option already in it has the quantity added',
        params: savedListParams,
        body: savedListAddLinesRequest,
        response: { 200: savedListSummaryResponse },
      },
    },
    async (request, reply) => {
      const buyer = requireApprovedBuyer(request);
      return answerOnce(app.db, request, reply, buyer.id, async (db) => {
        const list = await savedLists.addLines(
          db,
          buyer.id,
          request.params.listUuid,
          request.body,
          request.log,
        );
        return { answer: ok(list, SAVED_LIST_MESSAGES.saved(request.body.lines.length)) };
      });
    },
  );

  app.put(
    '/lists/:listUuid/lines/:productOptionUuid',
    {
      schema: {
        tags: TAGS,
        summary: "Set a line's quantity",
        params: savedListLineParams,
        body: savedListLineRequest,
        response: { 200: savedListSummaryResponse },
      },
    },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      const { listUuid, productOptionUuid } = request.params;
      const list = await savedLists.changeLine(
        app.db,
        buyer.id,
        listUuid,
        productOptionUuid,
        request.body.quantity,
        request.log,
      );
      return ok(list, SAVED_LIST_MESSAGES.lineChanged);
    },
  );

  app.delete(
    '/lists/:listUuid/lines/:productOptionUuid',
    {
      schema: {
        tags: TAGS,
        summary: 'Take a line out of a list',
        params: savedListLineParams,
        response: { 200: savedListSummaryResponse },
      },
    },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      const { listUuid, productOptionUuid } = request.params;
      const list = await savedLists.changeLine(
        app.db,
        buyer.id,
        listUuid,
        productOptionUuid,
        null,
        request.log,
      );
      return ok(list, SAVED_LIST_MESSAGES.lineRemoved);
    },
  );

  app.post(
    '/lists/:listUuid/cart',
    {
      schema: {
        tags: TAGS,
        summary:
          'Put the whole list into the cart in one step, checked as quick order checks; the lines left out are said',
        params: savedListParams,
        response: { 200: quickOrderAddResponse },
      },
    },
    async (request, reply) => {
      const buyer = requireApprovedBuyer(request);
      return answerOnce(app.db, request, reply, buyer.id, async (db) => {
        const data = await savedLists.toCart(
          db,
          buyer.id,
          currencyOf(buyer),
          request.params.listUuid,
          request.log,
        );
        const message = data.added.length
          ? QUICK_ORDER_MESSAGES.added(data.added.length)
          : shopMessages.cart.nothingAdded;
        return { answer: ok(data, message) };
      });
    },
  );
};

export default savedListRoutes;
