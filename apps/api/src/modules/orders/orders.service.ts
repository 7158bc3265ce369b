import {
  type CurrencyCode,
  canMoveOrder,
  fromMinorUnits,
  koreaTime,
  linesEditable,
  messages,
  ORDER_RULES,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  type OrderCreateRequest,
  type OrderDetail,
  type OrderHistoryEntry,
  type OrderStatus,
  type OrderSummary,
  parseMemo,
  receiverCountry,
  type ShipmentView,
  type StaffRole,
  shopMessages,
  toMinorUnits,
} from '@kshop/contract';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.js';
import { refreshProductDerived } from '../../db/derived.js';
import { lockOptions, lockProducts, productIdsOfOptions } from '../../db/row-locks.js';
import type { orderDetails, orders } from '../../db/schema.js';
import {
  inOneStatement,
  inTransaction,
  MAX_TRANSACTION_ATTEMPTS,
  type TransactionLog,
} from '../../db/transaction.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { koreanDate } from '../../lib/korean-day.js';
import type { Mail, Mailer } from '../../lib/mailer.js';
import { recordAudit } from '../audit/audit.repository.js';
import { NO_IMAGE_URL } from '../catalog/catalog.service.js';
import { type CatalogueChange, stockChanges } from '../catalog/catalogue-changes.js';
import { type Answer, IDEMPOTENCY_MESSAGES, type KeyId } from '../idempotency/idempotency.js';
import { buyerMails } from '../mail/mail-texts.js';
import { checkPreorderCaps } from '../preorders/preorder-rules.js';
import * as shipmentRepo from '../shipments/shipments.repository.js';
import { parcelText } from '../shipments/shipments.service.js';
import { releaseLineStock, shipLineStock } from './line-stock.js';
import * as repo from './orders.repository.js';
import { appendSales, salesChange } from './pending-sales.js';

type OrderRow = typeof orders.$inferSelect;
type DetailRow = typeof orderDetails.$inferSelect;
type MemoRow = Awaited<ReturnType<typeof repo.memosOf>>[number];
type HistoryRow = Awaited<ReturnType<typeof repo.statusHistoryOf>>[number];

/** Once an order is delivered or cancelled its memos stay as they are. */
const MEMOS_CLOSED: readonly OrderStatus[] = ['DELIVERED', 'CANCELLED'];
export const memosOpen = (status: OrderStatus) => !MEMOS_CLOSED.includes(status);

/** What the memos that count (not voided) add to the product amount, in minor units. */
const memoTotal = (memos: readonly MemoRow[], except?: string) =>
  memos.reduce((sum, m) => (m.voidedAt || m.id === except ? sum : sum + m.amount), 0);

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

/** '20261122': the day in Korea, where the shop works. */
export const orderDay = (at = new Date()): string => koreanDate(at).replaceAll('-', '');

/** '20261122-1042': the day in Korea and a number that never repeats (the database's sequence). */
export function orderNumberFor(sequence: number, at = new Date()): string {
  return `${orderDay(at)}-${sequence}`;
}

const orderNotFound = () => notFound(messages.order.notFound, 'ORDER_NOT_FOUND');

/**
 * A placed order, as its answer names it (its mails are queued by its statement and written from the order),
 * and what it changed in the catalogue, for the caller to announce once committed.
 */
export type PlacedOrder = {
  uuid: string;
  orderNumber: string;
  catalogue: CatalogueChange[];
};

/** An order held stock of its options; a product it sold out leaves the in-stock lists too. */
export const catalogueChangeOf = (written: repo.OrderWrite): CatalogueChange[] =>
  stockChanges(
    written.lines.map((line) => line.id),
    written.soldOut ?? [],
  );

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The order's lines in option id order, and its amount in minor units; refuses what no statement needs to see. */
function orderLines(currency: CurrencyCode, input: OrderCreateRequest) {
  if (input.currencyCode !== currency) throw conflict(messages.order.currencyMismatch, 'CURRENCY_MISMATCH');
  const inOrder = input.productOptionList.map((l) => ({
    ...l,
    productOptionUuid: l.productOptionUuid.toLowerCase(),
  }));
  const lines = [...inOrder].sort((a, b) => byId(a.productOptionUuid, b.productOptionUuid));
  const optionIds = lines.map((l) => l.productOptionUuid);
  if (new Set(optionIds).size !== optionIds.length)
    throw badRequest(shopMessages.order.duplicateLine, 'DUPLICATE_LINE');
  // `lines` in option id order: a refusal names the first line at fault in that order, as it always did.
  return { lines, inOrder, expectedMinor: toMinorUnits(input.finalPaymentAmount, currency) };
}

