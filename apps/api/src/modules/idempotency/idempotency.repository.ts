import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';

/** How long a key keeps its first answer. */
export const KEY_LIFETIME = sql`interval '24 hours'`;

export type KeyId = { buyerId: string; route: string; key: string };

const sameKey = (id: KeyId) =>
  and(
    eq(idempotencyKeys.buyerId, id.buyerId),
    eq(idempotencyKeys.route, id.route),
    eq(idempotencyKeys.key, id.key),
  );

/**
 * Takes a key for this request: a new row, or the row of a key older than its lifetime, made new again.
 * A concurrent request with the same key waits here until the first one's transaction ends. Answers
 * whether this request owns the key.
 */
export async function claimKey(db: Executor, id: KeyId, requestHash: string): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...id, requestHash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.buyerId, idempotencyKeys.route, idempotencyKeys.key],
      set: { requestHash, statusCode: null, response: null, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - ${KEY_LIFETIME}`,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function findKey(db: Executor, id: KeyId) {
  const [row] = await db.select().from(idempotencyKeys).where(sameKey(id)).limit(1);
  return row ?? null;
}

export const saveAnswer = (db: Executor, id: KeyId, statusCode: number, response: unknown) =>
  db.update(idempotencyKeys).set({ statusCode, response }).where(sameKey(id));

/** Keys past their lifetime; answers how many went. */
export async function deleteExpiredKeys(db: Executor): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - ${KEY_LIFETIME}`)
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
