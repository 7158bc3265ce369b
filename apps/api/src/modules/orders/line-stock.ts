import { SHIPMENT_RULES } from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import type { orderDetails } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import { givePreorderBack } from '../preorders/preorders.repository.js';
import { releaseStock, shipStock } from './orders.repository.js';

type Line = Pick<
  typeof orderDetails.$inferSelect,
  'productOptionId' | 'preorder' | 'productTitle' | 'quantity' | 'shippedQuantity' | 'allocatedQuantity'
>;

/**
 * Takes the stock `quantity` of a line ships: its hold becomes a decrement of stock. A pre-order line (issue 34)
 * holds only what an allocation gave it, and ships no more than that: refused while its goods have not arrived.
 * The caller holds the option's lock.
 */
export async function shipLineStock(tx: Executor, line: Line, quantity: number) {
  if (!line.productOptionId) return;
  if (line.preorder && line.allocatedQuantity - line.shippedQuantity < quantity)
    throw conflict(SHIPMENT_RULES.notArrived(line.productTitle), 'NOT_ARRIVED');
  await shipStock(tx, line.productOptionId, quantity);
}

/**
 * Gives back what a cancelled line's unshipped units took: their hold, and on pre-order the units counted against
 * the option's caps (a pre-order line holds only what was allocated to it). The caller holds the option's lock.
 */
export async function releaseLineStock(tx: Executor, line: Line, buyerId: string | null) {
  if (!line.productOptionId) return;
  const open = line.quantity - line.shippedQuantity;
  const held = line.preorder ? line.allocatedQuantity - line.shippedQuantity : open;
  if (held > 0) await releaseStock(tx, line.productOptionId, held);
  if (line.preorder && open > 0) await givePreorderBack(tx, line.productOptionId, buyerId, open);
}
