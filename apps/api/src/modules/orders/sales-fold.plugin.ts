import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { salesChange } from '../catalog/catalogue-changes.js';
import { foldSalesOf } from './pending-sales.js';

/**
 * Folds the sales that orders, cancellations and line edits appended into the products' totals, every
 * `SALES_FOLD_MS` (a second by default) while the shop runs and once more when it closes (decision 0034).
 * Every instance does; two folds at once take different products, skipping those the other holds. A failed
 * fold is logged and its sales stay pending for the next.
 *
 * A fold does not notify: kept catalogue answers take in the new totals (and the best-selling order) at
 * most once per `CATALOGUE_SALES_LAG_MS` (a minute by default), when this instance names the products whose
 * totals it folded: the kept lists that show them (and those in best-selling order) turn stale, served while
 * they are made again, so a steady stream of orders no longer empties the catalogue cache every second.
 */
export default fp(
  async function salesFold(app: FastifyInstance) {
    const lag = app.config.CATALOGUE_SALES_LAG_MS;
    let shownAt = Number.NEGATIVE_INFINITY;
    let showing: NodeJS.Timeout | undefined;
    /** The products whose totals folds changed since they were last shown. */
    const unshown = new Set<string>();
    const show = () => {
      clearTimeout(showing);
      showing = undefined;
      shownAt = Date.now();
      app.catalogueChanged(salesChange([...unshown]));
      unshown.clear();
    };
    const folded = (changed: string[]) => {
      for (const id of changed) unshown.add(id);
      if (unshown.size === 0 || showing) return;
      const wait = shownAt + lag - Date.now();
      if (wait <= 0) show();
      else showing = setTimeout(show, wait).unref();
    };

    let running: Promise<void> | null = null;
    const fold = () => {
      running ??= foldSalesOf(app.db)
        .then(folded)
        .catch((err) => app.log.warn({ err }, 'could not fold the pending sales'))
        .finally(() => {
          running = null;
        });
      return running;
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (app.config.SALES_FOLD_MS > 0) timer = setInterval(fold, app.config.SALES_FOLD_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
      await fold();
      // Totals folded but not yet shown are announced before the notifications close.
      if (showing) show();
    });
  },
  { name: 'sales-fold', dependencies: ['db', 'catalogue-cache'] },
);
