import {
  downloadRequest,
  downloadResponseData,
  envelope,
  uploadRequest,
  uploadResponseData,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { contentDisposition, USER_FILE_HEADERS } from '../../lib/storage/storage.js';
import * as files from './files.service.js';

/** POST /s3/upload and /s3/download: the spec's names, whichever storage driver is behind them. */
export const fileApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/s3/upload',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['files'],
        summary: 'Upload URLs for business certificates (guests may upload for sign-up)',
        body: uploadRequest,
        response: { 200: envelope(uploadResponseData) },
      },
    },
    async (request) =>
      ok(await files.requestUploads(app.db, app.storage, request.buyer, request.body.fileInfoList)),
  );

  app.post(
    '/s3/download',
    {
      schema: {
        tags: ['files'],
        summary: "A short-lived download URL for one of the member's own files",
        body: downloadRequest,
        response: { 200: envelope(downloadResponseData) },
      },
    },
    async (request) => ok(await files.downloadFor(app.db, app.storage, request.buyer, request.body.imageUrl)),
  );
};

/** The local driver's signed upload (PUT) and download (GET) endpoints under /files/. */
export const localFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.storage;
  if (!(storage instanceof files.LocalFileStorage)) return;

  // Uploads arrive with their own content type; the body stays a stream and is size-checked while written.
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.put('/files/*', { schema: { hide: true } }, async (request) => {
    const key = (request.params as { '*': string })['*'];
    const query = request.query as { expires?: string; signature?: string };
    await files.receiveLocalUpload(app.db, storage, app.untrustedWork, {
      key,
      contentType: (request.headers['content-type'] ?? '').split(';')[0]!.trim(),
      expires: query.expires,
      signature: query.signature,
      body: request.raw,
    });
    return ok(null, 'Uploaded');
  });

  app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const query = request.query as { expires?: string; signature?: string; name?: string; type?: string };
    if (!query.signature) {
      const image = await files.publicProductImage(app.db, key);
      if (!image)
        return reply
          .code(404)
          .send({ statusCode: 404, message: files.FILE_MESSAGES.unknownFile, data: null });
      return reply
        .type(image.contentType)
        .headers(USER_FILE_HEADERS)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(storage.read(key));
    }
    const name = query.name ?? '';
    const type = query.type ?? '';
    if (!storage.verify('download', key, query.expires, query.signature, `${name}\n${type}`)) {
      return reply
        .code(403)
        .send({ statusCode: 403, message: files.FILE_MESSAGES.badDownloadLink, data: null });
    }
    const stored = await storage.inspect(key, 0);
    if (!stored)
      return reply.code(404).send({ statusCode: 404, message: files.FILE_MESSAGES.unknownFile, data: null });
    return reply
      .type(type)
      .headers(USER_FILE_HEADERS)
      .header('Content-Length', stored.size)
      .header('Content-Disposition', contentDisposition(name))
      .header('Cache-Control', 'private, no-store')
      .send(storage.read(key));
  });
};
