import { envelope, orderDetailParams, shipmentCreateRequest, shipmentCreateResponse } from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { CHANNELS } from '../../plugins/notifications.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import { mailShipment, shipOrder } from './shipments.service.js';

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
      // Stock changed: the other instances' catalogue caches learn of it.
      app.notifications.announce(CHANNELS.catalogue);
      mailShipment(app.mailer, done).catch((err) => request.log.error({ err }, 'could not mail a shipment'));
      return ok(
        { shipmentUuid: done.shipment.shipmentUuid, status: done.status, complete: done.complete },
        done.complete ? 'Shipped: the order is now SHIPPED.' : 'Shipment recorded.',
      );
    },
  );
};

export default shipmentAdminRoutes;
