import { availableStock, INT_RANGE, koreaTime, shopMessages, windowState } from '@kshop/contract';
import { badRequest, conflict } from '../../lib/errors.js';

type Windowed = { title: string; salesStartAt: Date | null; salesEndAt: Date | null };

/** The refusal of a product outside its order window, naming it and the moment in Korea time. */
export const windowRefusal = (product: Windowed, state: 'NOT_YET' | 'CLOSED') =>
  state === 'NOT_YET'
    ? conflict(
        shopMessages.orderWindow.notYet(product.title, koreaTime(product.salesStartAt!)),
        'ORDERS_NOT_OPEN',
      )
    : conflict(
        shopMessages.orderWindow.closed(product.title, koreaTime(product.salesEndAt!)),
        'ORDERS_CLOSED',
      );

/**
 * Refuses a product outside its order window (issue 34): before it opens, or once it closed. Carts, orders,
 * reorders and staff orders all ask this one rule.
 */
export function checkOrderWindow(product: Windowed, now = new Date()) {
  const state = windowState(product, now);
  if (state !== 'OPEN') throw windowRefusal(product, state);
}

export type PreorderCaps = { preorderCap: number | null; preorderBuyerCap: number | null };

/**
 * Refuses a pre-order quantity beyond an option's caps: the units left in all (`cap` less what open pre-orders
 * took) and, when it caps each buyer, what is left of this buyer's share.
 */
export function checkPreorderCaps(
  title: string,
  caps: PreorderCaps,
  taken: { total: number; buyer: number },
  quantity: number,
) {
  if (caps.preorderCap !== null && taken.total + quantity > caps.preorderCap)
    throw badRequest(
      shopMessages.orderWindow.capReached(title, Math.max(caps.preorderCap - taken.total, 0)),
      'PREORDER_CAP_REACHED',
    );
  if (caps.preorderBuyerCap !== null && taken.buyer + quantity > caps.preorderBuyerCap)
    throw badRequest(
      shopMessages.orderWindow.buyerCapReached(
        title,
        caps.preorderBuyerCap,
        Math.max(caps.preorderBuyerCap - taken.buyer, 0),
      ),
      'PREORDER_BUYER_CAP_REACHED',
    );
}

/** How many more units of a pre-order option can be taken in all (null: no limit). */
export const preorderLeft = (cap: number | null, taken: number) =>
  cap === null ? null : Math.max(cap - taken, 0);

/**
 * What can still be asked for of an option: its stock less what open orders hold; on pre-order, what its cap
 * leaves, and without a cap the most a line may take (the goods do not exist yet, so stock says nothing).
 */
export function orderableQuantity(
  option: { stock: number; holdStock: number; preorderCap: number | null },
  preorder: boolean,
  taken: number,
): number {
  if (!preorder) return availableStock(option.stock, option.holdStock);
  return preorderLeft(option.preorderCap, taken) ?? INT_RANGE.quantity.max;
}

/**
 * What one buyer can still ask for of an option: `orderableQuantity`, and on pre-order no more than the cap per
 * company leaves them (`taken`: what open pre-orders took in all and this buyer's share).
 */
export function availableToBuyer(
  option: { stock: number; holdStock: number; preorderCap: number | null; preorderBuyerCap: number | null },
  preorder: boolean,
  taken: { total: number; buyer: number },
): number {
  const left = orderableQuantity(option, preorder, taken.total);
  if (!preorder || option.preorderBuyerCap === null) return left;
  return Math.max(Math.min(left, option.preorderBuyerCap - taken.buyer), 0);
}
