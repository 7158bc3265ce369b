import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.js';

/**
 * Every row of every table of the shop's database (and of Drizzle's record of the migrations applied), each as
 * PostgreSQL's text of the row, sorted: two databases holding the same data give equal objects.
 */
export async function everyTableRow(db: Executor): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`,
  );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    const found = await queryRows<{ row: string }>(
      db,
      sql.raw(`select t::text as row from ${name} t order by 1`),
    );
    rows[name] = found.map((r) => r.row);
  }
  return rows;
}
