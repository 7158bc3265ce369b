import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config/env.js';
import { type EmbeddedClient, openEmbeddedClient } from './embedded-client.js';
import { lockEmbeddedDatabase } from './lock.js';
import { pgDump } from './pg-tools.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or a transaction. */
export type Executor = Db | Tx;

/** A database opened on a pool of PostgreSQL connections: the pool, and the database on one of its connections. */
export type Pooled = { pool: pg.Pool; on(client: pg.PoolClient): Db };

const pooled = new WeakMap<object, Pooled>();

/**
 * The pool under `db`, when it is a database on a pool of PostgreSQL connections (or a handle made from it with
 * `Object.create`, as caches keyed by handle are given); undefined for the embedded database and for a
 * transaction (one connection each).
 */
export function poolOf(db: Executor): Pooled | undefined {
  for (let handle: object | null = db; handle; handle = Object.getPrototypeOf(handle)) {
    const found = pooled.get(handle);
    if (found) return found;
  }
  return undefined;
}

/**
 * Whether statements sent on `db` at once run at once: true for a database on a pool of PostgreSQL connections;
 * false for the embedded database (one connection) and for a transaction (one connection), where they queue.
 */
export const runsStatementsAtOnce = (db: Executor): boolean => poolOf(db) !== undefined;

/** What a listener hears: each notification, and when notifications may have been missed. */
export type NotificationHandlers = {
  /** A NOTIFY on one of the channels; sent by PostgreSQL when the notifying transaction commits. */
  onNotify(channel: string, payload: string): void;
  /** Listening is live (again): notifications from now on arrive; some may have been missed before. */
  onListening(): void;
  /** The listening connection was lost: notifications are missed until onListening is called again. */
  onLost(): void;
};

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /** The pool's connections now (PostgreSQL; the embedded database has one connection and no pool). */
  pool?(): { total: number; idle: number; waiting: number };
  /** Listens on the channels (one connection for all) until the returned function is called. */
  listen(channels: readonly string[], handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /**
   * Writes a backup of the whole database to `file` while the shop runs (db/backup.ts): pg_dump's custom format on
   * PostgreSQL, a gzipped tarball of the data directory on the embedded database.
   */
  backup(file: string): Promise<void>;
  close(): Promise<void>;
};

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function assertChannelNames(channels: readonly string[]) {
  for (const channel of channels) {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
  }
}
const RELISTEN_DELAY_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), opened again after it
 * is lost, for as long as nobody stopped it.
 */
async function listenOnPostgres(url: string, channels: readonly string[], handlers: NotificationHandlers) {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (channels.includes(message.channel)) handlers.onNotify(message.channel, message.payload ?? '');
    });
    // An 'error' event without a listener would end the process; the 'end' that follows reconnects.
    next.on('error', () => {});
    next.on('end', () => {
      if (client !== next || stopped) return;
      client = null;
      handlers.onLost();
      setTimeout(() => void connect().catch(retry), RELISTEN_DELAY_MS).unref();
    });
    await next.connect();
    for (const channel of channels) await next.query(`listen ${channel}`);
    client = next;
    handlers.onListening();
  };
  const retry = () => {
    if (!stopped) setTimeout(() => void connect().catch(retry), RELISTEN_DELAY_MS).unref();
  };
  await connect();
  return async () => {
    stopped = true;
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number }
  /**
   * dataDir undefined keeps the database in memory (tests); `startFrom` then names a dumped data directory
   * to start from instead of an empty one (a migrated template, see test/database.ts).
   */
  | { driver: 'pglite'; dataDir?: string; startFrom?: string };

/**
 * Settings every connection of the shop's pool starts with. JIT compilation is off: the shop's statements read
 * a page or write an order, and PostgreSQL compiles any statement whose estimated cost crosses its threshold
 * (100,000), estimate right or wrong. The catalogue's common-words query (estimated at 10 million rows, 120,000
 * read) spent 369 of its 896 ms compiling (decision 0033).
 */
const SESSION_SETTINGS = '-c jit=off';

/** The URL with our settings after any startup options it gives (`?options=…`), which keep working. */
export function withSessionSettings(url: string): string {
  const parsed = new URL(url);
  const given = parsed.searchParams.get('options');
  parsed.searchParams.set('options', given ? `${given} ${SESSION_SETTINGS}` : SESSION_SETTINGS);
  return parsed.toString();
}

/**
 * A connection that PostgreSQL ends (a restart, a failover, `pg_terminate_backend`) emits 'error' on its client,
 * and an 'error' event nobody listens to ends the process. The pool listens only while a client is idle; a client
 * checked out for a transaction has no listener of its own. So every client gets one for its whole life: the
 * statement it was running fails on its own (the request answers 503 or runs again, `inTransaction`), and the
 * pool replaces the connection. One line a second at most says what happened, however many connections went.
 */
function survivesLostConnections(pool: pg.Pool) {
  let lastSaid = 0;
  let unsaid = 0;
  const say = (err: Error) => {
    unsaid++;
    const now = Date.now();
    if (now - lastSaid < 1_000) return;
    process.stderr.write(`database connection lost (${unsaid} since the last note): ${err.message}\n`);
    lastSaid = now;
    unsaid = 0;
  };
  pool.on('connect', (client) => client.on('error', say));
  // The pool emits the idle client's error again on itself; the client's listener has said it.
  pool.on('error', () => {});
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({
      connectionString: withSessionSettings(options.url),
      max: options.poolSize ?? 8,
    });
    survivesLostConnections(pool);
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    await migrateNodePg(db as never, { migrationsFolder });
    const onConnection = new WeakMap<pg.PoolClient, Db>();
    pooled.set(db, {
      pool,
      on(client) {
        let connected = onConnection.get(client);
        if (!connected) {
          connected = drizzleNodePg(client, { schema, casing: 'snake_case' }) as unknown as Db;
          onConnection.set(client, connected);
        }
        return connected;
      },
    });
    return {
      db,
      driver: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      backup: (file) => pgDump(options.url, file),
      listen: (channels, handlers) => {
        assertChannelNames(channels);
        return listenOnPostgres(options.url, channels, handlers);
      },
      close: () => pool.end(),
    };
  }
  const unlock = options.dataDir ? lockEmbeddedDatabase(options.dataDir) : () => {};
  // PGlite runs in a worker thread of its own, so its queries never hold up this process's event loop.
  let client: EmbeddedClient;
  try {
    client = await openEmbeddedClient({ dataDir: options.dataDir, startFrom: options.startFrom });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite(client as unknown as PGlite, { schema, casing: 'snake_case' }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder });
  } catch (err) {
    await client.close().catch(() => {});
    unlock();
    throw err;
  }
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channels, handlers) => {
      assertChannelNames(channels);
      // The worker lives as long as this process: its connection is not lost while the database is open.
      const stops = await Promise.all(
        channels.map((channel) => client.listen(channel, (payload) => handlers.onNotify(channel, payload))),
      );
      handlers.onListening();
      return async () => {
        for (const stop of stops) await stop();
      };
    },
    backup: (file) => client.dump(file),
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
