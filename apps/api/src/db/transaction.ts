import { setTimeout as sleep } from 'node:timers/promises';
import { PgTransaction, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import pino from 'pino';
import type { Executor, Tx } from './client.js';

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
};

/**
 * Runs `work` in one transaction, the only way the shop opens one. Every transaction takes its row locks
 * in the order of docs/decisions/0010-lock-order.md; should PostgreSQL still answer a deadlock or a
 * serialization failure, the whole transaction runs again a few times after a short random pause, with a
 * warning in the log (the code and the attempt only, never the statement's values).
 *
 * Inside another transaction it becomes a savepoint: the outermost transaction is the one that retries.
 */
export async function inTransaction<T>(
  db: Executor,
  work: (tx: Tx) => Promise<T>,
  { log = fallbackLog, isolationLevel, pauseMs = 20 }: TransactionOptions = {},
): Promise<T> {
  if (db instanceof PgTransaction) return (db as Tx).transaction(work);
  const config = isolationLevel ? { isolationLevel } : undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work, config);
    } catch (err) {
      const code = retryableCode(err);
      if (!code || attempt >= MAX_TRANSACTION_ATTEMPTS) throw err;
      const pause = Math.round(pauseMs * 2 ** (attempt - 1) * (0.5 + Math.random()));
      log.warn(
        { code, attempt, maxAttempts: MAX_TRANSACTION_ATTEMPTS, pauseMs: pause },
        code === '40P01'
          ? 'deadlock detected; running the whole transaction again'
          : 'serialization failure; running the whole transaction again',
      );
      await sleep(pause);
    }
  }
}
