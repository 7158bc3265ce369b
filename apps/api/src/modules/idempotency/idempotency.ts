import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, badRequest } from '../../lib/errors.js';
import * as repo from './idempotency.repository.js';

export { deleteExpiredKeys, KEY_LIFETIME, type KeyId } from './idempotency.repository.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_MESSAGES = {
  invalid: 'The Idempotency-Key header must be 1 to 200 printable ASCII characters.',
  reused: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
} as const;

const PRINTABLE_ASCII = /^[\x20-\x7e]{1,200}$/;

/** The request's Idempotency-Key, checked; undefined when the request has none. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !PRINTABLE_ASCII.test(value))
    throw badRequest(IDEMPOTENCY_MESSAGES.invalid, 'IDEMPOTENCY_KEY_INVALID');
  return value;
}

/** The same JSON whatever the order of an object's keys. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The request's key as stored (buyer, route, key) and the hash of its body; undefined when the request has
 * no Idempotency-Key (a malformed one is 400).
 */
export function keyedRequest(
  request: FastifyRequest,
  buyerId: string,
): { id: repo.KeyId; requestHash: string } | undefined {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return undefined;
  return {
    id: { buyerId, route: `${request.method} ${request.routeOptions.url}`, key },
    requestHash: createHash('sha256').update(canonicalJson(request.body)).digest('hex'),
  };
}

export type Answer = { statusCode: number; message: string; data: unknown };

/** What a route's work produces: its answer, and what to do once that answer is committed (mails). */
export type Outcome<T extends Answer> = { answer: T; afterCommit?: () => void };

/**
 * Runs a buyer's submission at most once per Idempotency-Key. Without the header the work simply runs.
 * With it, the key is claimed in the same transaction as the work (the first lock the transaction takes),
 * so a concurrent request with the same key waits for the first and then replays its answer. An expected
 * refusal (a 4xx) is kept as the answer too, with the work's writes undone; an unexpected failure keeps
 * nothing, so the key can be tried again. The same key with another body is refused with 422.
 */
export async function answerOnce<T extends Answer>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  buyerId: string,
  work: (db: Executor) => Promise<Outcome<T>>,
): Promise<T> {
  const keyed = keyedRequest(request, buyerId);
  if (keyed === undefined) {
    const outcome = await work(db);
    outcome.afterCommit?.();
    return outcome.answer;
  }
  const { id, requestHash } = keyed;

  const result = await inTransaction(
    db,
    async (tx): Promise<{ fresh: Outcome<T> } | { refused: AppError } | { replay: Answer }> => {
      if (await repo.claimKey(tx, id, requestHash)) {
        try {
          const fresh = await inTransaction(tx, (savepoint) => work(savepoint));
          await repo.saveAnswer(tx, id, fresh.answer.statusCode, fresh.answer);
          return { fresh };
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const answer = { statusCode: err.statusCode, message: err.message, data: null };
          await repo.saveAnswer(tx, id, err.statusCode, answer);
          return { refused: err };
        }
      }
      const stored = await repo.findKey(tx, id);
      if (!stored || stored.statusCode === null) throw new Error('idempotency key without an answer');
      if (stored.requestHash !== requestHash)
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.reused);
      return { replay: stored.response as Answer };
    },
    // The key is claimed in this transaction: run again after a commit whose answer was lost, it replays.
    { log: request.log, idempotent: true },
  );

  if ('refused' in result) throw result.refused;
  if ('replay' in result) {
    reply.header('Idempotent-Replayed', 'true');
    reply.code(result.replay.statusCode);
    // The first answer as it went out: the success body, or (with its 4xx status) the refusal's envelope.
    return result.replay as T;
  }
  result.fresh.afterCommit?.();
  return result.fresh.answer;
}
