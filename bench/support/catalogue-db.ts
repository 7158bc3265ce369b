/**
 * Where the 100,000-product catalogue lives, shared by catalogue-100k.ts (which fills it) and buying.ts
 * (which runs the shop on it): the embedded PGlite database in a DATA_DIR, or a PostgreSQL database next
 * to BENCH_DATABASE_URL. Both defaults are stable, so the second script finds what the first one wrote.
 *
 * The API's own code does the work, imported from its build (apps/api/dist): the same migrations, seed
 * and generator as the server that the benchmarks start, so `npm run build` comes first.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/api/dist/db/client.js';
import { lockEmbeddedDatabase } from '../../apps/api/dist/db/lock.js';

export const CATALOGUE_SIZE = 100_000;
const DEFAULT_DATA_DIR = path.join(tmpdir(), 'kshop-bench-100k');
const DEFAULT_DATABASE = 'kshop_bench_100k';

export type CatalogueTarget =
  /** dataDir is the shop's DATA_DIR: the database itself is in dataDir/db, as the server keeps it. */
  | { driver: 'pglite'; dataDir: string; fresh: boolean }
  | { driver: 'postgres'; url: string; adminUrl: string; databaseName: string; fresh: boolean };

export const CATALOGUE_USAGE = `options:
  --data-dir DIR    PGlite: the shop's DATA_DIR holding the catalogue (env BENCH_DATA_DIR; default ${DEFAULT_DATA_DIR})
  --database NAME   PostgreSQL (BENCH_DATABASE_URL set): the database next to it holding the catalogue
                    (env BENCH_CATALOGUE_DATABASE; default ${DEFAULT_DATABASE}); created when missing
  --fresh           throw the existing catalogue away and generate it again`;

/** Reads --data-dir, --database and --fresh from the command line and the BENCH_* variables. */
export function catalogueTarget(args = process.argv.slice(2), env = process.env): CatalogueTarget {
  const { values } = parseArgs({
    args,
    options: {
      'data-dir': { type: 'string' },
      database: { type: 'string' },
      fresh: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.info(CATALOGUE_USAGE);
    process.exit(0);
  }
  const fresh = values.fresh ?? false;
  const adminUrl = env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = path.resolve(values['data-dir'] ?? env.BENCH_DATA_DIR ?? DEFAULT_DATA_DIR);
    return { driver: 'pglite', dataDir, fresh };
  }
  const databaseName = values.database ?? env.BENCH_CATALOGUE_DATABASE ?? DEFAULT_DATABASE;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(databaseName)) {
    throw new Error(`--database ${databaseName}: use lower-case letters, digits and underscores`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return { driver: 'postgres', url: url.toString(), adminUrl, databaseName, fresh };
}

export const describeTarget = (target: CatalogueTarget) =>
  target.driver === 'pglite'
    ? `PGlite in ${path.join(target.dataDir, 'db')}`
    : `PostgreSQL database ${target.databaseName} (${new URL(target.adminUrl).host})`;

async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes sure the database exists (a new, empty PostgreSQL database when missing), after throwing the old
 * one away when `fresh` is set. Refuses while a running shop holds the embedded database.
 */
export async function prepareTarget(target: CatalogueTarget): Promise<void> {
  if (target.driver === 'pglite') {
    if (!target.fresh || !existsSync(target.dataDir)) return;
    // Taking the lock proves that no shop runs on it before the folder goes.
    lockEmbeddedDatabase(path.join(target.dataDir, 'db'))();
    await rm(target.dataDir, { recursive: true, force: true });
    return;
  }
  await admin(target.adminUrl, async (client) => {
    if (target.fresh) await client.query(`drop database if exists "${target.databaseName}" with (force)`);
    const found = await client.query('select 1 from pg_database where datname = $1', [target.databaseName]);
    if (found.rowCount === 0) await client.query(`create database "${target.databaseName}"`);
  });
}

/** Opens (and migrates) the catalogue database; on PGlite this takes the lock until close(). */
export function openTarget(target: CatalogueTarget): Promise<Database> {
  return target.driver === 'pglite'
    ? openDatabase({ driver: 'pglite', dataDir: path.join(target.dataDir, 'db') })
    : openDatabase({ driver: 'postgres', url: target.url, poolSize: 4 });
}

/** Rows of a plain SQL statement; the values in it are the benchmark's own (ids it read, numbers). */
export async function rows<T>(db: Database, query: string): Promise<T[]> {
  const result = (await db.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A SQL literal for a value the benchmark made or read itself. */
/** A value written into SQL text: null, a number or a boolean as is, anything else as a quoted string. */
export const literal = (value: unknown): string => {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
};

export const list = (values: readonly (string | number)[]) => values.map(literal).join(', ');

export async function countProducts(db: Database): Promise<number> {
  const [row] = await rows<{ n: string | number }>(db, 'select count(*) as n from products');
  return Number(row?.n ?? 0);
}
