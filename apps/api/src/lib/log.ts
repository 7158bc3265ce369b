/**
 * What the shop writes to its logs about an error: enough to find the fault (type, message, code, constraint,
 * the SQL text with its placeholders, the stack), never the values a statement carried. A failed query's
 * parameters and a database error's `detail` ("Key (email)=(…) already exists.") hold e-mails, addresses and
 * password hashes, so they are left out, also from the message and the stack, where drivers repeat them.
 */
export type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  query?: string;
  statusCode?: number;
  cause?: LoggedError;
};

const MAX_CAUSES = 5;

/** Drizzle's "Failed query: …\nparams: …" names the values after `params:`. */
const withoutParams = (text: string) => text.replace(/\nparams:[\s\S]*$/, '');

const stringField = (error: Record<string, unknown>, key: string) =>
  typeof error[key] === 'string' ? (error[key] as string) : undefined;

export function loggedError(value: unknown, depth = 0): LoggedError {
  if (!(value instanceof Error)) {
    return { type: typeof value, message: 'non-error value thrown', stack: '' };
  }
  const error = value as Error & Record<string, unknown>;
  const message = withoutParams(error.message);
  // The stack's first lines repeat the message; only the frames are kept after the cleaned message.
  const frames = error.stack?.split('\n').filter((line) => line.startsWith('    at '));
  const logged: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: [`${error.name}: ${message}`, ...(frames ?? [])].join('\n'),
    code: typeof error.code === 'string' ? error.code : undefined,
    constraint: stringField(error, 'constraint'),
    table: stringField(error, 'table'),
    column: stringField(error, 'column'),
    query: stringField(error, 'query'),
    statusCode: typeof error.statusCode === 'number' ? error.statusCode : undefined,
  };
  if (error.cause !== undefined && depth < MAX_CAUSES) logged.cause = loggedError(error.cause, depth + 1);
  for (const key of Object.keys(logged) as (keyof LoggedError)[]) {
    if (logged[key] === undefined) delete (logged as Partial<LoggedError>)[key];
  }
  return logged;
}

/** pino serializers for the shop's logger: `err` goes through {@link loggedError}. */
export const logSerializers = { err: (value: unknown) => loggedError(value) };
