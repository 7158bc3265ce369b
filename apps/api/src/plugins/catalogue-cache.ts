import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerCache } from '../lib/answer-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Catalogue answers per query and viewer currency, dropped on every committed catalogue change. */
    catalogueCache: AnswerCache;
  }
}

/** The channel the database notifies on each committed catalogue change (migration 0003). */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/**
 * Keeps catalogue answers in this process and drops them when the database says the catalogue changed, on
 * whichever instance (or staff command) changed it. Until listening is live the cache serves nothing.
 */
export default fp(
  async function catalogueCache(app: FastifyInstance, opts: { enabled: boolean }) {
    const cache = new AnswerCache();
    app.decorate('catalogueCache', cache);
    if (!opts.enabled) return;
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = await app.database.listen(CATALOGUE_CHANNEL, {
        onNotify: () => cache.invalidate(),
        onListening: () => cache.setLive(true),
        onLost: () => {
          app.log.warn('catalogue change notifications lost; serving the catalogue uncached until back');
          cache.setLive(false);
        },
      });
    });
    app.addHook('onClose', async () => {
      cache.setLive(false);
      await stop?.();
    });
  },
  { name: 'catalogue-cache', dependencies: ['db'] },
);
