import {
  adminStockAlertCountsResponse,
  adminStockAlertParams,
  stockAlertListResponse,
  stockAlertMessages,
  stockAlertParams,
  stockAlertResponse,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { requireApprovedBuyer } from '../../plugins/auth.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import * as alerts from './stock-alerts.service.js';

/** "Notify me" on the product detail: approved members only, each sees and changes only their own requests. */
export const stockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(
    alerts.STOCK_ALERT_JOB,
    alerts.stockAlertJob(app.db, app.mailer, app.shopAddress.current),
  );

  app.get(
    '/product/detail/:optionUuid/notify',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The options of this product the member asked to be notified about',
        params: stockAlertParams,
        response: { 200: stockAlertListResponse },
      },
    },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      return ok(await alerts.waitingOptions(app.db, buyer.id, request.params.optionUuid));
    },
  );

  app.post(
    '/product/option/:optionUuid/notify',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Mail me once when this sold-out option can be ordered again',
        params: stockAlertParams,
        response: { 200: stockAlertResponse },
      },
    },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      return ok(
        await alerts.subscribe(app.db, buyer.id, request.params.optionUuid, request.log),
        stockAlertMessages.subscribed,
      );
    },
  );

  app.delete(
    '/product/option/:optionUuid/notify',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Stop waiting for this option',
        params: stockAlertParams,
        response: { 200: stockAlertResponse },
      },
    },
    async (request) => {
      const buyer = requireApprovedBuyer(request);
      return ok(
        await alerts.unsubscribe(app.db, buyer.id, request.params.optionUuid),
        stockAlertMessages.cancelled,
      );
    },
  );
};

/** Back office: how many members wait for each option of a product. */
export const stockAlertAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/:id/stock-alerts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Members waiting for each option of a product to be back in stock',
        params: adminStockAlertParams,
        response: { 200: adminStockAlertCountsResponse },
      },
    },
    async (request) => {
      requireStaff(request);
      return ok(await alerts.waitingCounts(app.db, request.params.id));
    },
  );
};
