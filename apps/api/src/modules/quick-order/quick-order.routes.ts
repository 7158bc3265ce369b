import {
  QUICK_ORDER_MESSAGES,
  quickOrderAddResponse,
  quickOrderCheckResponse,
  quickOrderFileResponse,
  quickOrderRequest,
  shopMessages,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { currencyOf, requireApprovedBuyer } from '../../plugins/auth.js';
import { answerOnce } from '../idempotency/idempotency.js';
import * as quickOrder from './quick-order.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZIP_START = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** A list of 500 lines is a few kilobytes; a workbook of them with its styles well under a megabyte. */
const FILE_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Quick order (issue 35): a member pastes or uploads lines of SKU or barcode and quantity, sees what becomes of
 * each, and puts the good ones into the cart in one step. Prices are the member's; guests get 401.
 */
const quickOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/quick-order/check',
    {
      schema: {
        tags: ['cart'],
        summary: "Each line's product, quantity to add and outcome (writes nothing)",
        body: quickOrderRequest,
        response: { 200: quickOrderCheckResponse },
      },
    },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      const data = await quickOrder.check(app.db, buyer.id, currencyOf(buyer), request.body);
      return ok(data, QUICK_ORDER_MESSAGES.checked(data.addableCount, data.lines.length));
    },
  );

  app.post(
    '/quick-order/add',
    {
      schema: {
        tags: ['cart'],
        summary:
          'The lines that pass go into the cart in one step; the others are answered to fix. An Idempotency-Key header makes a repeat answer as the first did.',
        body: quickOrderRequest,
        response: { 200: quickOrderAddResponse },
      },
    },
    async (request, reply) => {
      const buyer = requireApprovedBuyer(request);
      return answerOnce(app.db, request, reply, buyer.id, async (db) => {
        const data = await quickOrder.add(db, buyer.id, currencyOf(buyer), request.body, request.log);
        const message = data.added.length
          ? QUICK_ORDER_MESSAGES.added(data.added.length)
          : shopMessages.cart.nothingAdded;
        return { answer: ok(data, message) };
      });
    },
  );

  // The file is the body, as the catalogue import takes it: CSV (UTF-8, UTF-16 or Korean CP949) or a workbook.
  app.register(async (fileScope) => {
    for (const type of ['text/csv', 'application/vnd.ms-excel', XLSX, 'application/octet-stream']) {
      fileScope.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: FILE_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
    }
    fileScope.post(
      '/quick-order/file',
      {
        schema: {
          tags: ['cart'],
          summary:
            "A CSV or Excel file's lines (first column code, second quantity) checked as /quick-order/check checks them, with the file as text",
          response: { 200: quickOrderFileResponse },
        },
      },
      async (request) => {
        const buyer = requireApprovedBuyer(request);
        const body = request.body;
        if (!Buffer.isBuffer(body))
          throw badRequest(
            'Send the file with Content-Type text/csv or the Excel workbook type.',
            'FILE_BODY',
          );
        const contentType = request.headers['content-type'] ?? '';
        const isWorkbook = contentType.startsWith(XLSX) || body.subarray(0, 4).equals(ZIP_START);
        const file = await app.untrustedWork.run('quickOrderFile', { bytes: body, isWorkbook });
        if (!file.ok) throw badRequest(file.problem, file.code);
        if (file.rows.length + file.bad.length === 0)
          throw badRequest(QUICK_ORDER_MESSAGES.noLines, 'NO_LINES');
        const data = await quickOrder.check(
          app.db,
          buyer.id,
          currencyOf(buyer),
          { lines: file.rows.map((r) => ({ code: r.code, quantity: r.quantity, line: r.line })) },
          file.bad,
        );
        return ok(
          { ...data, text: file.text },
          QUICK_ORDER_MESSAGES.checked(data.addableCount, data.lines.length),
        );
      },
    );
  });
};

export default quickOrderRoutes;
