import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerCache } from '../lib/answer-cache.js';
import {
  type CatalogueChange,
  changeOf,
  payloadsOf,
  staleAfter,
} from '../modules/catalog/catalogue-changes.js';
import { CHANNELS } from './notifications.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Catalogue answers per query and viewer currency, dropped as far as each committed change reaches. */
    catalogueCache: AnswerCache;
    /**
     * Tells this instance's cache at once, and every other instance within a notification's trip, about a
     * committed catalogue change whose statement did not notify (an order's: migration 0010).
     */
    catalogueChanged(change: CatalogueChange): void;
  }
}

/**
 * Keeps catalogue answers in this process and drops them when the database says the catalogue changed, on
 * whichever instance (or staff command) changed it: a change to some options' stock drops only the
 * details that show it, new sales totals mark the lists that show them stale (served while made again), any
 * other change drops every answer (catalogue-changes.ts). Until listening is live the
 * cache serves nothing.
 */
export default fp(
  async function catalogueCache(app: FastifyInstance, opts: { enabled: boolean }) {
    const cache = new AnswerCache();
    app.decorate('catalogueCache', cache);
    app.decorate('catalogueChanged', (change: CatalogueChange) => {
      for (const payload of payloadsOf(change)) app.notifications.announce(CHANNELS.catalogue, payload);
    });
    if (!opts.enabled) return;
    app.notifications.subscribe({
      channel: CHANNELS.catalogue,
      onNotify: (payload) => {
        const change = changeOf(payload);
        if (change.kind === 'stock') cache.dropTagged(change.optionIds);
        else if (change.kind === 'sales') cache.markStale(staleAfter(change));
        else cache.invalidate();
      },
      onLive: (live) => cache.setLive(live),
    });
  },
  { name: 'catalogue-cache', dependencies: ['notifications'] },
);
