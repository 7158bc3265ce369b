import { envelope, loginRequest } from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import * as auth from './auth.service.js';

export const loginResponse = envelope(z.object({ accessToken: z.string() }));

const authRoutes: FastifyPluginAsyncZod<{ tokenTtlHours: number }> = async (app, opts) => {
  app.post(
    '/auth/login',
    {
      // Per address; each email also backs off on its own after wrong passwords (app.accountLimits), so an
      // office behind one address keeps room for its other members.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Log in with email and password; answers an opaque bearer token',
        body: loginRequest,
        response: { 200: loginResponse },
      },
    },
    async (request) =>
      ok(
        await auth.login(
          app.db,
          app.accountLimits,
          request.body.email,
          request.body.password,
          opts.tokenTtlHours,
        ),
      ),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session of the bearer token; answers 200 without a working token too',
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await auth.logout(app.db, request.sessionTokenHash);
      return ok(null, auth.LOGGED_OUT);
    },
  );
};

export default authRoutes;
