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

/**
 * Orders staff must act on, the list's 'Needs action' view: a new order nobody has taken yet (it cannot be
 * confirmed until someone is in charge), a confirmed one whose payment is to be checked, and a paid one whose
 * preparation has not started. From PREPARING on, the order is already in someone's hands; SHIPPED waits
 * on the carrier, DELIVERED and CANCELLED are closed.
 */
export const NEEDS_ACTION = {
  /** Statuses that need action only while nobody is in charge. */
  unassigned: ['PENDING'],
  /** Statuses that need action whoever is in charge. */
  always: ['CONFIRMED', 'PAID'],
} as const satisfies Record<string, readonly OrderStatus[]>;

export const needsAction = (status: OrderStatus, hasPersonInCharge: boolean): boolean =>
  (NEEDS_ACTION.always as readonly OrderStatus[]).includes(status) ||
  (!hasPersonInCharge && (NEEDS_ACTION.unassigned as readonly OrderStatus[]).includes(status));