/** The statement's values for a storefront order: the company comes from the profile, never the request. */
function storefrontOrder(
  buyerId: string,
  currency: CurrencyCode,
  input: OrderCreateRequest,
  checked: ReturnType<typeof orderLines>,
  once?: repo.OrderKey,
): repo.NewOrder {
  const receiver = input.receiverInfo;
  return {
    buyerId,
    currency,
    lines: checked.inOrder.map((l) => ({ optionId: l.productOptionUuid, quantity: l.quantity })),
    expectedMinor: checked.expectedMinor,
    day: orderDay(),
    // Checkout shows the company read-only from the profile; the request cannot name another one.
    receiver: {
      companyEmail: receiver.companyEmail,
      receiverName: receiver.receiverName,
      phoneNumber: receiver.phoneNumber,
      postalCode: receiver.postalCode,
      addressDetail: receiver.addressDetail,
      // A buyer's currency is KRW exactly when the company is Korean (ARCHITECTURE 4).
      country: receiverCountry(currency === 'KRW', receiver.country),
    },
    once,
  };
}

const placedFrom = (written: repo.OrderWrite): PlacedOrder | null =>
  written.order && written.buyer
    ? {
        uuid: written.order.id,
        orderNumber: written.order.orderNumber,
        catalogue: catalogueChangeOf(written),
      }
    : null;

/**
 * Places an order in one statement (`writeOrder`), a transaction of its own, which takes its locks in the
 * shop's lock order: the ordered products in id order, then their options in id order. It checks the
 * catalogue as it stands under those locks: prices are recomputed and compared with what the buyer saw,
 * minimums and stock are checked, and only if all is well is the stock of every line held (a conditional
 * update that never oversells), the order written with the company of the buyer's profile (never the
 * request's), the ordered lines removed from the cart and the sale appended for the products' totals
 * (decision 0034). A refusal writes nothing; any other failure undoes everything.
 *
 * Inside a caller's transaction it adds no savepoint of its own: a refusal has written nothing, and any
 * other failure ends the caller's transaction.
 */
export async function placeOrder(
  db: Executor,
  buyerId: string,
  currency: CurrencyCode,
  input: OrderCreateRequest,
  log?: TransactionLog,
): Promise<PlacedOrder> {
  const checked = orderLines(currency, input);
  const work = async (tx: Executor): Promise<PlacedOrder> => {
    const written = await repo.writeOrder(tx, storefrontOrder(buyerId, currency, input, checked));
    const placed = placedFrom(written);
    if (placed) return placed;
    throw refusal(checked.lines, checked.expectedMinor, written);
  };
  return db instanceof PgTransaction ? work(db) : inOneStatement(() => work(db), { log });
}

/** A keyed order's outcome: placed now, or the answer the key already holds (to send again as it is). */
export type KeyedOutcome = { placed: PlacedOrder } | { replay: Answer };

const uniqueViolation = (err: unknown) => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** The stored answer sent again, or 422 when the key was taken by another request. */
function replayOf(stored: repo.StoredAnswer, requestHash: string): KeyedOutcome {
  if (stored.requestHash !== requestHash)
    throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.reused);
  if (stored.statusCode === null) throw new Error('idempotency key without an answer');
  return { replay: stored.response as Answer };
}

/**
 * A storefront order with an Idempotency-Key, as `answerOnce` answers it (a repeat within 24 hours gets
 * the first answer and writes nothing, a refusal is kept as the answer, the same key with another body is
 * 422, an unexpected failure keeps nothing), in one round trip for an order placed or answered again:
 * `writeOrder` reads the key before its first lock and stores the order's answer under it in the same
 * statement. A refusal wrote nothing; its answer is kept by a second statement. Should another request with
 * the same key store its answer first (both ran at once), this one's statement fails on the key, writes
 * nothing, and this request answers as that one did.
 */
