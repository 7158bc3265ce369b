import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { addresses, buyerSessions, buyers, orders, storedFiles } from '../../db/schema.js';
import { containsPattern } from '../../lib/like.js';
import { isHangulInitials, registrationDigits, searchWords } from '../../lib/search-words.js';
import { buyerSessionsChanged } from '../../lib/session-changes.js';

export type BuyerRow = typeof buyers.$inferSelect;
export type BuyerStatus = BuyerRow['status'];

export async function findActiveBuyer(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(buyers)
    .where(and(eq(buyers.id, id), isNull(buyers.deletedAt)))
    .limit(1);
  return row ?? null;
}

export const listByStatus = (db: Executor, status: BuyerStatus) =>
  db
    .select()
    .from(buyers)
    .where(and(eq(buyers.status, status), isNull(buyers.deletedAt)))
    .orderBy(asc(buyers.createdAt));

export type BuyerFilter = {
  status?: BuyerStatus;
  korean?: boolean;
  q?: string;
  limit: number;
  offset: number;
};

export async function searchBuyers(db: Executor, filter: BuyerFilter) {
  const conditions: SQL[] = [isNull(buyers.deletedAt)];
  if (filter.status) conditions.push(eq(buyers.status, filter.status));
  if (filter.korean !== undefined) conditions.push(eq(buyers.isKoreanCompany, filter.korean));
  // Each word of the search in the company's name (its Hangul initials too), the email or the registration
  // number, which matches with or without its dashes.
  for (const word of searchWords(filter.q ?? '')) {
    const like = containsPattern(word);
    const digits = registrationDigits(word);
    conditions.push(
      or(
        ilike(buyers.companyName, like),
        ilike(buyers.email, like),
        ilike(buyers.businessRegistrationNumber, like),
        digits
          ? sql`regexp_replace(${buyers.businessRegistrationNumber}, '[^0-9]', '', 'g') like ${containsPattern(digits)}`
          : undefined,
        isHangulInitials(word) ? sql`hangul_initials(${buyers.companyName}) like ${like}` : undefined,
      )!,
    );
  }
  const rows = await db
    .select({ buyer: buyers, totalCount: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(buyers)
    .where(and(...conditions))
    .orderBy(desc(buyers.createdAt), asc(buyers.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows: rows.map((r) => r.buyer), totalCount: rows[0]?.totalCount ?? 0 };
}

export async function certificateOf(db: Executor, fileId: string | null) {
  if (!fileId) return null;
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId)).limit(1);
  return row ?? null;
}

export const addressesOf = (db: Executor, buyerId: string) =>
  db
    .select()
    .from(addresses)
    .where(eq(addresses.buyerId, buyerId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt));

export const orderCountOf = async (db: Executor, buyerId: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.buyerId, buyerId))
  )[0]?.n ?? 0;

export const setStatus = (
  db: Executor,
  buyerId: string,
  status: BuyerStatus,
  statusReason: string | null,
) => {
  buyerSessionsChanged(buyerId);
  return db.update(buyers).set({ status, statusReason, updatedAt: sql`now()` }).where(eq(buyers.id, buyerId));
};

export const endSessions = (db: Executor, buyerId: string) => {
  buyerSessionsChanged(buyerId);
  return db.delete(buyerSessions).where(eq(buyerSessions.buyerId, buyerId));
};
