import { setTimeout as sleep } from 'node:timers/promises';
import {
  type CurrencyCode,
  canMoveOrder,
  fromMinorUnits,
  messages,
  ORDER_STATUS_LABELS,
  type OrderCreateRequest,
  type OrderDetail,
  type OrderStatus,
  type OrderSummary,
  parseMemo,
  toMinorUnits,
} from '@kshop/contract';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { refreshProductDerived } from '../../db/derived.js';
import { lockOptions, lockProducts, productIdsOfOptions } from '../../db/row-locks.js';
import type { orderDetails, orders } from '../../db/schema.js';
import {
  inTransaction,
  MAX_TRANSACTION_ATTEMPTS,
  retryableCode,
  type TransactionLog,
} from '../../db/transaction.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { recordAudit } from '../audit/audit.repository.js';
import { NO_IMAGE_URL } from '../catalog/catalog.service.js';
import * as repo from './orders.repository.js';

type OrderRow = typeof orders.$inferSelect;
type DetailRow = typeof orderDetails.$inferSelect;

/** '20261122': the day in Korea, where the shop works. */
export const orderDay = (at = new Date()): string =>
  new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');

/** '20261122-1042': the day in Korea and a number that never repeats (the database's sequence). */
export function orderNumberFor(sequence: number, at = new Date()): string {
  return `${orderDay(at)}-${sequence}`;
}

const orderNotFound = () => notFound(messages.order.notFound, 'ORDER_NOT_FOUND');

export type PlacedOrder = {
  uuid: string;
  orderNumber: string;
  email: string;
  companyName: string;
  finalMinor: number;
};

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Places an order in one statement (`writeOrder`), a transaction of its own, which takes its locks in the
 * shop's lock order: the ordered products in id order, then their options in id order. It checks the
 * catalogue as it stands under those locks: prices are recomputed and compared with what the buyer saw,
 * minimums and stock are checked, and only if all is well is the stock of every line held (a conditional
 * update that never oversells), the order written with the company of the buyer's profile (never the
 * request's), the ordered lines removed from the cart and the sale added to the products. A refusal
 * writes nothing; any other failure undoes everything.
 *
 * Inside a caller's transaction (an Idempotency-Key's) it adds no savepoint of its own: a refusal has
 * written nothing, and any other failure ends the caller's transaction.
 */
export async function placeOrder(
  db: Executor,
  buyerId: string,
  currency: CurrencyCode,
  input: OrderCreateRequest,
  log?: TransactionLog,
): Promise<PlacedOrder> {
  if (input.currencyCode !== currency) throw conflict(messages.order.currencyMismatch, 'CURRENCY_MISMATCH');
  const lines = input.productOptionList
    .map((l) => ({ ...l, productOptionUuid: l.productOptionUuid.toLowerCase() }))
    .sort((a, b) => byId(a.productOptionUuid, b.productOptionUuid));
  const optionIds = lines.map((l) => l.productOptionUuid);
  if (new Set(optionIds).size !== optionIds.length)
    throw badRequest('Each option may appear once in an order.', 'DUPLICATE_LINE');
  const expectedMinor = toMinorUnits(input.finalPaymentAmount, currency);
  const receiver = input.receiverInfo;

  const work = async (tx: Executor): Promise<PlacedOrder> => {
    const written = await repo.writeOrder(tx, {
      buyerId,
      currency,
      lines: lines.map((l) => ({ optionId: l.productOptionUuid, quantity: l.quantity })),
      expectedMinor,
      day: orderDay(),
      // Checkout shows the company read-only from the profile; the request cannot name another one.
      receiver: {
        companyEmail: receiver.companyEmail,
        receiverName: receiver.receiverName,
        phoneNumber: receiver.phoneNumber,
        postalCode: receiver.postalCode,
        addressDetail: receiver.addressDetail,
      },
    });
    if (written.order && written.buyer) {
      return {
        uuid: written.order.id,
        orderNumber: written.order.orderNumber,
        email: written.buyer.email,
        companyName: written.buyer.companyName,
        finalMinor: expectedMinor,
      };
    }
    throw refusal(lines, expectedMinor, written);
  };
  return db instanceof PgTransaction ? work(db) : asOwnTransaction(() => work(db), log);
}

/**
 * Runs one statement as the transaction PostgreSQL makes of it alone: no BEGIN and COMMIT around it, so no
 * lock waits on a round trip to this process. Like `inTransaction`, a deadlock or serialization failure
 * runs it again a few times after a short random pause, with a warning.
 */
