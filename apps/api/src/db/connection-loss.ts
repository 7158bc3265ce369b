/**
 * A database connection that ended under a statement: PostgreSQL restarting or failing over, an administrator
 * ending the shop's sessions, the network dropping. The statement's transaction is gone with the connection,
 * and the pool opens a new one for the next; the request itself is answered 503 (or run again where that is
 * safe, see `inTransaction`).
 */

/**
 * SQLSTATE codes of a connection that ended or could not be made: class 08 (connection exception), 57P01
 * admin_shutdown (`pg_terminate_backend`, a fast shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up or shutting down) and 53300 too_many_connections.
 */
const LOST_STATES = /^(08...|57P0[123]|53300)$/;

/** Errors of the socket under a connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** What node-postgres says of a client whose connection ended or never came. */
const CLIENT_MESSAGES = [
  /^Connection terminated/,
  /is not queryable$/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error/,
];

/** Whether the error (possibly wrapped by Drizzle, as its cause) is a lost or refused connection. */
export function isConnectionLoss(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (LOST_STATES.test(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && CLIENT_MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}

/** Pause before the attempt after `attempt` (1, 2, …) of a statement whose connection was lost, with jitter. */
export const reconnectPauseMs = (attempt: number) =>
  Math.round(40 * 2 ** (attempt - 1) * (0.5 + Math.random()));

/**
 * How many times a transaction whose connection was lost runs: the pauses between them add up to about 0.6 s,
 * time for the pool to open new connections after a failover, short enough for a buyer's click.
 */
export const MAX_RECONNECT_ATTEMPTS = 4;

/**
 * Whether the error came before the statement reached PostgreSQL (no connection could be made), so that nothing
 * it would have written can have been written.
 */
export function lostBeforeSending(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === 'ECONNREFUSED' || code === '57P03' || code === '53300') return true;
    if (message === 'timeout exceeded when trying to connect') return true;
  }
  return false;
}
