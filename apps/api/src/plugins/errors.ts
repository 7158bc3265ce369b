import { messages } from '@kshop/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/errors.js';

// zod's own messages ('Invalid input: expected number') get the field's path in front; the contract's
// messages (the spec's sentences) already say which field they are about and pass through as written.
const english = z.locales.en().localeError;
z.config({
  customError(issue) {
    const base = english(issue as never);
    const message = typeof base === 'string' ? base : base?.message;
    return issue.path?.length ? `${issue.path.join('.')}: ${message}` : message;
  },
});

function validationMessage(issues: readonly { message?: string }[], context: string | undefined): string {
  const message = issues[0]?.message;
  if (!message) return 'Invalid request.';
  return message.startsWith('Invalid input') && context ? `${context}: ${message}` : message;
}

const NON_PAGE_PREFIXES = ['/api/', '/media/', '/files/', '/assets/'];
const isPageRoute = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && !NON_PAGE_PREFIXES.some((prefix) => url.startsWith(prefix));

/** One place shapes every failure into the envelope; internals stay in the log. */
export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply
          .code(error.statusCode)
          .send({ statusCode: error.statusCode, message: error.message, data: null });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const message = validationMessage(error.validation, error.validationContext);
        return reply.code(400).send({ statusCode: 400, message, data: null });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
        return reply.code(500).send({ statusCode: 500, message: messages.http.internal, data: null });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'unexpected error');
        return reply.code(500).send({ statusCode: 500, message: messages.http.internal, data: null });
      }
      // Fastify's own client errors (bad JSON, body too large, unsupported media type, rate limit).
      return reply.code(status).send({ statusCode: status, message: error.message, data: null });
    });

    app.setNotFoundHandler((request, reply) => {
      const html = app.hasDecorator('pageFor') ? app.pageFor(request.url) : null;
      if (html && isPageRoute(request.method, request.url)) {
        // The storefront's router decides what a page path shows, its own not-found page included.
        return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
      }
      return reply.code(404).send({ statusCode: 404, message: messages.http.notFound, data: null });
    });
  },
  { name: 'errors' },
);
