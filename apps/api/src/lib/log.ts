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

/**
 * An e-mail address as people type it, its @ perhaps percent-encoded (%40) in a URL. A match starts only where
 * an address can start (the look-behind), so a long text without one is read once, not once per character.
 */
const EMAIL = /(?<![\w.+%-])[\w.+%-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/gi;

/** The text with every e-mail address replaced by [email]: the shop logs who did something by id, not address. */
export const maskEmails = (text: string) => text.replace(EMAIL, '[email]');

/** Query parameters that make a link work on their own: a signed link in the log would be a working link. */
const SIGNING_PARAMS = ['signature', 'x-amz-signature', 'x-amz-credential', 'x-amz-security-token'];

/**
 * A request's URL as the log keeps it: a signed link (a file download or upload) as its path alone, since its
 * query is the permission and names the file; any other query as sent, and e-mail addresses masked anywhere
 * (staff search buyers and orders by address).
 */
export function loggedUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return maskEmails(url);
  // Names as the server reads them: decoded, so %73ignature is a signature too.
  const names = [...new URLSearchParams(url.slice(question + 1)).keys()];
  const signed = names.some((name) => SIGNING_PARAMS.includes(name.toLowerCase()));
  return maskEmails(signed ? url.slice(0, question) : url);
}

/**
 * Whether the log is read by a person at a terminal: stdout is a TTY and NODE_ENV is not 'production'. Then each
 * line is a short readable one and requests are logged at debug (none at the default info level), so `npm start`'s
 * banner with the shop's address stays on screen; everywhere else (production, a pipe, a file) pino's JSON lines.
 */
export function logsToTerminal(
  env: NodeJS.ProcessEnv = process.env,
  stdout: { isTTY?: boolean } = process.stdout,
): boolean {
  return stdout.isTTY === true && env.NODE_ENV !== 'production';
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

const fieldText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * One pino JSON line as a person reads it: `14:02:07 info  shop listening url=http://localhost:3000`, a request as
 * `14:02:09 debug GET /api/v1/products 200 4.2 ms`, an error with its stack indented below.
 */
export function readableLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const { level, time, msg, pid, hostname, reqId, err, ...logged } = entry;
  let fields = logged;
  const clock = new Date(typeof time === 'number' ? time : Date.now()).toTimeString().slice(0, 8);
  const parts = [clock, (LEVEL_NAMES[level as number] ?? String(level)).padEnd(5)];
  const { method, url, statusCode, durationMs, ...others } = logged;
  if (typeof method === 'string' && typeof url === 'string') {
    parts.push(method, url, String(statusCode ?? ''), `${durationMs ?? '?'} ms`);
    if (msg !== 'request completed') parts.push(`(${fieldText(msg)})`);
    fields = others;
  } else {
    parts.push(fieldText(msg ?? ''));
  }
  for (const [key, value] of Object.entries(fields)) parts.push(`${key}=${fieldText(value)}`);
  let line = parts.join(' ');
  if (err && typeof err === 'object') {
    const { stack, message } = err as Partial<LoggedError>;
    line += `\n    ${(stack || message || fieldText(err)).replace(/\n\s*/g, '\n    ')}`;
  }
  return line;
}

/** A pino destination that writes {@link readableLogLine}s to `out` (stdout by default). */
export function terminalLogStream(out: { write: (text: string) => unknown } = process.stdout) {
  return { write: (json: string) => void out.write(`${readableLogLine(json)}\n`) };
}

/** What the shop's logger adds to its options: the readable stream when the log goes to a terminal. */
export const terminalLogOptions = (): { stream?: ReturnType<typeof terminalLogStream> } =>
  logsToTerminal() ? { stream: terminalLogStream() } : {};
