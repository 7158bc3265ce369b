import { orderDetailParams } from '@kshop/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../lib/storage/storage.js';
import { requireApprovedBuyer } from '../../plugins/auth.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import { orderDocument } from './documents.service.js';

/** A PDF saved under its own name, never cached (it carries the buyer's details) nor sniffed as another type. */
export const sendPdf = (reply: FastifyReply, fileName: string, pdf: Uint8Array) =>
  reply
    .type('application/pdf')
    .header('Content-Disposition', contentDisposition(fileName))
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));

export const invoiceFileName = (orderNumber: string) => `invoice-${orderNumber}.pdf`;
export const packingListFileName = (orderNumber: string) => `packing-list-${orderNumber}.pdf`;

/** The storefront: a member downloads the pro-forma invoice of one of the member's own orders. */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/order/detail/:uuid/invoice.pdf',
    {
      schema: {
        tags: ['orders'],
        summary:
          "The pro-forma invoice of one of the member's own orders, as a PDF download; another member's order is not found",
        params: orderDetailParams,
      },
    },
    async (request, reply) => {
      const buyer = requireApprovedBuyer(request);
      const order = await orderDocument(app.db, request.params.uuid, buyer.id);
      return sendPdf(
        reply,
        invoiceFileName(order.orderNumber),
        await app.untrustedWork.run('orderPdf', { document: 'invoice', order }),
      );
    },
  );
};

/** The back office: any active staff member opens an order's invoice and packing list. */
export const documentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:uuid/invoice.pdf',
    {
      schema: {
        tags: ['admin'],
        summary: "An order's pro-forma invoice as a PDF download",
        params: orderDetailParams,
      },
    },
    async (request, reply) => {
      requireStaff(request);
      const order = await orderDocument(app.db, request.params.uuid);
      return sendPdf(
        reply,
        invoiceFileName(order.orderNumber),
        await app.untrustedWork.run('orderPdf', { document: 'invoice', order }),
      );
    },
  );

  app.get(
    '/orders/:uuid/packing-list.pdf',
    {
      schema: {
        tags: ['admin'],
        summary: "An order's packing list (lines and quantities, no prices) as a PDF download",
        params: orderDetailParams,
      },
    },
    async (request, reply) => {
      requireStaff(request);
      const order = await orderDocument(app.db, request.params.uuid);
      return sendPdf(
        reply,
        packingListFileName(order.orderNumber),
        await app.untrustedWork.run('orderPdf', { document: 'packingList', order }),
      );
    },
  );
};
