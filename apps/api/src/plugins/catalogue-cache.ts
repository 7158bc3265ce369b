import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerCache } from '../lib/answer-cache.js';
import {
  type CatalogueChange,
  changeOf,
  listingProducts,
  payloadsOf,
  STOCK_SHOWN_WITHIN_MS,
  showingProducts,
  staleAfter,
} from '../modules/catalog/catalogue-changes.js';
import { CHANNELS } from './notifications.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Catalogue answers per query and viewer currency, made again as far as each committed change reaches. */
    catalogueCache: AnswerCache;
    /**
     * Tells this instance's cache at once, and every other instance within a notification's trip, about a
     * committed catalogue change whose statement did not notify (an order's: migration 0010).
     */
    catalogueChanged(...changes: readonly CatalogueChange[]): void;
  }
}

/**
 * Keeps catalogue answers in this process and follows what the database says changed, on whichever instance
 * (or staff command) changed it: a change to some options' stock marks only the details that show it stale
 * (served for at most 1 s while made again), a change to what some products show drops their details and the
 * lists showing them, a product selling out or coming back also drops the lists filtered by stock state, a
 * change to which lists hold some products drops their details and every list, new sales totals mark the lists
 * that show them stale (for at most a minute), any other change drops every answer (catalogue-changes.ts). Until listening is live the
 * cache serves nothing.
 */
export default fp(
  async function catalogueCache(app: FastifyInstance, opts: { enabled: boolean }) {
    const cache = new AnswerCache();
    app.decorate('catalogueCache', cache);
    app.decorate('catalogueChanged', (...changes: readonly CatalogueChange[]) => {
      for (const payload of changes.flatMap(payloadsOf))
        app.notifications.announce(CHANNELS.catalogue, payload);
    });
    if (!opts.enabled) return;
    app.notifications.subscribe({
      channel: CHANNELS.catalogue,
      onNotify: (payload) => {
        const change = changeOf(payload);
        if (change.kind === 'stock') cache.markStale(change.optionIds, STOCK_SHOWN_WITHIN_MS);
        else if (change.kind === 'shown') cache.drop(showingProducts(change.productIds));
        else if (change.kind === 'instock' || change.kind === 'listed') cache.drop(listingProducts(change));
        else if (change.kind === 'sales') cache.markStale(staleAfter(change));
        else cache.invalidate();
      },
      onLive: (live) => cache.setLive(live),
    });
  },
  { name: 'catalogue-cache', dependencies: ['notifications'] },
);
