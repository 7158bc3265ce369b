import {
  type CurrencyCode,
  messages,
  type OrderCreateRequest,
  receiverCountry,
  shopMessages,
  toMinorUnits,
} from '@kshop/contract';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.js';
import { byId } from '../../db/row-locks.js';
import { inOneStatement, MAX_TRANSACTION_ATTEMPTS, type TransactionLog } from '../../db/transaction.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { koreanDate } from '../../lib/korean-day.js';
import { type CatalogueChange, stockChanges } from '../catalog/catalogue-changes.js';
import { type Answer, IDEMPOTENCY_MESSAGES, type KeyId } from '../idempotency/idempotency.js';
import { checkPreorderCaps, windowRefusal } from '../preorders/preorder-rules.js';
import * as keys from './order-keys.repository.js';
import { type CheckedLine, type NewOrder, type OrderWrite, writeOrder } from './order-statement.js';

/** '20261122': the day in Korea, where the shop works. */
export const orderDay = (at = new Date()): string => koreanDate(at).replaceAll('-', '');

/** '20261122-1042': the day in Korea and a number that never repeats (the database's sequence). */
export function orderNumberFor(sequence: number, at = new Date()): string {
  return `${orderDay(at)}-${sequence}`;
}

const _orderNotFound = () => notFound(messages.order.notFound, 'ORDER_NOT_FOUND');

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
export const catalogueChangeOf = (written: OrderWrite): CatalogueChange[] =>
  stockChanges(
    written.lines.map((line) => line.id),
    written.soldOut ?? [],
  );

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
  once?: keys.OrderKey,
): NewOrder {
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
    poReference: input.poReference ?? null,
    once,
  };
}

const placedFrom = (written: OrderWrite): PlacedOrder | null =>
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
    const written = await writeOrder(tx, storefrontOrder(buyerId, currency, input, checked));
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
function replayOf(stored: keys.StoredAnswer, requestHash: string): KeyedOutcome {
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
    let written: OrderWrite;
    try {
      // The statement stores the order's answer under its key: run again after a lost connection, it finds it.
      written = await inOneStatement(() => writeOrder(db, order), { log, idempotent: true });
    } catch (err) {
      if (!uniqueViolation(err)) throw err;
      // Another request with this key stored its answer while this statement ran: that is the answer.
      const stored = await keys.liveKey(db, keyed.id);
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
  if (await keys.keepAnswer(db, keyed, { statusCode: err.statusCode, message: err.message, data: null }))
    throw err;
  const stored = await keys.liveKey(db, keyed.id);
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
  written: OrderWrite,
): Error {
  if (!written.buyer) return notFound();
  const found = new Map(written.lines.map((l) => [l.id, l]));
  let productMinor = 0;
  for (const line of lines) {
    const row = found.get(line.productOptionUuid);
    if (!row) return notFound(messages.http.productNotFound, 'PRODUCT_NOT_FOUND');
    if (!row.windowOpen) return lineOutsideWindow(row);
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
function lineOutsideWindow(row: CheckedLine): Error {
  const opensLater =
    row.salesStartAt !== null && (row.salesEndAt === null || Date.parse(row.salesStartAt) > Date.now());
  const product = {
    title: row.title,
    salesStartAt: row.salesStartAt === null ? null : new Date(row.salesStartAt),
    salesEndAt: row.salesEndAt === null ? null : new Date(row.salesEndAt),
  };
  return windowRefusal(product, opensLater ? 'NOT_YET' : 'CLOSED');
}

/** Why a pre-order line beyond its option's caps was refused, or null when it fits. */
function capRefusal(row: CheckedLine, quantity: number): Error | null {
  try {
    checkPreorderCaps(row.title, row, { total: row.preorderTaken, buyer: row.buyerTaken }, quantity);
    return null;
  } catch (err) {
    return err as Error;
  }
}
