import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { buyerSessions, buyers } from '../../db/schema.js';

export async function findActiveBuyerByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(buyers)
    .where(and(sql`lower(${buyers.email}) = lower(${email})`, isNull(buyers.deletedAt)))
    .limit(1);
  return row ?? null;
}

export const listByStatus = (db: Executor, status: (typeof buyers.$inferSelect)['status']) =>
  db
    .select({
      email: buyers.email,
      companyName: buyers.companyName,
      businessRegistrationNumber: buyers.businessRegistrationNumber,
      isKoreanCompany: buyers.isKoreanCompany,
      createdAt: buyers.createdAt,
    })
    .from(buyers)
    .where(and(eq(buyers.status, status), isNull(buyers.deletedAt)))
    .orderBy(asc(buyers.createdAt));

export const setStatus = (
  db: Executor,
  buyerId: string,
  status: (typeof buyers.$inferSelect)['status'],
  statusReason: string | null,
) => db.update(buyers).set({ status, statusReason, updatedAt: sql`now()` }).where(eq(buyers.id, buyerId));

export const endSessions = (db: Executor, buyerId: string) =>
  db.delete(buyerSessions).where(eq(buyerSessions.buyerId, buyerId));
