import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { foldSales } from './pending-sales.js';

/**
 * Folds the sales that orders, cancellations and line edits appended into the products' totals, every
 * `SALES_FOLD_MS` (a second by default) while the shop runs and once more when it closes (decision 0034).
 * Every instance does; two folds at once take different products, skipping those the other holds. A failed
 * fold is logged and its sales stay pending for the next.
 */
export default fp(
  async function salesFold(app: FastifyInstance) {
    let running: Promise<void> | null = null;
    const fold = () => {
      running ??= foldSales(app.db)
        .then(() => undefined)
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
    });
  },
  { name: 'sales-fold', dependencies: ['db'] },
);
