import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerCache } from '../lib/answer-cache.js';
import { CHANNELS } from './notifications.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Catalogue answers per query and viewer currency, dropped on every committed catalogue change. */
    catalogueCache: AnswerCache;
  }
}

/**
 * Keeps catalogue answers in this process and drops them when the database says the catalogue changed, on
 * whichever instance (or staff command) changed it. Until listening is live the cache serves nothing.
 */
export default fp(
  async function catalogueCache(app: FastifyInstance, opts: { enabled: boolean }) {
    const cache = new AnswerCache();
    app.decorate('catalogueCache', cache);
    if (!opts.enabled) return;
    app.notifications.subscribe({
      channel: CHANNELS.catalogue,
      onNotify: () => cache.invalidate(),
      onLive: (live) => cache.setLive(live),
    });
  },
  { name: 'catalogue-cache', dependencies: ['notifications'] },
);
