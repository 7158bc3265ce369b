import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { buyers, emailVerifications } from '../../db/schema.js';

export const insertVerification = (db: Executor, email: string, codeHash: string, expiresAt: Date) =>
  db.insert(emailVerifications).values({ email: email.toLowerCase(), codeHash, expiresAt });

/** The code sent last to this address: sending again replaces the earlier one. */
export async function latestVerification(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(emailVerifications)
    .where(sql`lower(${emailVerifications.email}) = lower(${email})`)
    .orderBy(desc(emailVerifications.createdAt), desc(emailVerifications.id))
    .limit(1);
  return row ?? null;
}

export const countFailedAttempt = (db: Executor, id: string) =>
  db
    .update(emailVerifications)
    .set({ failedAttempts: sql`${emailVerifications.failedAttempts} + 1` })
    .where(eq(emailVerifications.id, id));

export const markVerified = (db: Executor, id: string) =>
  db.update(emailVerifications).set({ verifiedAt: sql`now()` }).where(eq(emailVerifications.id, id));

export async function verifiedSince(db: Executor, email: string, since: Date) {
  const [row] = await db
    .select({ id: emailVerifications.id })
    .from(emailVerifications)
    .where(
      and(
        sql`lower(${emailVerifications.email}) = lower(${email})`,
        gt(emailVerifications.verifiedAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export const forgetVerifications = (db: Executor, email: string) =>
  db.delete(emailVerifications).where(sql`lower(${emailVerifications.email}) = lower(${email})`);

export const insertBuyer = (db: Executor, buyer: typeof buyers.$inferInsert) =>
  db.insert(buyers).values(buyer).returning({ id: buyers.id });

export const setCertificate = (db: Executor, buyerId: string, fileId: string) =>
  db.update(buyers).set({ businessCertificateFileId: fileId }).where(eq(buyers.id, buyerId));
