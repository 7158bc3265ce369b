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
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Log in with email and password; answers an opaque bearer token',
        body: loginRequest,
        response: { 200: loginResponse },
      },
    },
    async (request) =>
      ok(await auth.login(app.db, request.body.email, request.body.password, opts.tokenTtlHours)),
  );
};

export default authRoutes;
