import type { OrderStatus } from '../constants.js';

/** The order life cycle: only staff move an order, and only along these edges. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING: ['CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['PAID', 'CANCELLED'],
  PAID: ['PREPARING', 'CANCELLED'],
  PREPARING: ['SHIPPED', 'CANCELLED'],
  SHIPPED: ['DELIVERED'],
  DELIVERED: [],
  CANCELLED: [],
};

/** Once an order is delivered or cancelled its memos stay as they are. */
const MEMOS_CLOSED: readonly OrderStatus[] = ['DELIVERED', 'CANCELLED'];
export const memosOpen = (status: OrderStatus) => !MEMOS_CLOSED.includes(status);

export const canMoveOrder = (from: OrderStatus, to: OrderStatus): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Assigning a person in charge',
  CONFIRMED: 'Confirmed',
  PAID: 'Paid',
  PREPARING: 'Preparing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};