export async function placeOrderOnce(
  db: Db,
  buyerId: string,
  currency: CurrencyCode,
  input: OrderCreateRequest,
  keyed: { id: KeyId; requestHash: string },
  placedMessage: string,
  log?: TransactionLog,
): Promise<KeyedOutcome> {
  let checked: ReturnType<typeof orderLines>;
  try {
    checked = orderLines(currency, input);
  } catch (err) {
    return keepRefusal(db, keyed, err);
  }
  const order = storefrontOrder(buyerId, currency, input, checked, { ...keyed, placedMessage });
  for (let attempt = 1; ; attempt++) {
    let written: repo.OrderWrite;
    try {
      // The statement stores the order's answer under its key: run again after a lost connection, it finds it.
      written = await inOneStatement(() => repo.writeOrder(db, order), { log, idempotent: true });
    } catch (err) {
      if (!uniqueViolation(err)) throw err;
      // Another request with this key stored its answer while this statement ran: that is the answer.
      const stored = await repo.liveKey(db, keyed.id);
      if (stored) return replayOf(stored, keyed.requestHash);
      if (attempt >= MAX_TRANSACTION_ATTEMPTS) throw err;
      continue;
    }
    if (written.known) return replayOf(written.known, keyed.requestHash);
    const placed = placedFrom(written);
    if (placed) return { placed };
    return keepRefusal(db, keyed, refusal(checked.lines, checked.expectedMinor, written));
  }
}

/** Keeps a refusal as the key's answer and gives it; a key answered meanwhile answers instead. */
async function keepRefusal(
  db: Executor,
  keyed: { id: KeyId; requestHash: string },
  err: unknown,
): Promise<KeyedOutcome> {
  if (!(err instanceof AppError)) throw err;
  if (await repo.keepAnswer(db, keyed, { statusCode: err.statusCode, message: err.message, data: null }))
    throw err;
  const stored = await repo.liveKey(db, keyed.id);
  if (!stored) throw err;
  return replayOf(stored, keyed.requestHash);
}

/**
 * Why `writeOrder` wrote nothing, from the options as it read them, in the order the checks were always
 * made: an unknown buyer, then line by line (in option id order) an unknown option, one below its
 * minimum, not a multiple of its order multiple or above its maximum per order, then the total, then the
 * first line short of stock.
 */
export function refusal(
  lines: { productOptionUuid: string; quantity: number }[],
  expectedMinor: number,
  written: repo.OrderWrite,
): Error {
  if (!written.buyer) return notFound();
  const found = new Map(written.lines.map((l) => [l.id, l]));
  let productMinor = 0;
  for (const line of lines) {
    const row = found.get(line.productOptionUuid);
    if (!row) return notFound(messages.http.productNotFound, 'PRODUCT_NOT_FOUND');
    if (!row.windowOpen) return windowRefusal(row);
    if (line.quantity < row.minimum) return badRequest(messages.cart.minimum(row.minimum), 'BELOW_MINIMUM');
    // Quantity rules (issue 12): the order multiple, then the maximum per order.
    if (line.quantity % row.multiple !== 0)
      return badRequest(messages.cart.multiple(row.multiple), 'NOT_A_MULTIPLE');
    if (row.maxPerOrder !== null && line.quantity > row.maxPerOrder)
      return badRequest(messages.cart.maxPerOrder(row.maxPerOrder), 'ABOVE_MAX_PER_ORDER');
    productMinor += row.unit * line.quantity;
  }
  if (productMinor !== expectedMinor) return conflict(messages.order.pricesChanged, 'PRICES_CHANGED');
  for (const line of lines) {
    const row = found.get(line.productOptionUuid)!;
    if (row.preorder && !row.soldOut) {
      const refused = capRefusal(row, line.quantity);
      if (refused) return refused;
      continue;
    }
    if (row.soldOut || row.stock - row.hold < line.quantity) {
      return conflict(messages.order.notEnoughStock(row.title), 'NOT_ENOUGH_STOCK');
    }
  }
  // The statement's check and this one disagree: nothing was written, but the buyer gets no reason.
  return new Error('the order was refused although every line passed the checks');
}

/**
 * Why a line outside its product's order window was refused (issue 34), by the database's clock: a window that
 * has an end the statement found passed is closed; otherwise it has not opened yet.
 */
