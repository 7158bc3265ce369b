/**
 * The built shop on data a benchmark prepared first: on PostgreSQL (BENCH_DATABASE_URL) a scratch database
 * the shop seeds, prepared while it runs and dropped afterwards; on PGlite a copy of the seeded DATA_DIR,
 * prepared before the shop starts (the embedded database has one owner at a time). `inspect` reads the
 * database after the shop stopped, to check what the run left.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type Database, openDatabase } from '../../apps/api/dist/db/client.js';
import { createScratchDatabase, freshDataDir, type Shop, startShop } from '../../e2e/support/server.js';

export type PreparedShop<T> = {
  shop: Shop;
  prepared: T;
  database: 'postgres' | 'pglite';
  /** Stops the shop, runs `check` on its database, then throws the data away. */
  stopAndInspect<R>(check: (db: Database) => Promise<R>): Promise<R>;
  stop(): Promise<void>;
};

/** Rows of a plain SQL statement whose values the benchmark made or read itself. */
export async function sqlRows<R>(db: Database, text: string): Promise<R[]> {
  return ((await db.db.execute(text)) as unknown as { rows: R[] }).rows;
}

export async function startPreparedShop<T>(
  name: string,
  prepare: (db: Database) => Promise<T>,
  env: Record<string, string> = {},
): Promise<PreparedShop<T>> {
  const shopEnv = { RATE_LIMIT: 'false', ...env, ...JSON.parse(process.env.BENCH_SHOP_ENV ?? '{}') };
  const adminUrl = process.env.BENCH_DATABASE_URL;
  // On PostgreSQL the shop seeds its scratch database, which is prepared while it runs; the embedded database
  // has one owner at a time, so a copy of the seeded DATA_DIR is prepared before the shop starts.
  const target = adminUrl
    ? await (async () => {
        const scratch = await createScratchDatabase(adminUrl, name);
        return {
          database: 'postgres' as const,
          open: () => openDatabase({ driver: 'postgres', url: scratch.url, poolSize: 2 }),
          start: () => startShop({ databaseUrl: scratch.url, adminDatabaseUrl: null, env: shopEnv }),
          startFirst: true,
          discard: () => scratch.drop(),
        };
      })()
    : await (async () => {
        const dataDir = await freshDataDir({ seeded: true });
        return {
          database: 'pglite' as const,
          open: () => openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') }),
          start: () => startShop({ dataDir, adminDatabaseUrl: null, env: shopEnv }),
          startFirst: false,
          discard: () => rm(dataDir, { recursive: true, force: true }),
        };
      })();
  let started: Shop | undefined;
  try {
    if (target.startFirst) started = await target.start();
    const db = await target.open();
    const prepared = await prepare(db).finally(() => db.close());
    started ??= await target.start();
    const shop = started;
    const inspect = async <R>(check: (db: Database) => Promise<R>) => {
      await shop.stop();
      const after = await target.open();
      try {
        return await check(after);
      } finally {
        await after.close();
        await target.discard();
      }
    };
    return {
      shop,
      prepared,
      database: target.database,
      stopAndInspect: inspect,
      stop: () => inspect(async () => undefined),
    };
  } catch (error) {
    await started?.stop();
    await target.discard();
    throw error;
  }
}
