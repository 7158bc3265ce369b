import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The index.html of the single-page app that owns a page path (back office under /admin), or null. */
    pageFor(url: string): string | null;
  }
}

type Site = { prefix: string; distDir: string };

/** index.html, read again when a new build replaced it, so a running shop never points at old assets. */
function indexReader(file: string) {
  let cached = { mtimeMs: -1, html: '' };
  return () => {
    const { mtimeMs } = statSync(file);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
}

/**
 * Serves the built storefront at / and the back office at /admin/: hashed assets cached for a year,
 * every other page path answered with its app's index.html so the app's router decides what it shows.
 */
export default fp(
  async function web(app: FastifyInstance, opts: { sites: Site[] }) {
    const pages: { prefix: string; html: () => string }[] = [];
    for (const [i, site] of opts.sites.entries()) {
      const indexFile = path.join(site.distDir, 'index.html');
      if (!existsSync(indexFile)) {
        app.log.warn({ distDir: site.distDir }, `no build for ${site.prefix}; not serving it`);
        continue;
      }
      const html = indexReader(indexFile);
      pages.push({ prefix: site.prefix, html });
      await app.register(fastifyStatic, {
        root: site.distDir,
        prefix: site.prefix,
        // Files are looked up per request, so assets of a newer build are found too.
        wildcard: true,
        index: false,
        // The build writes .br and .gz copies of every text asset (scripts/precompress.mjs).
        preCompressed: true,
        decorateReply: i === 0,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'Cache-Control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          );
        },
      });
      app.get(site.prefix, { schema: { hide: true } }, (_request, reply) => {
        reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html());
      });
    }
    // Longest prefix first, so /admin/... is the back office and everything else the storefront.
    pages.sort((a, b) => b.prefix.length - a.prefix.length);
    app.decorate('pageFor', (url: string) => {
      const bare = url.split('?')[0] ?? url;
      return pages.find((p) => bare.startsWith(p.prefix) || `${bare}/` === p.prefix)?.html() ?? null;
    });
  },
  { name: 'web' },
);
