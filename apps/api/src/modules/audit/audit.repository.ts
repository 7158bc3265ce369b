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

const UUID = sql.raw(`'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`);

/**
 * What an entry acted on, as staff name it (issue 36): an order's number, a company's name, a product's title (with
 * the option's values), a staff member's name; null when the row is gone or the entity has no name. The id is cast
 * only once it has the id's form, so each name is one look-up by key.
 */
const subject = sql<string | null>`case
  when ${auditLog.entity} = 'order' and ${auditLog.entityId} ~ ${UUID} then
    (select order_number from orders where id = ${auditLog.entityId}::uuid)
  when ${auditLog.entity} = 'buyer' and ${auditLog.entityId} ~ ${UUID} then
    (select company_name from buyers where id = ${auditLog.entityId}::uuid)
  when ${auditLog.entity} = 'product' and ${auditLog.entityId} ~ ${UUID} then
    (select title from products where id = ${auditLog.entityId}::uuid)
  when ${auditLog.entity} = 'product_option' and ${auditLog.entityId} ~ ${UUID} then
    (select p.title || ' · ' || o.option_name_value1 || coalesce(' / ' || o.option_name_value2, '')
     from product_options o join products p on p.id = o.product_id where o.id = ${auditLog.entityId}::uuid)
  when ${auditLog.entity} = 'staff' and ${auditLog.entityId} ~ ${UUID} then
    (select coalesce(nullif(name, ''), email) from staff where id = ${auditLog.entityId}::uuid)
  when ${auditLog.entity} = 'inquiry' and ${auditLog.entityId} ~ ${UUID} then
    (select company_name from contact_inquiries where id = ${auditLog.entityId}::uuid)
  when ${auditLog.entity} = 'category' and ${auditLog.entityId} ~ '^[0-9]{1,9}$' then
    (select name from categories where id = ${auditLog.entityId}::int)
  when ${auditLog.entity} = 'artist' and ${auditLog.entityId} ~ '^[0-9]{1,9}$' then
    (select name_en from artists where id = ${auditLog.entityId}::int)
end`;

/** The product an option entry belongs to, so the log links to the product's page. */
const productOfOption = sql<string | null>`case
  when ${auditLog.entity} = 'product_option' and ${auditLog.entityId} ~ ${UUID} then
    (select product_id::text from product_options where id = ${auditLog.entityId}::uuid)
end`;

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
      staffName: staff.name,
      subject,
      productId: productOfOption,
      totalCount: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(auditLog)
    .leftJoin(staff, sql`${staff.id} = ${auditLog.staffId}`)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return { rows, totalCount: rows[0]?.totalCount ?? 0 };
}
