import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { messages } from '@kshop/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isConnectionLoss } from '../db/connection-loss.js';
import { isDiskFull } from '../lib/disk-full.js';
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

const envelopeOf = (statusCode: number, message: string) => ({ statusCode, message, data: null });

/**
 * Errors Fastify meets before any route runs (a malformed percent-encoding, an over-long path parameter):
 * the same envelope as every other answer. Passed to Fastify's `frameworkErrors` option.
 */
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return reply.code(status).send(envelopeOf(status, messages.http.badUrl));
}

/**
 * Requests Node cannot parse (headers too large, a request that arrives too slowly, broken HTTP): answered on
 * the socket itself, in the envelope, and the connection closed. Passed to Fastify's `clientErrorHandler`.
 */
export function clientErrorReply(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, messages.http.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, messages.http.requestTimeout]
        : [400, messages.http.badRequest];
  const body = JSON.stringify(envelopeOf(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** How much of a refused request body is still read, so the client hears the answer instead of a reset. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const DRAIN_LIMIT_MS = 5_000;

/**
 * Reads and drops what is left of a request body that the answer does not need. Closing a socket while the
 * client is still sending makes its TCP stack reset the connection, and the client never reads the answer.
 */
function drainBody(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.destroyed || raw.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('close', done);
      raw.off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_LIMIT_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_LIMIT_MS);
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', done);
    raw.resume();
  });
}

const NON_PAGE_PREFIXES = ['/api/', '/media/', '/files/', '/assets/'];
const isPageRoute = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && !NON_PAGE_PREFIXES.some((prefix) => url.startsWith(prefix));

/** One place shapes every failure into the envelope; internals stay in the log. */
export default fp(
  async function errors(app: FastifyInstance) {
    // While the process shuts down, requests that still arrive on kept-alive connections are turned away in
    // the envelope, with `Connection: close`, so a balancer retries them on another instance.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      // Requests in flight finish, and their connections close after them.
      if (closing) reply.header('Connection', 'close');
    });
    app.addHook('onRequest', async (_request, reply) => {
      if (!closing) return;
      return reply
        .code(503)
        .header('Connection', 'close')
        .header('Retry-After', '1')
        .send(envelopeOf(503, messages.http.shuttingDown));
    });

    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (!request.raw.complete) {
        reply.header('Connection', 'close');
        await drainBody(request.raw);
      }
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
      if (isConnectionLoss(error)) {
        // A restart or failover of PostgreSQL: the pool is opening new connections, so the same request in a
        // moment goes through. A transaction cut off before its COMMIT was rolled back; one cut off after it may
        // have been made, which a repeat under the same Idempotency-Key finds.
        request.log.warn({ err: error }, 'the database connection was lost under this request');
        return reply
          .code(503)
          .header('Retry-After', '1')
          .send(envelopeOf(503, messages.http.databaseUnavailable));
      }
      if (isDiskFull(error)) {
        // Staff must make room: logged as an error, while the buyer is told nothing was saved.
        request.log.error({ err: error }, 'the disk is full: nothing of this request was saved');
        return reply.code(503).header('Retry-After', '60').send(envelopeOf(503, messages.http.storageFull));
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'unexpected error');
        return reply.code(500).send({ statusCode: 500, message: messages.http.internal, data: null });
      }
      // Fastify's own client errors (bad JSON, body too large, unsupported media type, rate limit).
      return reply.code(status).send({ statusCode: status, message: error.message, data: null });
    });

    app.setNotFoundHandler(async (request, reply) => {
      const html = app.hasDecorator('pageFor') ? await app.pageFor(request.url) : null;
      if (html && isPageRoute(request.method, request.url)) {
        // The storefront's router decides what a page path shows, its own not-found page included.
        return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
      }
      return reply.code(404).send({ statusCode: 404, message: messages.http.notFound, data: null });
    });
  },
  { name: 'errors' },
);
