import {
  fromMinorUnits,
  linesEditable,
  memosOpen,
  ORDER_TRANSITIONS,
  type OrderDetail,
  type OrderHistoryEntry,
  type OrderSummary,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import type { orderDetails, orders } from '../../db/schema.js';
import { koreanDate } from '../../lib/korean-day.js';
import { NO_IMAGE_URL } from '../catalog/catalog.service.js';
import * as shipmentRepo from '../shipments/shipments.repository.js';
import * as memoRepo from './memos.repository.js';
import * as searchRepo from './order-search.repository.js';
import * as repo from './orders.repository.js';
import { assignRight, type Viewer } from './person-in-charge.js';

type OrderRow = typeof orders.$inferSelect;
type DetailRow = typeof orderDetails.$inferSelect;
type HistoryRow = Awaited<ReturnType<typeof repo.statusHistoryOf>>[number];

/** The placing of the order: the buyer's, unless the history already says who opened it. */
function withPlacement(order: OrderRow, rows: readonly HistoryRow[]): HistoryRow[] {
  if (rows.some((r) => r.fromStatus === null)) return [...rows];
  const placed: HistoryRow = {
    id: 0,
    orderId: order.id,
    fromStatus: null,
    toStatus: 'PENDING',
    actor: 'BUYER',
    staffId: null,
    note: null,
    createdAt: order.createdAt,
  };
  return [placed, ...rows];
}

type ReleaseDates = Awaited<ReturnType<typeof repo.releaseDatesOf>>;

/** The lines' products' release and planned ship dates (issue 34), read once for an answer. */
const releaseDatesOfLines = (db: Executor, details: readonly DetailRow[]) =>
  repo.releaseDatesOf(
    db,
    details.flatMap((d) => (d.productOptionId ? [d.productOptionId] : [])),
  );

function toLine(d: DetailRow, dates: ReleaseDates) {
  const currency = d.currencyCode;
  const release = d.productOptionId ? dates.get(d.productOptionId) : undefined;
  return {
    orderDetailUuid: d.id,
    quantity: d.quantity,
    shippedQuantity: d.shippedQuantity,
    preorder: d.preorder,
    ...(d.preorder
      ? {
          allocatedQuantity: d.allocatedQuantity,
          backorderQuantity: d.backorder ? d.quantity - d.allocatedQuantity : 0,
        }
      : {}),
    releaseDate: release?.releaseDate ?? null,
    shipsOn: release?.shipsOn ?? null,
    amount: fromMinorUnits(d.amount, currency),
    currencyCode: currency,
    productOption: {
      productOptionUuid: d.productOptionId,
      productTitle: d.productTitle,
      optionNameValue1: d.optionNameValue1,
      optionNameValue2: d.optionNameValue2,
      thumbnailUrlArray: [d.thumbnailUrl ?? NO_IMAGE_URL],
    },
  };
}

export async function orderList(db: Executor, buyerId: string, page: number, limit: number) {
  const { orders: rows, totalCount } = await repo.pageOfOrders(db, buyerId, limit, (page - 1) * limit);
  const details = await repo.detailsOf(
    db,
    rows.map((o) => o.id),
  );
  const dates = await releaseDatesOfLines(db, details);
  const orderList: OrderSummary[] = rows.map((o) => ({
    uuid: o.id,
    orderNumber: o.orderNumber,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    finalPaymentAmount: fromMinorUnits(o.finalAmount, o.currencyCode),
    currencyCode: o.currencyCode,
    poReference: o.poReference,
    orderDetails: details.filter((d) => d.orderId === o.id).map((d) => toLine(d, dates)),
  }));
  return { orderList, totalCount };
}

async function detailView(db: Executor, order: OrderRow): Promise<OrderDetail> {
  const [details, memos, history, shipments] = await Promise.all([
    repo.detailsOf(db, [order.id]),
    memoRepo.memosOf(db, order.id),
    repo.statusHistoryOf(db, order.id),
    shipmentRepo.shipmentsOf(db, [order.id]),
  ]);
  const dates = await releaseDatesOfLines(db, details);
  return {
    uuid: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    currencyCode: order.currencyCode,
    beforeDiscountProductAmount: fromMinorUnits(order.productAmount, order.currencyCode),
    finalPaymentAmount: fromMinorUnits(order.finalAmount, order.currencyCode),
    poReference: order.poReference,
    // Voided memos no longer count and are not the buyer's to read.
    orderMemos: memos.filter((m) => !m.voidedAt).map((m) => ({ orderMemoUuid: m.id, content: m.content })),
    orderDetails: details.map((d) => toLine(d, dates)),
    statusHistory: withPlacement(order, history).map((h) => ({
      status: h.toStatus,
      at: h.createdAt.toISOString(),
    })),
    shipments: shipments.map(({ orderId: _, ...s }) => s),
    receiverInfo: {
      receiverName: order.receiverName,
      companyName: order.receiverCompanyName,
      companyEmail: order.receiverEmail,
      phoneNumber: order.receiverPhoneNumber,
      addressDetail: order.receiverAddressDetail,
      postalCode: order.receiverPostalCode,
      country: order.receiverCountry,
    },
  };
}

/** A member's own order; another member's answers as if it did not exist. */
export async function orderDetailFor(db: Executor, buyerId: string, orderId: string) {
  const order = await repo.findOrder(db, { id: orderId, buyerId });
  if (!order) throw repo.orderNotFound();
  return detailView(db, order);
}

export async function orderByNumber(db: Executor, orderNumber: string) {
  const order = await repo.findOrder(db, { orderNumber });
  if (!order) throw repo.orderNotFound();
  return detailView(db, order);
}

/** A page of the back office's list, with the quick views' counts under the same other filters. */
export async function adminOrderList(
  db: Executor,
  filter: searchRepo.AdminOrderFilter,
  me: string,
  now = new Date(),
) {
  const {
    limit: _l,
    offset: _o,
    sort: _s,
    dir: _d,
    assignedTo: _a,
    placedOn: _p,
    needsAction: _n,
    ...others
  } = filter;
  const [{ rows, totalCount }, viewCounts] = await Promise.all([
    searchRepo.searchOrders(db, filter),
    searchRepo.countViews(db, others, koreanDate(now), me),
  ]);
  return {
    viewCounts,
    orderList: rows.map((r) => ({
      uuid: r.order.id,
      orderNumber: r.order.orderNumber,
      createdAt: r.order.createdAt.toISOString(),
      status: r.order.status,
      currencyCode: r.order.currencyCode,
      finalPaymentAmount: fromMinorUnits(r.order.finalAmount, r.order.currencyCode),
      companyName: r.order.receiverCompanyName,
      buyerEmail: r.buyerEmail,
      personInCharge: r.personInCharge,
      lineCount: r.lineCount,
      poReference: r.order.poReference,
      takenBy: r.takenBy,
    })),
    totalCount,
  };
}

/**
 * The order with what staff add: who is in charge, which statuses it may move to (confirming only once
 * someone is in charge), every memo with its author, its status history, and whom this viewer may assign.
 */
export async function adminOrderDetail(db: Executor, orderNumber: string, viewer: Viewer) {
  const order = await repo.findOrder(db, { orderNumber });
  if (!order) throw repo.orderNotFound();
  const [view, memos, history, changes] = await Promise.all([
    detailView(db, order),
    memoRepo.memosOf(db, order.id),
    repo.statusHistoryOf(db, order.id),
    repo.changesOf(db, order.id),
  ]);
  const ids = new Set<string>();
  for (const m of memos) {
    for (const id of [m.createdByStaffId, m.editedByStaffId, m.voidedByStaffId]) if (id) ids.add(id);
  }
  for (const h of history) if (h.staffId) ids.add(h.staffId);
  for (const c of changes) if (c.staffId) ids.add(c.staffId);
  if (order.personInChargeStaffId) ids.add(order.personInChargeStaffId);
  if (order.takenByStaffId) ids.add(order.takenByStaffId);
  const [people, active] = await Promise.all([
    repo.staffByIds(db, [...ids]),
    viewer.role === 'OWNER' ? repo.activeStaff(db) : repo.staffByIds(db, [viewer.id]),
  ]);
  const byStaffId = new Map(people.map((p) => [p.id, p]));
  const who = (id: string | null) => (id ? (byStaffId.get(id) ?? null) : null);
  const at = (date: Date | null) => date?.toISOString() ?? null;
  const rights = assignRight(viewer, order.personInChargeStaffId, order.status);
  const statusHistory: OrderHistoryEntry[] = withPlacement(order, history).map((h) => ({
    at: h.createdAt.toISOString(),
    from: h.fromStatus,
    to: h.toStatus,
    actor: h.actor,
    staff: who(h.staffId),
    note: h.note,
  }));
  return {
    ...view,
    personInChargeStaffId: order.personInChargeStaffId,
    personInCharge: who(order.personInChargeStaffId),
    takenBy: who(order.takenByStaffId),
    businessRegistrationNumber: order.businessRegistrationNumber,
    backorderChoice: order.backorderChoice,
    nextStatuses: ORDER_TRANSITIONS[order.status].filter(
      (s) => s !== 'CONFIRMED' || order.personInChargeStaffId !== null,
    ),
    memos: memos.map((m) => ({
      orderMemoUuid: m.id,
      content: m.content,
      amount: fromMinorUnits(m.amount, order.currencyCode),
      createdAt: m.createdAt.toISOString(),
      createdBy: who(m.createdByStaffId),
      editedAt: at(m.editedAt),
      editedBy: who(m.editedByStaffId),
      voidedAt: at(m.voidedAt),
      voidedBy: who(m.voidedByStaffId),
    })),
    memosOpen: memosOpen(order.status),
    statusHistory,
    changes: changes.map((c) => ({
      at: c.createdAt.toISOString(),
      kind: c.kind,
      staff: who(c.staffId),
      summary: String((c.detail as { summary?: unknown }).summary ?? c.kind),
    })),
    linesEditable: linesEditable(order.status),
    assignableStaff: active.filter((s) => rights.mayName(s.id)),
    mayClearPersonInCharge: rights.mayClear,
  };
}
