import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditLog, staff } from '../../db/schema.js';

export type AuditEntry = {
  staffId: string | null;
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

/** Written in the same transaction as the change it describes, so neither exists without the other. */
export const recordAudit = (db: Executor, entry: AuditEntry) =>
  db.insert(auditLog).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });

export async function listAudit(db: Executor, limit: number, offset: number) {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      staffEmail: staff.email,
      totalCount: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(auditLog)
    .leftJoin(staff, sql`${staff.id} = ${auditLog.staffId}`)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return { rows, totalCount: rows[0]?.totalCount ?? 0 };
}
