import {
  envelope,
  orderDetailParams,
  shipmentCreateRequest,
  shipmentCreateResponse,
  uuidParam,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import { stockChanges } from '../catalog/catalogue-changes.js';
import { optionText } from '../documents/documents.format.js';
import { sendPdf } from '../documents/documents.routes.js';
import { orderDocument } from '../documents/documents.service.js';
import { shipmentsOf } from './shipments.repository.js';
import { mailShipment, shipOrder } from './shipments.service.js';

type Line = Awaited<ReturnType<typeof orderDocument>>['lines'][number];
const shipmentParams = orderDetailParams.extend({ shipmentUuid: uuidParam('shipmentUuid') });

/** Back office: an order ships in one or more parcels, each with carrier, tracking number and lines. */
const shipmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:uuid/shipments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Ship lines of an order (all or part of what is open) with carrier and tracking number',
        params: orderDetailParams,
        body: shipmentCreateRequest,
        response: { 200: envelope(shipmentCreateResponse) },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      const done = await shipOrder(app.db, request.params.uuid, request.body, me.id, request.log);
      // Stock changed (its statements notified too): this instance's details of those options go at once.
      app.catalogueChanged(...stockChanges(done.shippedOptionIds, []));
      await mailShipment(app.mailer, done).catch((err) =>
        request.log.error({ err }, 'could not mail a shipment'),
      );
      return ok(
        { shipmentUuid: done.shipment.shipmentUuid, status: done.status, complete: done.complete },
        done.complete ? 'Shipped: the order is now SHIPPED.' : 'Shipment recorded.',
      );
    },
  );

  app.get(
    '/orders/:uuid/shipments/:shipmentUuid/packing-list.pdf',
    {
      schema: {
        tags: ['admin'],
        summary: "One parcel's packing list (its lines and quantities, carrier and tracking number) as a PDF",
        params: shipmentParams,
      },
    },
    async (request, reply) => {
      requireStaff(request);
      const { uuid, shipmentUuid } = request.params;
      const order = await orderDocument(app.db, uuid);
      const parcels = await shipmentsOf(app.db, [uuid]);
      const index = parcels.findIndex((p) => p.shipmentUuid === shipmentUuid);
      const parcel = parcels[index];
      if (!parcel) throw notFound('This shipment does not exist on this order.', 'SHIPMENT_NOT_FOUND');
      const pdf = await app.untrustedWork.run('orderPdf', {
        document: 'packingList',
        order: {
          ...order,
          // The order's own lines (whatever they print), with this parcel's quantities.
          lines: parcel.lines.map((l) => {
            const option = optionText(l.optionNameValue1, l.optionNameValue2);
            const same = order.lines.find((d) => d.title === l.productTitle && d.option === option);
            return {
              ...same,
              title: l.productTitle,
              option,
              quantity: l.quantity,
              unitPrice: 0,
              amount: 0,
            } as Line;
          }),
          shipment: { number: index + 1, carrier: parcel.carrier, trackingNumber: parcel.trackingNumber },
        },
      });
      return sendPdf(reply, `packing-list-${order.orderNumber}-${index + 1}.pdf`, pdf);
    },
  );
};

export default shipmentAdminRoutes;