async function asOwnTransaction<T>(statement: () => Promise<T>, log?: TransactionLog): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (err) {
      const code = retryableCode(err);
      if (!code || attempt >= MAX_TRANSACTION_ATTEMPTS) throw err;
      const pauseMs = Math.round(20 * 2 ** (attempt - 1) * (0.5 + Math.random()));
      log?.warn(
        { code, attempt, maxAttempts: MAX_TRANSACTION_ATTEMPTS, pauseMs },
        'deadlock or serialization failure; placing the order again',
      );
      await sleep(pauseMs);
    }
  }
}

/**
 * Why `writeOrder` wrote nothing, from the options as it read them, in the order the checks were always
 * made: an unknown buyer, then line by line (in option id order) an unknown option or one below its
 * minimum, then the total, then the first line short of stock.
 */
function refusal(
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
    if (line.quantity < row.minimum) return badRequest(messages.cart.minimum(row.minimum), 'BELOW_MINIMUM');
    productMinor += row.unit * line.quantity;
  }
  if (productMinor !== expectedMinor) return conflict(messages.order.pricesChanged, 'PRICES_CHANGED');
  for (const line of lines) {
    const row = found.get(line.productOptionUuid)!;
    if (row.soldOut || row.stock - row.hold < line.quantity) {
      return conflict(messages.order.notEnoughStock(row.title), 'NOT_ENOUGH_STOCK');
    }
  }
  // The statement's check and this one disagree: nothing was written, but the buyer gets no reason.
  return new Error('the order was refused although every line passed the checks');
}

async function recordSales(
  tx: Executor,
  lines: { product: { id: string }; quantity: number; amount: number }[],
  currency: CurrencyCode,
  sign: 1 | -1,
) {
  const byProduct = new Map<string, { quantity: number; amount: number }>();
  for (const line of lines) {
    const sum = byProduct.get(line.product.id) ?? { quantity: 0, amount: 0 };
    byProduct.set(line.product.id, {
      quantity: sum.quantity + line.quantity,
      amount: sum.amount + line.amount,
    });
  }
  for (const [productId, sum] of [...byProduct].sort(([a], [b]) => byId(a, b))) {
    const krw = currency === 'KRW' ? sum.amount : 0;
    const usd = currency === 'USD' ? sum.amount : 0;
    await repo.addSales(tx, productId, sign * sum.quantity, sign * krw, sign * usd);
  }
}

