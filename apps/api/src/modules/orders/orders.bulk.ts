import type { BulkOrderResult, OrderStatus } from '@kshop/contract';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import type { TransactionLog } from '../../db/transaction.js';
import { AppError } from '../../lib/errors.js';
import { moveOrder, type StatusChange } from './status-moves.js';

export const BULK_FAILED = 'This order could not be changed just now; try it again on its own.';

/**
 * Moves each order to `to` by the one-by-one rule (`moveOrder`): each in its own transaction, so each takes
 * its locks in the shop's order and a refusal of one leaves the others as they went. Answers per order, in
 * the order asked, whether it moved or why not (the same words as one by one), and the changes to mail.
 */
export async function moveOrders(
  db: Executor,
  orderIds: readonly string[],
  to: OrderStatus,
  staffId: string,
  log: TransactionLog & { error: (obj: object, msg: string) => void },
  note?: string,
): Promise<{ results: BulkOrderResult[]; changes: StatusChange[] }> {
  const ids = orderIds.map((id) => id.toLowerCase());
  const found = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, ids));
  const numbers = new Map(found.map((o) => [o.id, o.orderNumber]));
  const results: BulkOrderResult[] = [];
  const changes: StatusChange[] = [];
  for (const orderId of ids) {
    const orderNumber = numbers.get(orderId) ?? null;
    if (!orderNumber) {
      results.push({
        orderId,
        orderNumber,
        ok: false,
        message: 'No order has this id.',
        code: 'ORDER_NOT_FOUND',
      });
      continue;
    }
    try {
      changes.push(await moveOrder(db, orderNumber, to, staffId, log, note));
      results.push({ orderId, orderNumber, ok: true, message: null, code: null });
    } catch (err) {
      if (!(err instanceof AppError)) log.error({ err, orderNumber }, 'a bulk status change failed');
      results.push({
        orderId,
        orderNumber,
        ok: false,
        message: err instanceof AppError ? err.message : BULK_FAILED,
        code: err instanceof AppError ? err.code : 'FAILED',
      });
    }
  }
  return { results, changes };
}
