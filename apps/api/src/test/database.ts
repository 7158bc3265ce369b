import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { migrationsDigest } from './embedded-template.js';

/**
 * A fresh database for one test file. On PGlite (the default) it lives in memory, loaded from the template
 * the global setup migrated once; with TEST_DATABASE_URL it is a new PostgreSQL database cloned from a
 * template migrated once per migration set.
 */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ driver: 'pglite', startFrom: inject('embeddedTemplate') });

  const template = await ensureTemplate(adminUrl);
  const name = `kshop_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name} template ${template}`));
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ driver: 'postgres', url, poolSize: 10 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A new PostgreSQL database with nothing in it (not even the shop's tables), to restore a backup into. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('emptyPostgresDatabase needs TEST_DATABASE_URL');
  const name = `kshop_empty_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  return {
    url: withDatabase(adminUrl, name),
    drop: () =>
      withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => {},
      ),
  };
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function ensureTemplate(adminUrl: string): Promise<string> {
  const template = `kshop_template_${migrationsDigest()}`;
  await withAdmin(adminUrl, async (client) => {
    // Test files start in parallel workers: one creates the template, the others wait on the lock.
    await client.query('select pg_advisory_lock(7241)');
    try {
      const exists = await client.query('select 1 from pg_database where datname = $1', [template]);
      if (exists.rowCount === 0) {
        await client.query(`create database ${template}`);
        const migrated = await openDatabase({
          driver: 'postgres',
          url: withDatabase(adminUrl, template),
          poolSize: 1,
        });
        await migrated.close();
      }
    } finally {
      await client.query('select pg_advisory_unlock(7241)');
    }
  });
  return template;
}
