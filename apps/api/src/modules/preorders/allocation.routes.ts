import {
  ALLOCATION_MESSAGES,
  allocationCommitRequest,
  allocationQuery,
  allocationResponse,
  BACKORDER_CHOICES,
  backorderChoiceRequest,
  envelope,
  goodsReceiptRequest,
  goodsReceiptResponse,
  messages,
  orderNumberParams,
  uuidParam,
} from '@kshop/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lockBuyer } from '../../db/row-locks.js';
import { buyers } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { requireBuyer } from '../../plugins/auth.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as orderRepo from '../orders/orders.repository.js';
import { commitAllocation, previewAllocation, recordReceipt } from './allocation.service.js';

const optionParams = z.object({ optionId: uuidParam('optionId') });

/** Back office: goods receipts and allocation of pre-order options (issue 34), and an order's backorder choice. */
export const allocationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/product-options/:optionId/allocation',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Preview how an option's goods on hand would be shared among its waiting pre-orders by a rule; nothing changes",
        params: optionParams,
        querystring: allocationQuery,
        response: { 200: allocationResponse },
      },
    },
    async (request) => {
      requireStaff(request);
      return ok(await previewAllocation(app.db, request.params.optionId, request.query));
    },
  );

  app.post(
    '/product-options/:optionId/receipts',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Record goods that arrived for an option: its stock rises. When what is on hand fills every waiting pre-order line, they are all allocated at once (held, history, each buyer mailed; `allocatedOnReceipt` says how many); answers the allocation's preview",
        params: optionParams,
        body: goodsReceiptRequest,
        response: { 200: goodsReceiptResponse },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      const recorded = await recordReceipt(
        app.db,
        request.params.optionId,
        request.body,
        me.id,
        { rule: 'PRO_RATA', minimumPerBuyer: 0 },
        request.log,
      );
      // Each buyer's share, once a receipt that filled every line is committed.
      for (const mail of recorded.mails) await app.mailer.send(mail);
      const filled = recorded.view.allocatedOnReceipt;
      return ok(
        recorded.view,
        filled
          ? ALLOCATION_MESSAGES.allocatedOnReceipt(filled.lines, filled.units)
          : ALLOCATION_MESSAGES.receiptRecorded,
      );
    },
  );

  app.post(
    '/product-options/:optionId/allocation',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Commit an allocation as previewed (its basis): each waiting pre-order line holds its share, the rest stays on backorder or is cut, each buyer is mailed. 409 when the figures changed since the preview',
        params: optionParams,
        body: allocationCommitRequest,
        response: { 200: allocationResponse },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      const done = await commitAllocation(app.db, request.params.optionId, request.body, me.id, request.log);
      // Each buyer's share, once the allocation is committed.
      for (const mail of done.mails) await app.mailer.send(mail);
      return ok(done.view, ALLOCATION_MESSAGES.committed);
    },
  );

  app.put(
    '/orders/:orderNumber/backorder-choice',
    {
      schema: {
        tags: ['admin'],
        summary:
          'For this order, keep short pre-order units on backorder or cut them (null: as the buyer chose on their account)',
        params: orderNumberParams,
        body: backorderChoiceRequest,
        response: { 200: envelope(backorderChoiceRequest) },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      await inTransaction(app.db, async (tx) => {
        const order = await orderRepo.lockOrderByNumber(tx, request.params.orderNumber);
        if (!order) throw notFound(messages.order.notFound, 'ORDER_NOT_FOUND');
        await orderRepo.setBackorderChoice(tx, order.id, request.body.choice);
        await recordAudit(tx, {
          staffId: me.id,
          action: 'order.backorder-choice',
          entity: 'order',
          entityId: order.orderNumber,
          before: { choice: order.backorderChoice },
          after: { choice: request.body.choice },
        });
      });
      return ok(request.body);
    },
  );
};

/** A member's standing choice for pre-order units an allocation leaves short (default: keep on backorder). */
export const backorderChoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const buyerChoice = backorderChoiceRequest.extend({ choice: z.enum(BACKORDER_CHOICES) });
  app.get(
    '/user/backorder-choice',
    {
      schema: {
        tags: ['account'],
        summary: 'What becomes of pre-order units an allocation leaves short: kept on backorder or cancelled',
        response: { 200: envelope(buyerChoice) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select({ choice: buyers.backorderChoice })
        .from(buyers)
        .where(eq(buyers.id, requireBuyer(request).id));
      return ok({ choice: row?.choice ?? 'KEEP' });
    },
  );
  app.put(
    '/user/backorder-choice',
    {
      schema: {
        tags: ['account'],
        summary: 'Choose what becomes of pre-order units an allocation leaves short',
        body: buyerChoice,
        response: { 200: envelope(buyerChoice) },
      },
    },
    async (request) => {
      const id = requireBuyer(request).id;
      await inTransaction(app.db, async (tx) => {
        await lockBuyer(tx, id);
        await tx.update(buyers).set({ backorderChoice: request.body.choice }).where(eq(buyers.id, id));
      });
      return ok(request.body);
    },
  );
};
