import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { keepCatalogueCountsTidy } from './catalogue-upkeep.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Compacts the catalogue's kept counts and keeps its commonest words counted (decision 0025). */
    catalogueUpkeep: { refresh(): void; idle(): Promise<void> };
  }
}

/**
 * The catalogue's upkeep, in the background, when the shop starts and when `refresh` is called (after a
 * catalogue import):
 * - the kept counts with many rows appended since their last compaction are compacted, so the first list
 *   requests after a large import sum a few rows rather than one per statement the import ran;
 * - the catalogue's commonest words and pairs are kept counted. Without that the first search for such a
 *   word counts every match (some 40 ms for 40,000 of 100,000 products); with it, that search reads a kept
 *   sum like later ones.
 * One run at a time: a refresh during a run makes one more run after it. Runs on every instance; instances
 * keeping the same word at once each claim it once (`keepKeywordsCounted`), and compactions on two instances
 * at once each sum what the other left (`compactListCounts`).
 */
export default fp(
  async function catalogueUpkeep(app: FastifyInstance) {
    let running: Promise<void> | null = null;
    let again = false;
    let closing = false;

    const run = async (): Promise<void> => {
      do {
        again = false;
        try {
          const { compacted, ready } = await keepCatalogueCountsTidy(app.db, () => closing);
          if (compacted > 0 || ready) app.log.info({ compacted, ready }, 'catalogue counts kept tidy');
        } catch (err) {
          if (!closing) app.log.warn({ err }, 'could not keep the catalogue counts tidy');
        }
      } while (again && !closing);
    };

    const refresh = () => {
      if (closing) return;
      if (running) {
        again = true;
        return;
      }
      running = run().finally(() => {
        running = null;
      });
    };

    app.decorate('catalogueUpkeep', { refresh, idle: async () => running ?? undefined });
    app.addHook('onReady', async () => refresh());
    app.addHook('onClose', async () => {
      closing = true;
      await running;
    });
  },
  { name: 'catalogue-upkeep', dependencies: ['db'] },
);
