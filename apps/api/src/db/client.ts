import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config/env.js';
import { lockEmbeddedDatabase } from './lock.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or a transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined keeps the database in memory (tests). */
  | { driver: 'pglite'; dataDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle connection that the server drops (restart, failover) is discarded by the pool; without a
    // listener the event would end the process.
    pool.on('error', (err) => process.stderr.write(`database connection lost: ${err.message}\n`));
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    await migrateNodePg(db as never, { migrationsFolder });
    return {
      db,
      driver: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const unlock = options.dataDir ? lockEmbeddedDatabase(options.dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/** PostgreSQL when DATABASE_URL is set, else the embedded database in DATA_DIR/db. */
export function databaseOptions(config: Config): DatabaseOptions {
  return config.DATABASE_URL
    ? { driver: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
    : { driver: 'pglite', dataDir: path.join(config.dataDir, 'db') };
}

/** Rows of a raw SQL statement; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
