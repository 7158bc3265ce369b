import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database.js';
import { type Database, queryRows, runsStatementsAtOnce, withSessionSettings } from './client.js';

describe('the settings the pool connects with', () => {
  it('adds turning JIT off to a URL, after the startup options it already gives', () => {
    const plain = new URL(
      withSessionSettings('postgres://shop:p%2Fw@db.internal:5433/kshop?sslmode=disable'),
    );
    expect(plain.searchParams.get('options')).toBe('-c jit=off');
    expect(plain.searchParams.get('sslmode')).toBe('disable');
    expect([plain.username, plain.password, plain.host, plain.pathname]).toEqual([
      'shop',
      'p%2Fw',
      'db.internal:5433',
      '/kshop',
    ]);

    const given = new URL(
      withSessionSettings('postgres://shop@db/kshop?options=-c%20statement_timeout%3D5s'),
    );
    expect(given.searchParams.get('options')).toBe('-c statement_timeout=5s -c jit=off');
  });

  describe('a database the shop opens', () => {
    let database: Database;
    beforeAll(async () => {
      database = await freshDatabase();
    });
    afterAll(() => database?.close());

    it('compiles no statement just in time (turned off on PostgreSQL, not built into the embedded one)', async () => {
      const [row] = await queryRows<{ compiles: boolean }>(
        database.db,
        sql`select current_setting('jit') = 'on' and pg_jit_available() as compiles`,
      );
      expect(row?.compiles).toBe(false);
    });

    it('runs statements at once on a pool of PostgreSQL connections only, never inside a transaction', async () => {
      const pooled = database.driver === 'postgres';
      expect(runsStatementsAtOnce(database.db)).toBe(pooled);
      // A handle made from it, as the catalogue's per-handle caches are given one, is the same database.
      expect(runsStatementsAtOnce(Object.create(database.db))).toBe(pooled);
      await database.db.transaction(async (tx) => {
        expect(runsStatementsAtOnce(tx)).toBe(false);
      });
    });
  });
});
