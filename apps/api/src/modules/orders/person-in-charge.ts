import { ORDER_RULES, type OrderStatus, type StaffRole } from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { badRequest, conflict, forbidden } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './orders.repository.js';

export type Viewer = { id: string; role: StaffRole };

/** Who may be named in charge, and whether nobody may: the one rule of the API and the screen. */
export function assignRight(viewer: Viewer, currentId: string | null, status: OrderStatus) {
  const owner = viewer.role === 'OWNER';
  return {
    mayName: (personId: string) => owner || personId === viewer.id,
    mayClear: (owner || currentId === null || currentId === viewer.id) && !keepsPersonInCharge(status),
  };
}

/** From confirmation to delivery an order keeps someone in charge (another may take over). */
export const keepsPersonInCharge = (status: OrderStatus) => status !== 'PENDING' && status !== 'CANCELLED';

export const NOT_ACTIVE_STAFF = 'staffId: no active staff member has this id.';

/**
 * Names the staff member in charge (or nobody). An owner names any active staff member; a staff member
 * names only themselves, and sets nobody only in their own place. A confirmed order keeps someone in
 * charge until it is cancelled. An id that is not an active staff member is refused. The command line
 * (`by` null) has an owner's right.
 */
export async function assignPersonInCharge(
  db: Executor,
  orderNumber: string,
  personId: string | null,
  by: Viewer | null,
  log?: TransactionLog,
) {
  const staffId = by?.id ?? null;
  await inTransaction(
    db,
    async (tx) => {
      const order = await repo.lockOrderByNumber(tx, orderNumber);
      if (!order) throw repo.orderNotFound();
      const rights = assignRight(by ?? { id: '', role: 'OWNER' }, order.personInChargeStaffId, order.status);
      if (personId && !rights.mayName(personId)) {
        throw forbidden(ORDER_RULES.staffAssignOnlySelf, 'ASSIGN_ONLY_SELF');
      }
      if (!personId && keepsPersonInCharge(order.status)) {
        throw conflict(ORDER_RULES.keepPersonInCharge, 'PERSON_IN_CHARGE_REQUIRED');
      }
      if (!personId && !rights.mayClear) throw forbidden(ORDER_RULES.staffAssignOnlySelf, 'ASSIGN_ONLY_SELF');
      if (personId && !(await repo.lockActiveStaff(tx, personId))) {
        throw badRequest(NOT_ACTIVE_STAFF, 'PERSON_IN_CHARGE_UNKNOWN');
      }
      await repo.setPersonInCharge(tx, order.id, personId);
      await recordAudit(tx, {
        staffId,
        action: 'order.person-in-charge',
        entity: 'order',
        entityId: orderNumber,
        before: { personInChargeStaffId: order.personInChargeStaffId },
        after: { personInChargeStaffId: personId },
      });
    },
    { log },
  );
}
