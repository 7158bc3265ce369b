import { NEEDS_ACTION } from '@kshop/contract';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { buyers, orders, staff } from '../../db/schema.js';
import { containsPattern } from '../../lib/like.js';

export type AdminOrderFilter = {
  status?: (typeof orders.$inferSelect)['status'];
  from?: string;
  to?: string;
  buyer?: string;
  /** Part of the order number or of the buyer's purchase-order number (issue 35). */
  orderNumber?: string;
  /** Only the orders this staff member is in charge of (the list's `assigned=me`). */
  assignedTo?: string;
  /** Only the orders placed on this Korean day (YYYY-MM-DD): the list's 'Today' view. */
  placedOn?: string;
  /** Only the orders staff must act on (`NEEDS_ACTION`): the list's 'Needs action' view. */
  needsAction?: boolean;
  sort?: AdminOrderSort;
  dir?: 'asc' | 'desc';
  limit: number;
  offset: number;
};
export type AdminOrderSort = 'date' | 'amount' | 'status';

/** Registration numbers compared without dashes, dots or spaces: '123-45-67890' finds 1234567890. */
const bareRegistration = (column: SQL | typeof orders.businessRegistrationNumber) =>
  sql`regexp_replace(${column}, '[-.[:space:]]', '', 'g')`;

/**
 * The list's order, from a fixed set (never SQL from the client). Amounts sort within each currency (won
 * and dollars never compare); ties go newest first.
 */
function adminOrderSortBy(f: Pick<AdminOrderFilter, 'sort' | 'dir'>): SQL[] {
  const by = f.dir === 'asc' ? asc : desc;
  const newest = [desc(orders.createdAt), desc(orders.orderNumber)];
  switch (f.sort) {
    case 'amount':
      return [asc(orders.currencyCode), by(orders.finalAmount), ...newest];
    case 'status':
      return [by(orders.status), ...newest];
    default:
      return f.dir === 'asc' ? [asc(orders.createdAt), asc(orders.orderNumber)] : newest;
  }
}

/** Placed on a Korean day: from its midnight in Seoul to the next one. */
const placedOnDay = (day: string) =>
  and(
    sql`${orders.createdAt} >= (${day}::date::timestamp at time zone 'Asia/Seoul')`,
    sql`${orders.createdAt} < ((${day}::date + 1)::timestamp at time zone 'Asia/Seoul')`,
  )!;

/** The SQL of the contract's `NEEDS_ACTION` rule, so the list and its count follow the one definition. */
const needsActionSql = or(
  inArray(orders.status, [...NEEDS_ACTION.always]),
  and(inArray(orders.status, [...NEEDS_ACTION.unassigned]), isNull(orders.personInChargeStaffId)),
)!;

/** The back office's order filters (the list's and the exports'), joined with `buyers`. */
export function adminOrderConditions(f: Omit<AdminOrderFilter, 'limit' | 'offset'>): SQL[] {
  const conditions: SQL[] = [];
  if (f.status) conditions.push(eq(orders.status, f.status));
  // Days are the shop's days, in Korea.
  if (f.from)
    conditions.push(sql`${orders.createdAt} >= (${f.from}::date::timestamp at time zone 'Asia/Seoul')`);
  if (f.to)
    conditions.push(sql`${orders.createdAt} < ((${f.to}::date + 1)::timestamp at time zone 'Asia/Seoul')`);
  if (f.orderNumber) {
    // One box finds both numbers: the shop's order number and the buyer's own PO number.
    const like = containsPattern(f.orderNumber);
    conditions.push(or(ilike(orders.orderNumber, like), ilike(orders.poReference, like))!);
  }
  if (f.assignedTo) conditions.push(eq(orders.personInChargeStaffId, f.assignedTo));
  if (f.placedOn) conditions.push(placedOnDay(f.placedOn));
  if (f.needsAction) conditions.push(needsActionSql);
  if (f.buyer) {
    const like = containsPattern(f.buyer);
    const bare = f.buyer.replace(/[-.\s]/g, '');
    conditions.push(
      or(
        ilike(orders.receiverCompanyName, like),
        ilike(buyers.email, like),
        ilike(buyers.companyName, like),
        ...(bare
          ? [
              ilike(bareRegistration(orders.businessRegistrationNumber), containsPattern(bare)),
              ilike(bareRegistration(sql`${buyers.businessRegistrationNumber}`), containsPattern(bare)),
            ]
          : []),
      )!,
    );
  }
  return conditions;
}

/** Orders for the back office, newest first, with the buyer and the person in charge. */
export async function searchOrders(db: Executor, f: AdminOrderFilter) {
  const conditions = adminOrderConditions(f);
  const rows = await db
    .select({
      order: orders,
      buyerEmail: buyers.email,
      // By name where the staff member has one, else e-mail, as `takenBy`.
      personInCharge: sql<string | null>`coalesce(nullif(${staff.name}, ''), ${staff.email})`,
      lineCount: sql<number>`(select count(*) from order_details d where d.order_id = orders.id)`.mapWith(
        Number,
      ),
      // Who took the order for the buyer (issue 11), by name or else e-mail; null for the buyer's own.
      takenBy: sql<
        string | null
      >`(select coalesce(nullif(t.name, ''), t.email) from staff t where t.id = orders.taken_by_staff_id)`,
      totalCount: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .leftJoin(staff, eq(staff.id, orders.personInChargeStaffId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...adminOrderSortBy(f))
    .limit(f.limit)
    .offset(f.offset);
  return { rows, totalCount: rows[0]?.totalCount ?? 0 };
}

/**
 * The quick views' counts under the list's other filters, in one query: every order, those placed on
 * `today`, those `me` is in charge of, and those needing action.
 */
export async function countViews(
  db: Executor,
  f: Omit<AdminOrderFilter, 'limit' | 'offset' | 'sort' | 'dir' | 'assignedTo' | 'placedOn' | 'needsAction'>,
  today: string,
  me: string,
) {
  const conditions = adminOrderConditions(f);
  const count = (condition?: SQL) =>
    (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`).mapWith(Number);
  const [row] = await db
    .select({
      all: count(),
      today: count(placedOnDay(today)),
      mine: count(eq(orders.personInChargeStaffId, me)),
      needsAction: count(needsActionSql),
    })
    .from(orders)
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(conditions.length ? and(...conditions) : undefined);
  return row ?? { all: 0, today: 0, mine: 0, needsAction: 0 };
}

export const countByStatus = (db: Executor) =>
  db
    .select({ status: orders.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .groupBy(orders.status);
