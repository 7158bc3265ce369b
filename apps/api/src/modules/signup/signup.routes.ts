import { emailRequest, emailVerificationRequest, envelope, messages, signupRequest } from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import * as signup from './signup.service.js';

const empty = { 200: envelope(z.null()) };

const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/email-duplication',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['sign-up'],
        summary: 'Whether an email can still sign up',
        body: emailRequest,
        response: empty,
      },
    },
    async (request) => {
      await signup.checkEmailAvailable(app.db, request.body.email);
      return ok(null, 'Available');
    },
  );

  app.post(
    '/mail',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['sign-up'],
        summary: 'Mail a six-digit verification code',
        body: emailRequest,
        response: empty,
      },
    },
    async (request) => {
      await signup.sendVerificationCode(
        app.db,
        app.mailer,
        app.accountLimits,
        app.secret,
        request.body.email,
        request.language,
      );
      return ok(null, 'Verification code sent.');
    },
  );

  app.post(
    '/auth/email-verification',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['sign-up'],
        summary: 'Check a verification code',
        body: emailVerificationRequest,
        response: empty,
      },
    },
    async (request) => {
      await signup.verifyCode(app.db, app.secret, request.body.email, request.body.code);
      return ok(null, 'Email verified.');
    },
  );

  app.post(
    '/auth/signup',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['sign-up'],
        summary: 'Create a company account (awaits approval)',
        body: signupRequest,
        response: empty,
      },
    },
    async (request) => {
      // The member's language is the one the browser prefers (the storefront sends the one it shows).
      await signup.signup(app.db, app.storage, app.untrustedWork, request.body, request.language);
      await app.mailer
        .send({
          to: app.config.SHOP_INBOX_EMAIL,
          subject: `New sign-up awaiting approval: ${request.body.companyName}`,
          text: `${request.body.companyName} (${request.body.email}) signed up and waits for approval.`,
        })
        .catch((err) => request.log.error({ err }, 'could not mail the shop about a sign-up'));
      return ok(null, messages.signup.success);
    },
  );
};

export default signupRoutes;
