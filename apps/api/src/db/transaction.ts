import { setTimeout as sleep } from 'node:timers/promises';
import { PgTransaction, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import pino from 'pino';
import { type Db, type Executor, type Pooled, poolOf, type Tx } from './client.js';
import {
  isConnectionLoss,
  lostBeforeSending,
  MAX_RECONNECT_ATTEMPTS,
  reconnectPauseMs,
} from './connection-loss.js';

/** What the retry needs from a logger; Fastify's request and app loggers fit. */
export type TransactionLog = { warn(details: object, message: string): void };

/** 40P01 deadlock detected, 40001 serialization failure: the whole transaction may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
export const MAX_TRANSACTION_ATTEMPTS = 4;

/** Used when no request is at hand (commands, background work); the line still reaches stderr. */
const fallbackLog: TransactionLog = pino({ name: 'transaction' }, pino.destination(2));

/** The PostgreSQL code of a retryable failure, as thrown by either driver (possibly wrapped by Drizzle). */
export function retryableCode(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return code;
  }
  return null;
}

export type TransactionOptions = {
  /** The request's logger, so the warning carries its request id. */
  log?: TransactionLog;
  isolationLevel?: PgTransactionConfig['isolationLevel'];
  /** Pause before the first retry in ms; each later one doubles it, with jitter. */
  pauseMs?: number;
  /**
   * The transaction may run again even after its COMMIT was sent: it records what it did under a key that a
   * second run finds (an Idempotency-Key), so a commit whose answer was lost with its connection is not made twice.
   */
  idempotent?: boolean;
};

/**
 * Runs `work` in one transaction, the only way the shop opens one. Every transaction takes its row locks
 * in the order of docs/decisions/0010-lock-order.md; should PostgreSQL still answer a deadlock or a
 * serialization failure, the whole transaction runs again a few times after a short random pause, with a
 * warning in the log (the code and the attempt only, never the statement's values).
 *
 * Should the connection end under it (a restart, a failover), PostgreSQL rolled it back, and it runs again on a
 * new connection, unless its COMMIT was already sent: then it may have been made, and only an `idempotent`
 * transaction runs again; any other fails, and its request is answered 503 (plugins/errors.ts).
 *
 * Inside another transaction it becomes a savepoint: the outermost transaction is the one that retries.
 */
export async function inTransaction<T>(
  db: Executor,
  work: (tx: Tx) => Promise<T>,
  { isolationLevel, ...options }: TransactionOptions = {},
): Promise<T> {
  if (db instanceof PgTransaction) return (db as Tx).transaction(work);
  const config = isolationLevel ? { isolationLevel } : undefined;
  const pooled = poolOf(db);
  return retried((attempt) => {
    const once = (on: Db) =>
      on.transaction(async (tx) => {
        const result = await work(tx);
        attempt.committing = true;
        return result;
      }, config);
    return pooled ? onOwnConnection(pooled, once) : once(db as Db);
  }, options);
}

/**
 * Runs one statement as the transaction PostgreSQL makes of it alone: no BEGIN and COMMIT around it, so no lock
 * waits on a round trip to this process. Retried as `inTransaction` retries, the statement counting as its own
 * COMMIT: after a lost connection it runs again only when `idempotent` or when it never reached PostgreSQL.
 */
export function inOneStatement<T>(
  statement: () => Promise<T>,
  options: Omit<TransactionOptions, 'isolationLevel'> = {},
): Promise<T> {
  return retried((attempt) => {
    attempt.committing = true;
    return statement();
  }, options);
}

/** The retries both share: after a deadlock or serialization failure, and after a lost connection. */
async function retried<T>(
  run: (attempt: { committing: boolean }) => Promise<T>,
  { log = fallbackLog, pauseMs = 20, idempotent = false }: Omit<TransactionOptions, 'isolationLevel'>,
): Promise<T> {
  let conflicts = 0;
  let losses = 0;
  for (;;) {
    const attempt = { committing: false };
    try {
      return await run(attempt);
    } catch (err) {
      if (isConnectionLoss(err)) {
        const mayHaveCommitted = attempt.committing && !lostBeforeSending(err);
        if ((mayHaveCommitted && !idempotent) || ++losses >= MAX_RECONNECT_ATTEMPTS) throw err;
        const pause = reconnectPauseMs(losses);
        log.warn(
          { attempt: losses, maxAttempts: MAX_RECONNECT_ATTEMPTS, pauseMs: pause },
          'the database connection was lost; running the whole transaction again on a new one',
        );
        await sleep(pause);
        continue;
      }
      const code = retryableCode(err);
      if (!code || ++conflicts >= MAX_TRANSACTION_ATTEMPTS) throw err;
      const pause = Math.round(pauseMs * 2 ** (conflicts - 1) * (0.5 + Math.random()));
      log.warn(
        { code, attempt: conflicts, maxAttempts: MAX_TRANSACTION_ATTEMPTS, pauseMs: pause },
        code === '40P01'
          ? 'deadlock detected; running the whole transaction again'
          : 'serialization failure; running the whole transaction again',
      );
      await sleep(pause);
    }
  }
}

/**
 * Runs `work` on a connection checked out of the pool for it, and gives the connection back broken when it was
 * lost, so the pool closes it. Drizzle's own pool transaction keeps a connection whose BEGIN failed checked out
 * for ever, and a few lost connections would leave the pool nothing to hand out.
 */
async function onOwnConnection<T>(pooled: Pooled, work: (db: Db) => Promise<T>): Promise<T> {
  const client = await pooled.pool.connect();
  let lost: Error | undefined;
  try {
    return await work(pooled.on(client));
  } catch (err) {
    if (isConnectionLoss(err)) lost = err as Error;
    throw err;
  } finally {
    client.release(lost);
  }
}
