import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contactInquiries } from '../../db/schema.js';

export type InquiryRow = typeof contactInquiries.$inferSelect;

export const insertInquiry = (db: Executor, inquiry: typeof contactInquiries.$inferInsert) =>
  db.insert(contactInquiries).values(inquiry);

export async function listInquiries(
  db: Executor,
  status: InquiryRow['status'] | undefined,
  limit: number,
  offset: number,
) {
  const conditions: SQL[] = status ? [eq(contactInquiries.status, status)] : [];
  const rows = await db
    .select({ inquiry: contactInquiries, totalCount: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(contactInquiries)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(contactInquiries.createdAt), desc(contactInquiries.id))
    .limit(limit)
    .offset(offset);
  return { rows: rows.map((r) => r.inquiry), totalCount: rows[0]?.totalCount ?? 0 };
}

export async function findInquiry(db: Executor, id: string) {
  const [row] = await db.select().from(contactInquiries).where(eq(contactInquiries.id, id)).limit(1);
  return row ?? null;
}

export const markAnswered = (db: Executor, id: string, note: string, staffId: string) =>
  db
    .update(contactInquiries)
    .set({ status: 'ANSWERED', answerNote: note, answeredByStaffId: staffId, answeredAt: sql`now()` })
    .where(eq(contactInquiries.id, id));

export const countNew = async (db: Executor) =>
  (
    await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(contactInquiries)
      .where(eq(contactInquiries.status, 'NEW'))
  )[0]?.n ?? 0;
