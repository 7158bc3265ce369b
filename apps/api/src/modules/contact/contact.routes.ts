import { contactRequest, envelope, messages } from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { submitInquiry } from './contact.service.js';

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['contact'],
        summary: 'Send an inquiry (guests and members)',
        body: contactRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const buyerId = request.buyer?.id ?? null;
      await submitInquiry(
        app.db,
        app.mailer,
        app.config.SHOP_INBOX_EMAIL,
        buyerId,
        request.body,
        request.log,
      );
      return ok(null, messages.contact.success);
    },
  );
};

export default contactRoutes;
