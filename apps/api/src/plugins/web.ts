import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The storefront's index.html, answered for every page route the browser asks for. */
    webIndexHtml: string | null;
  }
}

/** Serves the built storefront: hashed assets cached for a year, every other page route gets index.html. */
export default fp(
  async function web(app: FastifyInstance, opts: { distDir: string }) {
    const indexFile = path.join(opts.distDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ distDir: opts.distDir }, 'storefront build not found; serving the API only');
      app.decorate('webIndexHtml', null);
      return;
    }
    app.decorate('webIndexHtml', readFileSync(indexFile, 'utf8'));
    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(app.webIndexHtml);
    });
  },
  { name: 'web' },
);
