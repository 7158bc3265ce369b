import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { buyerSessions, buyers } from '../../db/schema.js';
import { buyerSessionsChanged } from '../../lib/session-changes.js';

export type SessionBuyer = {
  id: string;
  status: (typeof buyers.$inferSelect)['status'];
  isKoreanCompany: boolean;
  /** The buyer's price group (decision 0021): the catalogue, cart and orders price by it. */
  priceGroupId: number;
};

export async function findBuyerByToken(
  db: Executor,
  tokenHash: string,
): Promise<(SessionBuyer & { expiresAt: Date }) | null> {
  const [row] = await db
    .select({
      id: buyers.id,
      status: buyers.status,
      isKoreanCompany: buyers.isKoreanCompany,
      priceGroupId: buyers.priceGroupId,
      expiresAt: buyerSessions.expiresAt,
    })
    .from(buyerSessions)
    .innerJoin(buyers, eq(buyers.id, buyerSessions.buyerId))
    .where(
      and(
        eq(buyerSessions.tokenHash, tokenHash),
        gt(buyerSessions.expiresAt, sql`now()`),
        isNull(buyers.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertSession(db: Executor, buyerId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(buyerSessions).values({ buyerId, tokenHash, expiresAt });
}

export async function deleteExpiredSessions(db: Executor, buyerId: string) {
  await db
    .delete(buyerSessions)
    .where(and(eq(buyerSessions.buyerId, buyerId), sql`${buyerSessions.expiresAt} <= now()`));
}

export async function deleteSession(db: Executor, tokenHash: string) {
  const ended = await db
    .delete(buyerSessions)
    .where(eq(buyerSessions.tokenHash, tokenHash))
    .returning({ buyerId: buyerSessions.buyerId });
  for (const { buyerId } of ended) buyerSessionsChanged(buyerId);
}

export async function deleteSessions(db: Executor, buyerId: string) {
  buyerSessionsChanged(buyerId);
  await db.delete(buyerSessions).where(eq(buyerSessions.buyerId, buyerId));
}

/** The pending temporary password becomes the password; false when another login adopted it first. */
export async function adoptTemporaryPassword(db: Executor, buyerId: string): Promise<boolean> {
  const rows = await db
    .update(buyers)
    .set({
      passwordHash: sql`${buyers.temporaryPasswordHash}`,
      temporaryPasswordHash: null,
      temporaryPasswordExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(buyers.id, buyerId), isNotNull(buyers.temporaryPasswordHash)))
    .returning({ id: buyers.id });
  return rows.length > 0;
}

export async function dropTemporaryPassword(db: Executor, buyerId: string) {
  await db
    .update(buyers)
    .set({ temporaryPasswordHash: null, temporaryPasswordExpiresAt: null })
    .where(eq(buyers.id, buyerId));
}
