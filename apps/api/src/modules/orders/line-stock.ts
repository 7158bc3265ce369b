import { SHIPMENT_RULES } from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import type { orderDetails } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import { shipUnheld } from '../preorders/preorders.repository.js';
import { shipStock } from './orders.repository.js';

type Line = Pick<typeof orderDetails.$inferSelect, 'productOptionId' | 'preorder' | 'productTitle'>;

/**
 * Takes the stock `quantity` of a line ships: a held line's hold becomes a decrement of stock; a pre-order line
 * (issue 34) held nothing and takes stock on hand that no order holds, refused while its goods have not arrived.
 * The caller holds the option's lock.
 */
export async function shipLineStock(tx: Executor, line: Line, quantity: number) {
  if (!line.productOptionId) return;
  if (!line.preorder) return void (await shipStock(tx, line.productOptionId, quantity));
  if (!(await shipUnheld(tx, line.productOptionId, quantity)))
    throw conflict(SHIPMENT_RULES.notArrived(line.productTitle), 'NOT_ARRIVED');
}
