import {
  orderEditParams,
  orderLineAddRequest,
  orderLineEditResponse,
  orderLineParams,
  orderLineQuantityRequest,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import * as edits from './order-edits.service.js';

/** Back office: staff change, remove and add an order's lines until it ships. */
const orderEditRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Once committed: the catalogue learns of the stock that moved (the edit's statements are quiet: only the
   * option's stock, and its product's stock state when it sold out or came back), and the buyer of the change.
   */
  const afterEdit = async (edit: edits.LineEdit, log: { error(details: object, message: string): void }) => {
    app.catalogueChanged(...edit.catalogue);
    // Queued before the answer (decision 0035): the mail is kept even if the shop stops now.
    await edits
      .mailLineEdit(app.mailer, edit)
      .catch((err) => log.error({ err }, 'could not mail an order edit'));
  };

  app.post(
    '/orders/:uuid/lines',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Add a line to an order before it ships (an option already in the order gets the quantity added)',
        params: orderEditParams,
        body: orderLineAddRequest,
        response: { 200: orderLineEditResponse },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      const edit = await edits.addLine(app.db, request.params.uuid, request.body, me.id, request.log);
      await afterEdit(edit, request.log);
      return ok(edit.change, edit.change.kind === 'LINE_ADDED' ? 'Line added.' : 'Line changed.');
    },
  );

  app.patch(
    '/orders/:uuid/lines/:lineUuid',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a line's quantity before the order ships",
        params: orderLineParams,
        body: orderLineQuantityRequest,
        response: { 200: orderLineEditResponse },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      const { uuid, lineUuid } = request.params;
      const edit = await edits.changeLineQuantity(
        app.db,
        uuid,
        lineUuid,
        request.body.quantity,
        me.id,
        request.log,
      );
      await afterEdit(edit, request.log);
      return ok(edit.change, 'Line changed.');
    },
  );

  app.delete(
    '/orders/:uuid/lines/:lineUuid',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a line that has not shipped; the last line stays (cancel the order instead)',
        params: orderLineParams,
        response: { 200: orderLineEditResponse },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      const { uuid, lineUuid } = request.params;
      const edit = await edits.removeLine(app.db, uuid, lineUuid, me.id, request.log);
      await afterEdit(edit, request.log);
      return ok(edit.change, 'Line removed.');
    },
  );
};

export default orderEditRoutes;
