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
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, name);
    const open = () => openDatabase({ driver: 'postgres', url: scratch.url, poolSize: 2 });
    try {
      const shop = await startShop({ databaseUrl: scratch.url, adminDatabaseUrl: null, env: shopEnv });
      const db = await open();
      const prepared = await prepare(db).finally(() => db.close());
      const inspect = async <R>(check: (db: Database) => Promise<R>) => {
        await shop.stop();
        const after = await open();
        try {
          return await check(after);
        } finally {
          await after.close();
          await scratch.drop();
        }
      };
      return {
        shop,
        prepared,
        database: 'postgres',
        stopAndInspect: inspect,
        stop: () => inspect(async () => undefined),
      };
    } catch (error) {
      await scratch.drop();
      throw error;
    }
  }
  const dataDir = await freshDataDir({ seeded: true });
  const open = () => openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    const db = await open();
    const prepared = await prepare(db).finally(() => db.close());
    const shop = await startShop({ dataDir, adminDatabaseUrl: null, env: shopEnv });
    const inspect = async <R>(check: (db: Database) => Promise<R>) => {
      await shop.stop();
      const after = await open();
      try {
        return await check(after);
      } finally {
        await after.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    };
    return {
      shop,
      prepared,
      database: 'pglite',
      stopAndInspect: inspect,
      stop: () => inspect(async () => undefined),
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
