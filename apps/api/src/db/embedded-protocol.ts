/**
 * Messages between the shop and the worker thread that owns the embedded database (embedded-worker.ts).
 * A call carries an id; the worker answers each id once. Transactions are numbered by the caller: `begin`
 * answers once the transaction holds the database, queries naming it run inside it, `end` commits or
 * rolls it back.
 */
export type RowMode = 'object' | 'array';

export type Call =
  | { op: 'query'; id: number; sql: string; params: unknown[]; rowMode: RowMode; tx?: number }
  | { op: 'begin'; id: number; tx: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; channel: string }
  | { op: 'dump'; id: number; file: string }
  | { op: 'close'; id: number };

export type QueryResult = {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
};

/** What survives of a database error: PostgreSQL's fields, which the shop reads (code, constraint...). */
export type ErrorFields = { message: string; name?: string } & Record<string, string | number | undefined>;

export type Answer =
  | { id: number; ok: true; result?: QueryResult }
  | { id: number; ok: false; error: ErrorFields }
  | { notify: string; payload: string };

/** Sent once by the worker: the database is open, or why it could not be. */
export type Started = { started: true } | { started: false; error: ErrorFields };

export type WorkerOptions = {
  dataDir?: string;
  /** A tarball of a data directory (PGlite's `dumpDataDir`) the in-memory database starts from. */
  startFrom?: string;
};

const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

export function errorFields(err: unknown): ErrorFields {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: ErrorFields = { message: err.message, name: err.name };
  for (const key of ERROR_FIELDS) {
    const value = (err as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return fields;
}

/** An Error carrying the database's fields again, as PGlite and node-postgres throw them. */
export function errorFromFields(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields;
  const error = new Error(message);
  if (name) error.name = name;
  return Object.assign(error, rest);
}
