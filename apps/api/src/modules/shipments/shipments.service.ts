import {
  messages,
  ORDER_RULES,
  type OrderStatus,
  SHIPMENT_RULES,
  SHIPPABLE_STATUSES,
  type ShipmentCreateRequest,
  type ShipmentView,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { refreshProductDerived } from '../../db/derived.js';
import { byId, lockOptions, lockProducts, productIdsOfOptions } from '../../db/row-locks.js';
import type { orderDetails } from '../../db/schema.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { recordAudit } from '../audit/audit.repository.js';
import { buyerMails, type ParcelText, type PreorderLine } from '../mail/mail-texts.js';
import { shipLineStock } from '../orders/line-stock.js';
import * as orderRepo from '../orders/orders.repository.js';
import * as repo from './shipments.repository.js';

type DetailRow = typeof orderDetails.$inferSelect;

export const lineLabel = (l: {
  productTitle: string;
  optionNameValue1: string;
  optionNameValue2: string | null;
}) => [l.productTitle, l.optionNameValue1, l.optionNameValue2].filter(Boolean).join(' / ');

/** What is still to ship on each line after this shipment, the lines with nothing open left out. */
export type OpenLine = { label: string; open: number; quantity: number };
const openLines = (details: readonly DetailRow[]): OpenLine[] =>
  details
    .filter((d) => d.shippedQuantity < d.quantity)
    .map((d) => ({ label: lineLabel(d), open: d.quantity - d.shippedQuantity, quantity: d.quantity }));

export type ShipmentDone = {
  orderNumber: string;
  buyerEmail: string;
  buyerLanguage: string;
  shipment: ShipmentView;
  /** Lines still open after this parcel; empty when it completed the order. */
  open: OpenLine[];
  /** The order's status now: SHIPPED when this parcel completed it. */
  status: OrderStatus;
  complete: boolean;
  /** Every parcel of the order, this one last (for the SHIPPED e-mail). */
  all: ShipmentView[];
  /** The options whose stock the parcel took (stock and held stock alike, so what is available stays). */
  shippedOptionIds: string[];
  /** The order's pre-order lines still waiting for their goods, with their dates (issue 34). */
  preorders: PreorderLine[];
};

const shippable = (status: OrderStatus) => (SHIPPABLE_STATUSES as readonly string[]).includes(status);

/**
 * Ships part or all of an order in one parcel. One transaction in the shop's lock order: the order, then
 * the shipped lines' products and options in id order, then the lines, the shipment and the history.
 * Stock leaves for what ships (stock and hold both fall by the quantity); when every line has shipped in
 * full, the order becomes SHIPPED with a history row in the same transaction. A refusal changes nothing.
 */
export async function shipOrder(
  db: Executor,
  orderId: string,
  input: ShipmentCreateRequest,
  staffId: string | null,
  log?: TransactionLog,
): Promise<ShipmentDone> {
  const ids = input.lines.map((l) => l.orderDetailId);
  if (new Set(ids).size !== ids.length) throw badRequest(SHIPMENT_RULES.duplicateLine, 'DUPLICATE_LINE');
  return inTransaction(
    db,
    async (tx) => {
      const order = await repo.lockOrderById(tx, orderId);
      if (!order) throw notFound(messages.order.notFound, 'ORDER_NOT_FOUND');
      if (!shippable(order.status))
        throw conflict(SHIPMENT_RULES.notShippable(order.status), 'NOT_SHIPPABLE');
      if (order.status === 'CONFIRMED' && !order.personInChargeStaffId) {
        throw conflict(ORDER_RULES.confirmNeedsPersonInCharge, 'PERSON_IN_CHARGE_REQUIRED');
      }
      const details = await orderRepo.detailsOf(tx, [order.id]);
      const lines = new Map(details.map((d) => [d.id, d]));
      const parcel = input.lines.map((l) => {
        const line = lines.get(l.orderDetailId);
        if (!line) throw badRequest(SHIPMENT_RULES.unknownLine, 'LINE_NOT_FOUND');
        const open = line.quantity - line.shippedQuantity;
        if (l.quantity > open) throw conflict(SHIPMENT_RULES.tooMany(lineLabel(line), open), 'TOO_MANY');
        return { line, quantity: l.quantity };
      });
      const optionIds = parcel.flatMap((p) => (p.line.productOptionId ? [p.line.productOptionId] : []));
      const productIds = await lockProducts(tx, await productIdsOfOptions(tx, optionIds));
      await lockOptions(tx, optionIds);
      const sorted = [...parcel].sort((a, b) =>
        byId(a.line.productOptionId ?? '', b.line.productOptionId ?? ''),
      );
      for (const p of sorted) await shipLineStock(tx, p.line, p.quantity);
      for (const p of [...parcel].sort((a, b) => byId(a.line.id, b.line.id))) {
        if (!(await repo.addShipped(tx, p.line.id, p.quantity))) {
          // Under the order's lock the check above holds; this is a guard, not a path.
          throw conflict(
            SHIPMENT_RULES.tooMany(lineLabel(p.line), p.line.quantity - p.line.shippedQuantity),
            'TOO_MANY',
          );
        }
        p.line.shippedQuantity += p.quantity;
      }
      const shipmentLines = parcel.map((p) => ({
        orderDetailId: p.line.id,
        productTitle: p.line.productTitle,
        optionNameValue1: p.line.optionNameValue1,
        optionNameValue2: p.line.optionNameValue2,
        quantity: p.quantity,
      }));
      const shipmentId = await repo.recordShipment(tx, {
        orderId: order.id,
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        staffId,
        lines: shipmentLines,
      });
      await recordAudit(tx, {
        staffId,
        action: 'order.shipment',
        entity: 'order',
        entityId: order.orderNumber,
        before: { status: order.status },
        after: {
          shipmentId,
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          lines: shipmentLines.map((l) => ({ orderDetailId: l.orderDetailId, quantity: l.quantity })),
        },
      });
      const open = openLines(details);
      const complete = open.length === 0;
      if (complete) {
        await orderRepo.setOrderStatus(tx, order.id, 'SHIPPED');
        await recordAudit(tx, {
          staffId,
          action: 'order.status',
          entity: 'order',
          entityId: order.orderNumber,
          before: { status: order.status },
          after: { status: 'SHIPPED' },
        });
        await orderRepo.insertStatusHistory(tx, {
          orderId: order.id,
          fromStatus: order.status,
          toStatus: 'SHIPPED',
          actor: staffId ? 'STAFF' : 'SYSTEM',
          staffId,
          note: null,
        });
      }
      await refreshProductDerived(tx, productIds, { searchText: false });
      const buyer = order.buyerId ? await orderRepo.buyerForOrder(tx, order.buyerId) : null;
      const all = (await repo.shipmentsOf(tx, [order.id])).map(({ orderId: _, ...s }) => s);
      const shipment = all.find((s) => s.shipmentUuid === shipmentId)!;
      return {
        orderNumber: order.orderNumber,
        buyerEmail: buyer?.email ?? order.receiverEmail,
        buyerLanguage: buyer?.language ?? 'en',
        shipment,
        open,
        status: complete ? 'SHIPPED' : order.status,
        complete,
        all,
        shippedOptionIds: optionIds,
        preorders: complete ? [] : await orderRepo.preordersToShip(tx, order.id),
      };
    },
    { log },
  );
}

/** A parcel as the e-mails name it: carrier, tracking number and what was in it. */
export const parcelText = (s: ShipmentView): ParcelText => ({
  carrier: s.carrier,
  trackingNumber: s.trackingNumber,
  lines: s.lines.map((l) => ({ label: lineLabel(l), quantity: l.quantity })),
});

/**
 * Tells the buyer about a parcel: carrier, tracking number, lines and quantities, and what is still open.
 * The parcel that completes the order sends the SHIPPED e-mail instead, naming every parcel.
 */
export function mailShipment(mailer: Mailer, done: ShipmentDone) {
  const mails = buyerMails(done.buyerLanguage);
  const mail = done.complete
    ? mails.shipped(done.orderNumber, done.all.map(parcelText))
    : mails.partlyShipped(done.orderNumber, parcelText(done.shipment), done.open, done.preorders);
  return mailer.send({ to: done.buyerEmail, ...mail });
}
