import { type Column, getTableColumns, getTableName, sql, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Executor } from '../client.js';

const columnName = (key: string, column: Column) => (column.keyAsName ? toSnakeCase(key) : column.name);

/**
 * Inserts many rows as one JSON parameter (`jsonb_to_recordset`), which both PostgreSQL and PGlite read
 * far faster than thousands of bind parameters, and which skips Drizzle's per-value query building.
 * Every row must set the same columns; columns left out get their defaults.
 */
export async function insertRowsAsJson<T extends Table>(
  db: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const names = columns.map(([key, column]) => sql.identifier(columnName(key, column)));
  const types = columns.map(([key, column]) =>
    sql.raw(`"${columnName(key, column)}" ${column.getSQLType()}`),
  );
  const json = JSON.stringify(
    rows.map((row) => {
      const record = row as Record<string, unknown>;
      return Object.fromEntries(
        columns.map(([key, column]) => [columnName(key, column), record[key] ?? null]),
      );
    }),
  );
  const list = sql.join(names, sql`, `);
  await db.execute(
    sql`insert into ${sql.identifier(getTableName(table))} (${list})
        select ${list} from jsonb_to_recordset(${json}::jsonb) as r(${sql.join(types, sql`, `)})`,
  );
}
