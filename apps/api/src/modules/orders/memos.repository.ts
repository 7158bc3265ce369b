import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderMemos } from '../../db/schema.js';

export const memosOf = (db: Executor, orderId: string) =>
  db
    .select()
    .from(orderMemos)
    .where(eq(orderMemos.orderId, orderId))
    .orderBy(asc(orderMemos.createdAt), asc(orderMemos.id));

export const insertMemo = (db: Executor, memo: typeof orderMemos.$inferInsert) =>
  db.insert(orderMemos).values(memo);

/** A memo of the order, locked for an edit or a void (after the order: the shop's lock order). */
export async function lockMemo(db: Executor, orderId: string, memoId: string) {
  const [row] = await db
    .select()
    .from(orderMemos)
    .where(and(eq(orderMemos.id, memoId), eq(orderMemos.orderId, orderId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export const editMemo = (
  db: Executor,
  memoId: string,
  content: string,
  amount: number,
  staffId: string | null,
) =>
  db
    .update(orderMemos)
    .set({ content, amount, editedByStaffId: staffId, editedAt: sql`now()` })
    .where(eq(orderMemos.id, memoId));

export const voidMemo = (db: Executor, memoId: string, staffId: string | null) =>
  db
    .update(orderMemos)
    .set({ voidedByStaffId: staffId, voidedAt: sql`now()` })
    .where(eq(orderMemos.id, memoId));
