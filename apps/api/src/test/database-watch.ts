import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

type Rows<T> = { rows: T[] };
/** The rows of a raw query, typed as the caller says they are. */
export const rowsOf = async <T>(db: Db, query: Parameters<Db['execute']>[0]) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/**
 * Watches a test database for writes: row triggers on every table note each insert, update and delete in a
 * journal, inside the writer's transaction (a rollback drops the note too), whichever code wrote the row; and
 * a fingerprint per table (row count and an md5 of its rows in a fixed order) compares whole states.
 */
export async function watchDatabase(db: Db) {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).map((row) => row.name);

  await db.execute(
    sql.raw('create table test_write_journal (table_name text not null, operation text not null)'),
  );
  await db.execute(
    sql.raw(`create function test_note_write() returns trigger language plpgsql as $$
      begin insert into test_write_journal values (tg_table_name, tg_op); return null; end $$`),
  );
  for (const name of tables) {
    await db.execute(
      sql.raw(
        `create trigger test_note_write after insert or update or delete on "${name}" for each row execute function test_note_write()`,
      ),
    );
  }

  return {
    tables,

    /** The tables written since the last look, e.g. orders → 'INSERT×1'; the journal is empty again after. */
    async writesSinceLastLook(): Promise<Map<string, string>> {
      const rows = await rowsOf<{ name: string; operation: string; n: number }>(
        db,
        sql`select table_name as name, operation, count(*)::int as n from test_write_journal group by 1, 2 order by 1, 2`,
      );
      if (rows.length === 0) return new Map();
      await db.execute(sql`delete from test_write_journal`);
      const writes = new Map<string, string>();
      for (const row of rows) {
        writes.set(row.name, [writes.get(row.name), `${row.operation}×${row.n}`].filter(Boolean).join(' '));
      }
      return writes;
    },

    /** Per table (but the skipped ones): its row count and an md5 of its rows. */
    async fingerprint(skip: string[] = []): Promise<Map<string, string>> {
      const parts = tables
        .filter((name) => !skip.includes(name))
        .map(
          (name) =>
            `select '${name}' as name, count(*) || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as print from "${name}" t`,
        );
      const rows = await rowsOf<{ name: string; print: string }>(db, sql.raw(parts.join(' union all ')));
      return new Map(rows.map((row) => [row.name, row.print]));
    },
  };
}

/** The tables whose fingerprint differs. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...before.keys()].filter((name) => before.get(name) !== after.get(name));
