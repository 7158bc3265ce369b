import { messages } from '@kshop/contract';
import type { FastifyInstance } from 'fastify';
import { demoImageSvg, isDemoImageName } from './demo-image.js';

/**
 * Public media. The demo catalogue's images are drawn on request from their names, so a fresh shop shows
 * artwork without shipping image files.
 */
export default async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>('/media/demo/:name', async (request, reply) => {
    const { name } = request.params;
    if (!isDemoImageName(name)) {
      return reply.code(404).send({ statusCode: 404, message: messages.http.notFound, data: null });
    }
    return (
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        // Opened on its own, an SVG is a document: let it run nothing.
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('X-Content-Type-Options', 'nosniff')
        .send(demoImageSvg(name))
    );
  });
}