function windowRefusal(row: repo.CheckedLine): Error {
  const { orderWindow } = shopMessages;
  const opensLater =
    row.salesStartAt !== null && (row.salesEndAt === null || Date.parse(row.salesStartAt) > Date.now());
  return opensLater
    ? conflict(orderWindow.notYet(row.title, koreaTime(row.salesStartAt!)), 'ORDERS_NOT_OPEN')
    : conflict(orderWindow.closed(row.title, koreaTime(row.salesEndAt!)), 'ORDERS_CLOSED');
}

/** Why a pre-order line beyond its option's caps was refused, or null when it fits. */
function capRefusal(row: repo.CheckedLine, quantity: number): Error | null {
  try {
    checkPreorderCaps(row.title, row, { total: row.preorderTaken, buyer: row.buyerTaken }, quantity);
    return null;
  } catch (err) {
    return err as Error;
  }
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
    orderDetails: details.filter((d) => d.orderId === o.id).map((d) => toLine(d, dates)),
  }));
  return { orderList, totalCount };
}

async function detailView(db: Executor, order: OrderRow): Promise<OrderDetail> {
  const [details, memos, history, shipments] = await Promise.all([
    repo.detailsOf(db, [order.id]),
    repo.memosOf(db, order.id),
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
  if (!order) throw orderNotFound();
  return detailView(db, order);
}

export async function orderByNumber(db: Executor, orderNumber: string) {
  const order = await repo.findOrder(db, { orderNumber });
  if (!order) throw orderNotFound();
  return detailView(db, order);
}

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
};

/** The carrier and tracking number of the last parcel when an order moves to SHIPPED; empty when not given. */
export type FinalShipment = { carrier?: string; trackingNumber?: string };

/**
 * Moves an order along the allowed transitions. Confirming needs a person in charge; cancelling needs a
 * reason. Shipping takes the held quantities out of stock; cancelling releases them and takes the sale
 * back. The history records who (the staff member, or the system when no one signed in: the command line),
 * when, from, to and the reason, in the same transaction. Locks follow the shop's order: the order, then
 * its products in id order, then its options in id order.
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
  if (to === 'CANCELLED' && !note) throw badRequest(ORDER_RULES.cancelNeedsReason, 'REASON_REQUIRED');
  if (note && note.length > ORDER_RULES.reasonMax) {
    throw badRequest(`reason: must be at most ${ORDER_RULES.reasonMax} characters`, 'BAD_REASON');
  }
  return inTransaction(
    db,
    async (tx) => {
      const order = await repo.lockOrderByNumber(tx, orderNumber);
      if (!order) throw orderNotFound();
      const from = order.status;
      if (!canMoveOrder(from, to)) {
        throw new AppError(409, 'BAD_TRANSITION', `An order that is ${from} cannot become ${to}.`);
      }
      if (to === 'CONFIRMED' && !order.personInChargeStaffId) {
        throw conflict(ORDER_RULES.confirmNeedsPersonInCharge, 'PERSON_IN_CHARGE_REQUIRED');
      }
      // Only shipping and cancelling change stock; the other moves lock the order alone.
      const touchesStock = to === 'SHIPPED' || to === 'CANCELLED';
      const details = touchesStock ? await repo.detailsOf(tx, [order.id]) : [];
      const optionIds = details.flatMap((d) => (d.productOptionId ? [d.productOptionId] : []));
      const productIds = await lockProducts(tx, await productIdsOfOptions(tx, optionIds));
      await lockOptions(tx, optionIds);
      const products = new Map(
        optionIds.length === 0
          ? []
          : (await repo.optionsWithProducts(tx, optionIds)).map((r) => [r.option.id, r.product.id] as const),
      );
      // What already left in shipments took its stock then: only the rest ships or is released now.
      const open = (d: DetailRow) => d.quantity - d.shippedQuantity;
      for (const d of [...details].sort((a, b) => byId(a.productOptionId ?? '', b.productOptionId ?? ''))) {
        if (!d.productOptionId || open(d) <= 0) continue;
        if (to === 'SHIPPED') await shipLineStock(tx, d, open(d));
        else await releaseLineStock(tx, d, order.buyerId);
      }
      if (to === 'SHIPPED') {
        // The rest leaves as the last parcel, with the carrier and tracking number when given.
        const rest = details.filter((d) => open(d) > 0).sort((a, b) => byId(a.id, b.id));
        for (const d of rest) await shipmentRepo.addShipped(tx, d.id, open(d));
        if (rest.length > 0) {
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
      }
      if (to === 'CANCELLED') {
        // What shipped stays sold; the sale of what never left is taken back.
        const takenBack = details.flatMap((d) => {
          const productId = d.productOptionId ? products.get(d.productOptionId) : undefined;
          const quantity = open(d);
          const amount = quantity === d.quantity ? d.amount : d.unitPrice * quantity;
          return productId && quantity > 0
            ? [salesChange(productId, -quantity, -amount, order.currencyCode)]
            : [];
        });
        await appendSales(tx, takenBack);
      }
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
      await refreshProductDerived(tx, productIds, { searchText: false });
      const buyer = order.buyerId ? await repo.buyerForOrder(tx, order.buyerId) : null;
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
      };
    },
    { log },
  );
}

export const MEMO_FORMAT =
  "A memo reads 'label/amount', for example 'Shipping fee/15000' or 'Discount/-5000'.";

const closedMemos = (status: OrderStatus) => conflict(ORDER_RULES.memosClosed(status), 'MEMOS_CLOSED');

/** The memo's amount in the order's minor units; more decimals than the currency has are refused. */
function memoMinor(content: string, currency: CurrencyCode): number {
  const { label, amount } = parseMemo(content);
  if (!label || amount === null) throw badRequest(MEMO_FORMAT, 'BAD_MEMO');
  const minor = toMinorUnits(amount, currency);
  if (fromMinorUnits(minor, currency) !== amount) {
    throw badRequest(`${currency} amounts have at most ${currency === 'KRW' ? 0 : 2} decimals.`, 'BAD_MEMO');
  }
  return minor;
}

const negativeTotal = () => badRequest('The memos would make the total negative.', 'BAD_MEMO');

/** A memo's text must read 'label/amount'. */
function checkMemoFormat(content: string) {
  const { label, amount } = parseMemo(content);
  if (!label || amount === null) throw badRequest(MEMO_FORMAT, 'BAD_MEMO');
}

/** The order, locked, whose memos may still change (not delivered, not cancelled). */
async function lockOrderWithOpenMemos(tx: Executor, orderNumber: string) {
  const order = await repo.lockOrderByNumber(tx, orderNumber);
  if (!order) throw orderNotFound();
  if (!memosOpen(order.status)) throw closedMemos(order.status);
  return order;
}

/** One of the order's memos, locked after the order, that is not voided. */
async function lockLiveMemo(tx: Executor, orderId: string, memoId: string) {
  const memo = await repo.lockMemo(tx, orderId, memoId);
  if (!memo) throw notFound(ORDER_RULES.memoNotFound, 'MEMO_NOT_FOUND');
  if (memo.voidedAt) throw conflict(ORDER_RULES.memoVoided, 'MEMO_VOIDED');
  return memo;
}

/**
 * The final amount once the memos change: the product amount, every memo that counts except `leaving`, and
 * `adding` (minor units). Refused when it would be negative.
 */
async function finalAmountWith(
  tx: Executor,
  order: { id: string; productAmount: number },
  change: { leaving?: string; adding?: number },
) {
  const memos = await repo.memosOf(tx, order.id);
  const finalAmount = order.productAmount + memoTotal(memos, change.leaving) + (change.adding ?? 0);
  if (finalAmount < 0) throw negativeTotal();
  return finalAmount;
}

/**
 * Adds a staff memo; the final amount becomes the product amount plus every memo that is not voided.
 * Refused once the order is delivered or cancelled.
 */
export async function addMemo(
  db: Executor,
  orderNumber: string,
  content: string,
  staffId: string | null = null,
  log?: TransactionLog,
) {
  checkMemoFormat(content);
  return inTransaction(
    db,
    async (tx) => {
      const order = await lockOrderWithOpenMemos(tx, orderNumber);
      const minor = memoMinor(content, order.currencyCode);
      const finalAmount = await finalAmountWith(tx, order, { adding: minor });
      await repo.insertMemo(tx, {
        orderId: order.id,
        content: content.trim(),
        amount: minor,
        createdByStaffId: staffId,
      });
      await repo.setFinalAmount(tx, order.id, finalAmount);
      await recordAudit(tx, {
        staffId,
        action: 'order.memo',
        entity: 'order',
        entityId: orderNumber,
        before: { finalAmount: order.finalAmount },
        after: { memo: content.trim(), finalAmount },
      });
      return {
        orderNumber,
        finalAmount: fromMinorUnits(finalAmount, order.currencyCode),
        currencyCode: order.currencyCode,
      };
    },
    { log },
  );
}

/**
 * Changes a memo's text and amount (the same 'label/amount' form). Refused for a voided memo and once the
 * order is delivered or cancelled. Locks the order, then the memo.
 */
export async function changeMemo(
  db: Executor,
  orderNumber: string,
  memoId: string,
  content: string,
  staffId: string | null = null,
  log?: TransactionLog,
) {
  checkMemoFormat(content);
  return inTransaction(
    db,
    async (tx) => {
      const order = await lockOrderWithOpenMemos(tx, orderNumber);
      const memo = await lockLiveMemo(tx, order.id, memoId);
      const minor = memoMinor(content, order.currencyCode);
      const finalAmount = await finalAmountWith(tx, order, { leaving: memo.id, adding: minor });
      await repo.editMemo(tx, memo.id, content.trim(), minor, staffId);
      await repo.setFinalAmount(tx, order.id, finalAmount);
      await recordAudit(tx, {
        staffId,
        action: 'order.memo-edit',
        entity: 'order',
        entityId: orderNumber,
        before: { memoId: memo.id, memo: memo.content, finalAmount: order.finalAmount },
        after: { memoId: memo.id, memo: content.trim(), finalAmount },
      });
      return { finalAmount: fromMinorUnits(finalAmount, order.currencyCode) };
    },
    { log },
  );
}

/**
 * Voids a memo: it stays in the order's history for staff, no longer counts in the amounts and is no
 * longer shown to the buyer. Refused once the order is delivered or cancelled.
 */
export async function voidMemo(
  db: Executor,
  orderNumber: string,
  memoId: string,
  staffId: string | null = null,
  log?: TransactionLog,
) {
  return inTransaction(
    db,
    async (tx) => {
      const order = await lockOrderWithOpenMemos(tx, orderNumber);
      const memo = await lockLiveMemo(tx, order.id, memoId);
      const finalAmount = await finalAmountWith(tx, order, { leaving: memo.id });
      await repo.voidMemo(tx, memo.id, staffId);
      await repo.setFinalAmount(tx, order.id, finalAmount);
      await recordAudit(tx, {
        staffId,
        action: 'order.memo-void',
        entity: 'order',
        entityId: orderNumber,
        before: { memoId: memo.id, memo: memo.content, finalAmount: order.finalAmount },
        after: { memoId: memo.id, voided: true, finalAmount },
      });
      return { finalAmount: fromMinorUnits(finalAmount, order.currencyCode) };
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
  );
  return { to: change.buyerEmail, ...mail };
}

export async function adminOrderList(db: Executor, filter: repo.AdminOrderFilter) {
  const { rows, totalCount } = await repo.searchOrders(db, filter);
  return {
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
      takenBy: r.takenBy,
    })),
    totalCount,
  };
}

export type Viewer = { id: string; role: StaffRole };

/** Who may be named in charge, and whether nobody may: the one rule of the API and the screen. */
function assignRight(viewer: Viewer, currentId: string | null, status: OrderStatus) {
  const owner = viewer.role === 'OWNER';
  return {
    mayName: (personId: string) => owner || personId === viewer.id,
    mayClear: (owner || currentId === null || currentId === viewer.id) && !keepsPersonInCharge(status),
  };
}

/** From confirmation to delivery an order keeps someone in charge (another may take over). */
const keepsPersonInCharge = (status: OrderStatus) => status !== 'PENDING' && status !== 'CANCELLED';

/**
 * The order with what staff add: who is in charge, which statuses it may move to (confirming only once
 * someone is in charge), every memo with its author, its status history, and whom this viewer may assign.
 */
export async function adminOrderDetail(db: Executor, orderNumber: string, viewer: Viewer) {
  const order = await repo.findOrder(db, { orderNumber });
  if (!order) throw orderNotFound();
  const [view, memos, history, changes] = await Promise.all([
    detailView(db, order),
    repo.memosOf(db, order.id),
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
      if (!order) throw orderNotFound();
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
