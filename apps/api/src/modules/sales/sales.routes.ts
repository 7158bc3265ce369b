import {
  salesGroupedResponse,
  salesReportQuery,
  salesSeriesQuery,
  salesSeriesResponse,
  salesTopQuery,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import * as sales from './sales.service.js';

/** Back office: sales figures over a range of Korean days, per currency (docs/decisions/0024). */
const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sales/series',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sales per day or week in each currency',
        querystring: salesSeriesQuery,
        response: { 200: salesSeriesResponse },
      },
    },
    async (request) => {
      requireStaff(request);
      const { from, to, interval } = request.query;
      return ok(await sales.salesSeries(app.db, { from, to }, interval));
    },
  );

  app.get(
    '/sales/top',
    {
      schema: {
        tags: ['admin'],
        summary: 'The best-selling products, artists, buyers or categories in each currency',
        querystring: salesTopQuery,
        response: { 200: salesGroupedResponse },
      },
    },
    async (request) => {
      requireStaff(request);
      const { from, to, by, limit } = request.query;
      return ok(await sales.salesByGroup(app.db, { from, to }, by, limit));
    },
  );

  app.get(
    '/sales/report',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sales by buyer, artist, product or category in each currency: every group',
        querystring: salesReportQuery,
        response: { 200: salesGroupedResponse },
      },
    },
    async (request) => {
      requireStaff(request);
      const { from, to, by } = request.query;
      return ok(await sales.salesByGroup(app.db, { from, to }, by));
    },
  );

  app.get(
    '/sales/report.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The sales report as CSV: one row per currency and group',
        querystring: salesReportQuery,
      },
    },
    async (request, reply) => {
      requireStaff(request);
      const { from, to, by } = request.query;
      const report = await sales.salesByGroup(app.db, { from, to }, by);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="kshop-sales-by-${by}-${from}-${to}.csv"`)
        .send(sales.reportCsv(report));
    },
  );
};

export default salesRoutes;
