import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { buyerSessions, buyers } from '../../db/schema.js';

export type SessionBuyer = {
  id: string;
  status: (typeof buyers.$inferSelect)['status'];
  isKoreanCompany: boolean;
};

export async function findBuyerByToken(db: Executor, tokenHash: string): Promise<SessionBuyer | null> {
  const [row] = await db
    .select({ id: buyers.id, status: buyers.status, isKoreanCompany: buyers.isKoreanCompany })
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
