import {
  canMoveOrder,
  ORDER_RULES,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type ShipmentView,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { refreshProductDerived } from '../../db/derived.js';
import { byId, lockOptions, lockProducts, productIdsOfOptions } from '../../db/row-locks.js';
import type { orderDetails, orders } from '../../db/schema.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import type { Mail, Mailer } from '../../lib/mailer.js';
import { recordAudit } from '../audit/audit.repository.js';
import { buyerMails, type PreorderLine } from '../mail/mail-texts.js';
import * as shipmentRepo from '../shipments/shipments.repository.js';
import { parcelText } from '../shipments/shipments.service.js';
import { releaseLineStock, shipLineStock } from './line-stock.js';
import * as repo from './orders.repository.js';
import { appendSales, salesChange } from './pending-sales.js';

type OrderRow = typeof orders.$inferSelect;
type DetailRow = typeof orderDetails.$inferSelect;

export type StatusChange = {
  order: OrderRow;
  from: OrderStatus;
  to: OrderStatus;
  buyerEmail: string;
  /** The language of the buyer's mails (an order without an account: English). */
  buyerLanguage: string;
  /** Why, when given: always for a cancellation. */
  reason: string | null;
  /** Every parcel of the order, when it became SHIPPED (for the e-mail). */
  shipments?: ShipmentView[];
  /** Its pre-order lines still waiting for their goods, with their dates (for the e-mail; issue 34). */
  preorders: PreorderLine[];
};

/** The carrier and tracking number of the last parcel when an order moves to SHIPPED; empty when not given. */
export type FinalShipment = { carrier?: string; trackingNumber?: string };

/** What a move into a status does to an order whose lines are locked (`MoveContext`), in its transaction. */
type MoveContext = {
  tx: Executor;
  order: OrderRow;
  /** The order's lines, in option id order (the lock order); empty unless the move `touchesStock`. */
  lines: DetailRow[];
  /** The product of each ordered option. */
  productOf: ReadonlyMap<string, string>;
  staffId: string | null;
  finalShipment: FinalShipment;
};

type Move = {
  /** A move that is refused without a reason (checked before anything is read). */
  needsReason?: boolean;
  /** Refused when the locked order does not allow it; nothing is written. */
  check?: (order: OrderRow) => void;
  /** The move changes stock: the order's products, then options, are locked in id order, its lines read. */
  touchesStock?: boolean;
  /** What the move writes besides the status, its history and the audit. */
  effect?: (move: MoveContext) => Promise<void>;
};

/** What shipped already took its stock then: only the rest ships or is released now. */
const open = (d: DetailRow) => d.quantity - d.shippedQuantity;

/**
 * Shipping: every open line's hold becomes a decrement of stock (a pre-order line ships only what was allocated
 * to it), and the rest leaves as the last parcel, with the carrier and tracking number when given.
 */
async function shipTheRest({ tx, order, lines, staffId, finalShipment }: MoveContext) {
  for (const d of lines) if (d.productOptionId && open(d) > 0) await shipLineStock(tx, d, open(d));
  const rest = lines.filter((d) => open(d) > 0).sort((a, b) => byId(a.id, b.id));
  for (const d of rest) await shipmentRepo.addShipped(tx, d.id, open(d));
  if (rest.length === 0) return;
  await shipmentRepo.recordShipment(tx, {
    orderId: order.id,
    carrier: finalShipment.carrier?.trim() ?? '',
    trackingNumber: finalShipment.trackingNumber?.trim() ?? '',
    staffId,
    lines: rest.map((d) => ({
      orderDetailId: d.id,
      productTitle: d.productTitle,
      optionNameValue1: d.optionNameValue1,
      optionNameValue2: d.optionNameValue2,
      quantity: open(d),
    })),
  });
}

/**
 * Cancelling: what never left gives back its hold (and on pre-order its units under the caps), and its sale is
 * taken back; what shipped stays sold.
 */
async function cancelTheRest({ tx, order, lines, productOf }: MoveContext) {
  for (const d of lines) if (d.productOptionId && open(d) > 0) await releaseLineStock(tx, d, order.buyerId);
  const takenBack = lines.flatMap((d) => {
    const productId = d.productOptionId ? productOf.get(d.productOptionId) : undefined;
    const quantity = open(d);
    const amount = quantity === d.quantity ? d.amount : d.unitPrice * quantity;
    return productId && quantity > 0 ? [salesChange(productId, -quantity, -amount, order.currencyCode)] : [];
  });
  await appendSales(tx, takenBack);
}

/**
 * What a move into each status requires and does, beside the contract's `ORDER_TRANSITIONS` (which says from
 * where an order may move there). Every move also sets the status, writes the order's history and the audit.
 */
export const ORDER_MOVES: Record<OrderStatus, Move> = {
  // An order starts here; no move leads back.
  PENDING: {},
  CONFIRMED: {
    check: (order) => {
      if (!order.personInChargeStaffId)
        throw conflict(ORDER_RULES.confirmNeedsPersonInCharge, 'PERSON_IN_CHARGE_REQUIRED');
    },
  },
  PAID: {},
  PREPARING: {},
  SHIPPED: { touchesStock: true, effect: shipTheRest },
  DELIVERED: {},
  CANCELLED: {
    needsReason: true,
    touchesStock: true,
    effect: cancelTheRest,
  },
};

/** The order's lines in option id order, their products and options locked in the shop's lock order. */
async function lockLines(tx: Executor, orderId: string) {
  const lines = (await repo.detailsOf(tx, [orderId])).sort((a, b) =>
    byId(a.productOptionId ?? '', b.productOptionId ?? ''),
  );
  const optionIds = lines.flatMap((d) => (d.productOptionId ? [d.productOptionId] : []));
  const productIds = await lockProducts(tx, await productIdsOfOptions(tx, optionIds));
  await lockOptions(tx, optionIds);
  const productOf = new Map(
    optionIds.length === 0
      ? []
      : (await repo.optionsWithProducts(tx, optionIds)).map((r) => [r.option.id, r.product.id] as const),
  );
  return { lines, productIds, productOf };
}

/**
 * Moves an order along the allowed transitions, doing what `ORDER_MOVES` says of the new status. The history
 * records who (the staff member, or the system when no one signed in: the command line), when, from, to and the
 * reason, in the same transaction. Locks follow the shop's order: the order, then (for a move that touches
 * stock) its products in id order, then its options in id order.
 */
export async function moveOrder(
  db: Executor,
  orderNumber: string,
  to: OrderStatus,
  staffId: string | null = null,
  log?: TransactionLog,
  reason?: string | null,
  finalShipment: FinalShipment = {},
): Promise<StatusChange> {
  const note = reason?.trim() || null;
  const move = ORDER_MOVES[to];
  if (move.needsReason && !note) throw badRequest(ORDER_RULES.cancelNeedsReason, 'REASON_REQUIRED');
  if (note && note.length > ORDER_RULES.reasonMax) {
    throw badRequest(`reason: must be at most ${ORDER_RULES.reasonMax} characters`, 'BAD_REASON');
  }
  return inTransaction(
    db,
    async (tx) => {
      const order = await repo.lockOrderByNumber(tx, orderNumber);
      if (!order) throw repo.orderNotFound();
      const from = order.status;
      if (!canMoveOrder(from, to)) {
        throw new AppError(409, 'BAD_TRANSITION', `An order that is ${from} cannot become ${to}.`);
      }
      move.check?.(order);
      const locked = move.touchesStock
        ? await lockLines(tx, order.id)
        : { lines: [], productIds: [], productOf: new Map<string, string>() };
      await move.effect?.({
        tx,
        order,
        lines: locked.lines,
        productOf: locked.productOf,
        staffId,
        finalShipment,
      });
      await repo.setOrderStatus(tx, order.id, to);
      await recordAudit(tx, {
        staffId,
        action: 'order.status',
        entity: 'order',
        entityId: order.orderNumber,
        before: { status: from },
        after: note ? { status: to, reason: note } : { status: to },
      });
      await repo.insertStatusHistory(tx, {
        orderId: order.id,
        fromStatus: from,
        toStatus: to,
        actor: staffId ? 'STAFF' : 'SYSTEM',
        staffId,
        note,
      });
      await refreshProductDerived(tx, locked.productIds, { searchText: false });
      const buyer = order.buyerId ? await repo.buyerForOrder(tx, order.buyerId) : null;
      // A cancelled or delivered order has nothing left to wait for.
      const preorders =
        to === 'CANCELLED' || to === 'DELIVERED' ? [] : await repo.preordersToShip(tx, order.id);
      const shipments =
        to === 'SHIPPED'
          ? (await shipmentRepo.shipmentsOf(tx, [order.id])).map(({ orderId: _, ...s }) => s)
          : undefined;
      return {
        order,
        from,
        to,
        buyerEmail: buyer?.email ?? order.receiverEmail,
        buyerLanguage: buyer?.language ?? 'en',
        reason: note,
        shipments,
        preorders,
      };
    },
    { log },
  );
}

export const statusLabel = (status: OrderStatus) => ORDER_STATUS_LABELS[status];

/** Tells the buyer where its order stands now. */
export const mailStatusChange = (mailer: Mailer, change: StatusChange) =>
  mailer.send(statusChangeMail(change));

export function statusChangeMail(change: StatusChange): Mail {
  const mail = buyerMails(change.buyerLanguage).statusChange(
    change.order.orderNumber,
    change.to,
    change.reason,
    (change.shipments ?? []).map(parcelText),
    change.preorders,
    change.order.poReference,
  );
  return { to: change.buyerEmail, ...mail };
}