function toLine(d: DetailRow) {
  const currency = d.currencyCode;
  return {
    orderDetailUuid: d.id,
    quantity: d.quantity,
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
  const orderList: OrderSummary[] = rows.map((o) => ({
    uuid: o.id,
    orderNumber: o.orderNumber,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    finalPaymentAmount: fromMinorUnits(o.finalAmount, o.currencyCode),
    currencyCode: o.currencyCode,
    orderDetails: details.filter((d) => d.orderId === o.id).map(toLine),
  }));
  return { orderList, totalCount };
}

async function detailView(db: Executor, order: OrderRow): Promise<OrderDetail> {
  const [details, memos] = await Promise.all([repo.detailsOf(db, [order.id]), repo.memosOf(db, order.id)]);
  return {
    uuid: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    currencyCode: order.currencyCode,
    beforeDiscountProductAmount: fromMinorUnits(order.productAmount, order.currencyCode),
    finalPaymentAmount: fromMinorUnits(order.finalAmount, order.currencyCode),
    orderMemos: memos.map((m) => ({ orderMemoUuid: m.id, content: m.content })),
    orderDetails: details.map(toLine),
    receiverInfo: {
      receiverName: order.receiverName,
      companyName: order.receiverCompanyName,
      companyEmail: order.receiverEmail,
      phoneNumber: order.receiverPhoneNumber,
      addressDetail: order.receiverAddressDetail,
      postalCode: order.receiverPostalCode,
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

export type StatusChange = { order: OrderRow; from: OrderStatus; to: OrderStatus; buyerEmail: string };

/**
 * Moves an order along the allowed transitions. Shipping takes the held quantities out of stock;
 * cancelling releases them and takes the sale back. Locks follow the shop's order: the order, then its
 * products in id order, then its options in id order.
 */
export async function moveOrder(
  db: Executor,
  orderNumber: string,
  to: OrderStatus,
  staffId: string | null = null,
  log?: TransactionLog,
): Promise<StatusChange> {
  return inTransaction(
    db,
    async (tx) => {
      const order = await repo.lockOrderByNumber(tx, orderNumber);
      if (!order) throw orderNotFound();
      const from = order.status;
      if (!canMoveOrder(from, to)) {
        throw new AppError(409, 'BAD_TRANSITION', `An order that is ${from} cannot become ${to}.`);
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
      for (const d of [...details].sort((a, b) => byId(a.productOptionId ?? '', b.productOptionId ?? ''))) {
        if (!d.productOptionId) continue;
        if (to === 'SHIPPED') await repo.shipStock(tx, d.productOptionId, d.quantity);
        else await repo.releaseStock(tx, d.productOptionId, d.quantity);
      }
      if (to === 'CANCELLED') {
        const lines = details.flatMap((d) => {
          const productId = d.productOptionId ? products.get(d.productOptionId) : undefined;
          return productId ? [{ product: { id: productId }, quantity: d.quantity, amount: d.amount }] : [];
        });
        await recordSales(tx, lines, order.currencyCode, -1);
      }
      await repo.setOrderStatus(tx, order.id, to);
      await recordAudit(tx, {
        staffId,
        action: 'order.status',
        entity: 'order',
        entityId: order.orderNumber,
        before: { status: from },
        after: { status: to },
      });
      await refreshProductDerived(tx, productIds, { searchText: false });
      const buyer = order.buyerId ? await repo.buyerForOrder(tx, order.buyerId) : null;
      return { order, from, to, buyerEmail: buyer?.email ?? order.receiverEmail };
    },
    { log },
  );
}

export const MEMO_FORMAT =
  "A memo reads 'label/amount', for example 'Shipping fee/15000' or 'Discount/-5000'.";

/** Adds a staff memo; the final amount becomes the product amount plus every memo amount. */
export async function addMemo(
  db: Executor,
  orderNumber: string,
  content: string,
  staffId: string | null = null,
  log?: TransactionLog,
) {
  const { label, amount } = parseMemo(content);
  if (!label || amount === null) throw badRequest(MEMO_FORMAT, 'BAD_MEMO');
  return inTransaction(
    db,
    async (tx) => {
      const order = await repo.lockOrderByNumber(tx, orderNumber);
      if (!order) throw orderNotFound();
      const minor = toMinorUnits(amount, order.currencyCode);
      if (fromMinorUnits(minor, order.currencyCode) !== amount) {
        throw badRequest(
          `${order.currencyCode} amounts have at most ${order.currencyCode === 'KRW' ? 0 : 2} decimals.`,
          'BAD_MEMO',
        );
      }
      const memos = await repo.memosOf(tx, order.id);
      const finalAmount = order.productAmount + memos.reduce((sum, m) => sum + m.amount, 0) + minor;
      if (finalAmount < 0) throw badRequest('The memos would make the total negative.', 'BAD_MEMO');
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

export const statusLabel = (status: OrderStatus) => ORDER_STATUS_LABELS[status];

/** Tells the buyer where its order stands now. */
export function mailStatusChange(mailer: Mailer, change: StatusChange) {
  return mailer.send({
    to: change.buyerEmail,
    subject: `Order ${change.order.orderNumber}: ${statusLabel(change.to)}`,
    text: `Your order ${change.order.orderNumber} is now ${statusLabel(change.to)} (${change.to}).`,
  });
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
    })),
    totalCount,
  };
}

/** The order with what staff add: who is in charge and which statuses it may move to. */
export async function adminOrderDetail(db: Executor, orderNumber: string) {
  const order = await repo.findOrder(db, { orderNumber });
  if (!order) throw orderNotFound();
  return {
    ...(await detailView(db, order)),
    personInChargeStaffId: order.personInChargeStaffId,
    businessRegistrationNumber: order.businessRegistrationNumber,
  };
}

export const NOT_ACTIVE_STAFF = 'staffId: no active staff member has this id.';

/** Names the staff member in charge (or nobody); an id that is not an active staff member is refused. */
export async function assignPersonInCharge(
  db: Executor,
  orderNumber: string,
  personId: string | null,
  staffId: string,
  log?: TransactionLog,
) {
  await inTransaction(
    db,
    async (tx) => {
      const order = await repo.lockOrderByNumber(tx, orderNumber);
      if (!order) throw orderNotFound();
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
