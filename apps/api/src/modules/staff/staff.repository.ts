import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { staff, staffSessions } from '../../db/schema.js';

export type StaffRow = typeof staff.$inferSelect;
export type SessionStaff = Pick<
  StaffRow,
  'id' | 'email' | 'name' | 'role' | 'mustChangePassword' | 'language'
>;

const sessionColumns = {
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  mustChangePassword: staff.mustChangePassword,
  language: staff.language,
};

export const setLanguage = (db: Executor, staffId: string, language: StaffRow['language']) =>
  db.update(staff).set({ language }).where(eq(staff.id, staffId));

export async function findStaffByToken(db: Executor, tokenHash: string): Promise<SessionStaff | null> {
  const [row] = await db
    .select(sessionColumns)
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        gt(staffSessions.expiresAt, sql`now()`),
        isNull(staff.disabledAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findStaffByEmail(db: Executor, email: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(sql`lower(${staff.email}) = lower(${email})`).limit(1);
  return row ?? null;
}

export async function findStaffById(db: Executor, id: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row ?? null;
}

export const countStaff = async (db: Executor) =>
  (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(staff))[0]?.n ?? 0;

export const insertStaff = (db: Executor, row: typeof staff.$inferInsert) =>
  db.insert(staff).values(row).returning();

export const updateStaff = (db: Executor, id: string, values: Partial<typeof staff.$inferInsert>) =>
  db.update(staff).set(values).where(eq(staff.id, id)).returning();

export const listStaff = (db: Executor) =>
  db
    .select({
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      disabledAt: staff.disabledAt,
      createdAt: staff.createdAt,
    })
    .from(staff)
    .orderBy(asc(staff.createdAt));

export const insertSession = (db: Executor, staffId: string, tokenHash: string, expiresAt: Date) =>
  db.insert(staffSessions).values({ staffId, tokenHash, expiresAt });

export const endSessions = (db: Executor, staffId: string, exceptTokenHash?: string) =>
  db
    .delete(staffSessions)
    .where(
      exceptTokenHash
        ? and(eq(staffSessions.staffId, staffId), ne(staffSessions.tokenHash, exceptTokenHash))
        : eq(staffSessions.staffId, staffId),
    );

export const endSession = (db: Executor, staffId: string, tokenHash: string) =>
  db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), eq(staffSessions.tokenHash, tokenHash)));
