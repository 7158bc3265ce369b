import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';
import { KEY_LIFETIME, type KeyId } from '../idempotency/idempotency.js';

/** A storefront order's Idempotency-Key: the order is written together with its answer under this key. */
export type OrderKey = {
  id: KeyId;
  requestHash: string;
  /** The success message the answer carries (the route's). */
  placedMessage: string;
};

/** What a key holds: the hash of the request that took it, and the answer given (null: none yet). */
export type StoredAnswer = { requestHash: string; statusCode: number | null; response: unknown };

/** The key's answer if it was given within the key's lifetime, read as committed now. */
export async function liveKey(db: Executor, id: KeyId): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.buyerId, id.buyerId),
        eq(idempotencyKeys.route, id.route),
        eq(idempotencyKeys.key, id.key),
        sql`${idempotencyKeys.createdAt} >= now() - ${KEY_LIFETIME}`,
      ),
    );
  return row ?? null;
}

/**
 * Stores a refusal as the key's answer (a statement of its own: the refusal wrote nothing else), unless the
 * key holds a live answer already or the buyer no longer exists. Answers whether it was stored.
 */
export async function keepAnswer(
  db: Executor,
  key: Omit<OrderKey, 'placedMessage'>,
  answer: { statusCode: number; message: string; data: null },
): Promise<boolean> {
  const { buyerId, route, key: value } = key.id;
  const rows = await db.execute(sql`
    insert into idempotency_keys (buyer_id, route, key, request_hash, status_code, response)
    select b.id, ${route}::text, ${value}::text, ${key.requestHash}::text, ${answer.statusCode}::int,
      ${JSON.stringify(answer)}::jsonb
    from buyers b where b.id = ${buyerId}::uuid
    on conflict (buyer_id, route, key) do update set request_hash = excluded.request_hash,
      status_code = excluded.status_code, response = excluded.response, created_at = now()
    where idempotency_keys.created_at < now() - ${KEY_LIFETIME}
    returning 1 as kept`);
  return (rows as unknown as { rows: unknown[] }).rows.length === 1;
}
