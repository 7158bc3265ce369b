import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { escapeMarkup } from '../lib/markup.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The index.html of the single-page app that owns a page path (back office under /admin), or null; a
     * storefront page whose largest image the shop can name ahead has it preloaded from the HTML.
     */
    pageFor(url: string): Promise<string | null>;
  }
}

type Site = { prefix: string; distDir: string };

type WebOptions = {
  sites: Site[];
  /** The image a storefront page path shows largest on its first screen, when the shop can tell ahead. */
  leadImage?: (url: string) => Promise<string | undefined>;
};

/**
 * The detail page's static shell keeps the main image's place empty, once in each language's shell
 * (apps/web/src/app/static-shell.tsx); the inline script draws the image there once the product is read, or finds
 * it drawn already.
 */
const LEAD_IMAGE_SLOT = '<div class="gallery__main"></div>';

/**
 * The page with its lead image preloaded first in its head, before the inline script runs, and drawn in the
 * static shell's place for it, so the page's largest paint waits for neither the script nor the API.
 */
function withLeadImage(html: string, image: string) {
  const src = escapeMarkup(image);
  const preloaded = html.replace(
    '<head>',
    `<head>\n    <link rel="preload" as="image" href="${src}" fetchpriority="high" />`,
  );
  return preloaded.replaceAll(
    LEAD_IMAGE_SLOT,
    `<div class="gallery__main"><img alt="" src="${src}" fetchpriority="high"></div>`,
  );
}

type IndexPage = { html: string; scriptSources: string[] };

/** The Content-Security-Policy sources ('sha256-…') that allow exactly the inline scripts of a page. */
const inlineScriptSources = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script]) =>
      `'sha256-${createHash('sha256')
        .update(script ?? '')
        .digest('base64')}'`,
  );

/** index.html, read again when a new build replaced it, so a running shop never points at old assets. */
function indexReader(file: string) {
  let cached = { mtimeMs: -1, page: { html: '', scriptSources: [] } as IndexPage };
  return (): IndexPage => {
    const { mtimeMs } = statSync(file);
    if (mtimeMs !== cached.mtimeMs) {
      const html = readFileSync(file, 'utf8');
      cached = { mtimeMs, page: { html, scriptSources: inlineScriptSources(html) } };
    }
    return cached.page;
  };
}

/**
 * Serves the built storefront at / and the back office at /admin/: hashed assets cached for a year,
 * every other page path answered with its app's index.html so the app's router decides what it shows.
 */
export default fp(
  async function web(app: FastifyInstance, opts: WebOptions) {
    const pages: { prefix: string; read: () => IndexPage }[] = [];
    for (const [i, site] of opts.sites.entries()) {
      const indexFile = path.join(site.distDir, 'index.html');
      if (!existsSync(indexFile)) {
        app.log.warn({ distDir: site.distDir }, `no build for ${site.prefix}; not serving it`);
        continue;
      }
      const read = indexReader(indexFile);
      const html = () => read().html;
      pages.push({ prefix: site.prefix, read });
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
    const siteAt = (url: string) => {
      const bare = url.split('?')[0] ?? url;
      return pages.find((p) => bare.startsWith(p.prefix) || `${bare}/` === p.prefix);
    };
    const pageAt = (url: string) => siteAt(url)?.read() ?? null;
    app.decorate('pageFor', async (url: string) => {
      const site = siteAt(url);
      if (!site) return null;
      const { html } = site.read();
      const image = site.prefix === '/' && opts.leadImage ? await opts.leadImage(url) : undefined;
      return image ? withLeadImage(html, image) : html;
    });

    // The storefront's index.html runs one inline script before its first paint (the first page's API reads);
    // a page request's policy allows exactly that script by its hash, and still no other inline script.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !request.headers.accept?.includes('text/html')) return;
      const sources = pageAt(request.url)?.scriptSources ?? [];
      const policy = reply.getHeader('content-security-policy');
      if (sources.length === 0 || typeof policy !== 'string') return;
      reply.header(
        'content-security-policy',
        policy.replace(/script-src [^;]*/, (directive) => `${directive} ${sources.join(' ')}`),
      );
    });
  },
  { name: 'web' },
);
