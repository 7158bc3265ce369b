import {
  adminInquiry,
  envelope,
  idParams,
  inquiryAnswerRequest,
  inquiryListQuery,
  inquiryListResponse,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import * as contact from './contact.service.js';

/** Back office: inquiries from the Contact Us form. */
const inquiryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/inquiries',
    { schema: { tags: ['admin'], querystring: inquiryListQuery, response: { 200: inquiryListResponse } } },
    async (request) => {
      requireStaff(request);
      return ok(
        await contact.inquiryList(app.db, request.query.status, request.query.page, request.query.limit),
      );
    },
  );

  app.get(
    '/inquiries/:id',
    { schema: { tags: ['admin'], params: idParams, response: { 200: envelope(adminInquiry) } } },
    async (request) => {
      requireStaff(request);
      return ok(await contact.inquiry(app.db, request.params.id));
    },
  );

  app.post(
    '/inquiries/:id/answer',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: inquiryAnswerRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      await contact.answerInquiry(app.db, request.params.id, request.body.note, me.id);
      return ok(null, 'Inquiry marked as answered.');
    },
  );
};

export default inquiryAdminRoutes;
