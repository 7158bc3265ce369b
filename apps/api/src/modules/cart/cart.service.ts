import {
  availableStock,
  type CartAddRequest,
  type CartData,
  type CartReorderData,
  CURRENCY_SYMBOL,
  type CurrencyCode,
  fitQuantity,
  fromMinorUnits,
  largestQuantity,
  messages,
  REORDER_SKIPS,
  smallestQuantity,
  validQuantity,
  windowState,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { lockBuyer } from '../../db/row-locks.js';
import type { productOptions } from '../../db/schema.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { NO_IMAGE_URL } from '../catalog/catalog.service.js';
import {
  availableToBuyer,
  checkOrderWindow,
  checkPreorderCaps,
  orderableQuantity,
} from '../preorders/preorder-rules.js';
import { preorderTaken } from '../preorders/preorders.repository.js';
import { MemberPrices } from '../pricing/pricing.service.js';
import * as repo from './cart.repository.js';

type Option = typeof productOptions.$inferSelect;

export const unitPrice = (option: Pick<Option, 'priceKrw' | 'priceUsd'>, currency: CurrencyCode) =>
  currency === 'KRW' ? option.priceKrw : option.priceUsd;

/** An option's quantity rules (issue 12) as the contract's `validQuantity` reads them. */
export const quantityRules = (option: Option) => ({
  minimum: option.minimumOrderQuantity,
  multiple: option.orderMultiple,
  max: option.maxPerOrder,
  available: availableStock(option.stock, option.holdStock),
});

/** An option as the cart's rules read it: with its product's title, order window and pre-order flag. */
export type OrderingRow = { option: Option; product: Ordering };
type Ordering = { title: string; salesStartAt: Date | null; salesEndAt: Date | null; preorder: boolean };

/** Nothing taken yet of a pre-order option, in all or by this buyer. */
const NONE_TAKEN = { total: 0, buyer: 0 };

/**
 * Whether quantities of options may be asked for (issue 34 first): each product inside its order window, then
 * each quantity by `checkQuantity`, against what is available: the stock, or on pre-order what the option's caps
 * leave the buyer. Throws the first refusal.
 */
export async function checkOrderable(
  db: Executor,
  buyerId: string,
  wanted: readonly { row: OrderingRow; quantity: number }[],
) {
  for (const { row } of wanted) checkOrderWindow(row.product);
  const preorders = wanted.filter((w) => w.row.product.preorder).map((w) => w.row.option.id);
  const taken = await preorderTaken(db, preorders, buyerId);
  for (const { row, quantity } of wanted) {
    if (!row.product.preorder) {
      checkQuantity(row.option, quantity);
      continue;
    }
    const mine = taken.get(row.option.id) ?? NONE_TAKEN;
    if (row.option.isSoldOut) throw badRequest(messages.cart.soldOut, 'SOLD_OUT');
    checkPreorderCaps(row.product.title, row.option, mine, quantity);
    checkQuantity(row.option, quantity, availableToBuyer(row.option, true, mine));
  }
}

/**
 * Whether a quantity of an option may be asked for: not sold out, at least the minimum order quantity, a
 * multiple of the order multiple, at most the maximum per order and what is available. Throws the
 * message of the first rule broken otherwise.
 */
export function checkQuantity(
  option: Option,
  quantity: number,
  available = availableStock(option.stock, option.holdStock),
) {
  const rules = { ...quantityRules(option), available };
  if (option.isSoldOut || rules.available <= 0) throw badRequest(messages.cart.soldOut, 'SOLD_OUT');
  const message = validQuantity(quantity, rules);
  if (message === null) return;
  const code =
    quantity < option.minimumOrderQuantity
      ? 'BELOW_MINIMUM'
      : message === messages.cart.multiple(option.orderMultiple)
        ? 'NOT_A_MULTIPLE'
        : option.maxPerOrder !== null && quantity > option.maxPerOrder
          ? 'ABOVE_MAX_PER_ORDER'
          : 'ABOVE_AVAILABLE';
  throw badRequest(message, code);
}

export async function cart(db: Executor, buyerId: string, currency: CurrencyCode): Promise<CartData> {
  const rows = await repo.listLines(db, buyerId);
  // Each line at the buyer's price for its quantity: their group's, less the volume tier (decision 0021).
  const prices = await MemberPrices.forBuyer(
    db,
    buyerId,
    currency,
    rows.map((r) => r.option.id),
  );
  const now = new Date();
  let totalMinor = 0;
  const cartList = rows.map(({ line, option, product }) => {
    const price = prices.unitMinor(option, line.quantity);
    totalMinor += price * line.quantity;
    return {
      uuid: line.id,
      quantity: line.quantity,
      product: {
        uuid: product.id,
        title: product.title,
        vendor: product.vendor,
        thumbnailUrl: product.imageUrls[0] ?? NO_IMAGE_URL,
        releaseDate: product.releaseDate,
        salesStartAt: product.salesStartAt?.toISOString() ?? null,
        salesEndAt: product.salesEndAt?.toISOString() ?? null,
        orderWindow: windowState(product, now),
        preorder: product.preorder,
        shipsOn: product.shipsOn,
      },
      productOption: {
        uuid: option.id,
        optionNameKey1: option.optionNameKey1,
        optionNameKey2: option.optionNameKey2,
        optionNameValue1: option.optionNameValue1,
        optionNameValue2: option.optionNameValue2,
        // A pre-order holds nothing: what its cap leaves stands for the stock (issue 34).
        stock: product.preorder ? orderableQuantity(option, true, option.preorderTaken) : option.stock,
        holdStock: product.preorder ? 0 : option.holdStock,
        minimumOrderQuantity: option.minimumOrderQuantity,
        orderMultiple: option.orderMultiple,
        maxPerOrder: option.maxPerOrder,
        isSoldOut: option.isSoldOut,
      },
      productPrice: { price: fromMinorUnits(price, currency) },
    };
  });
  return {
    cartList,
    totalPrice: fromMinorUnits(totalMinor, currency),
    currencyCode: currency,
    currencySymbol: CURRENCY_SYMBOL[currency],
  };
}

/**
 * Adds every option or none. An option already in the cart refuses the whole request, unless `addToExisting` (the
 * product page's grid, issue 35): then its quantity is added to the line's (see `mergeLines`).
 */
export async function addLines(
  db: Executor,
  buyerId: string,
  items: CartAddRequest['productOptionAndQuantityList'],
  log?: TransactionLog,
  { addToExisting = false } = {},
) {
  if (addToExisting) return mergeLines(db, buyerId, items, log);
  const optionIds = items.map((i) => i.productOptionUuid);
  if (new Set(optionIds).size !== optionIds.length)
    throw conflict(messages.cart.alreadyInCart, 'ALREADY_IN_CART');
  try {
    await inTransaction(
      db,
      async (tx) => {
        if ((await repo.linesForOptions(tx, buyerId, optionIds)).length > 0) {
          throw conflict(messages.cart.alreadyInCart, 'ALREADY_IN_CART');
        }
        const found = new Map((await repo.findOrderableOptions(tx, optionIds)).map((r) => [r.option.id, r]));
        const wanted = items.map((item) => {
          const row = found.get(item.productOptionUuid);
          if (!row) throw notFound(messages.http.productNotFound, 'PRODUCT_NOT_FOUND');
          return { row, quantity: item.quantity };
        });
        await checkOrderable(tx, buyerId, wanted);
        const inserted = await repo.insertLines(
          tx,
          items.map((i) => ({ buyerId, productOptionId: i.productOptionUuid, quantity: i.quantity })),
        );
        if (inserted.length !== items.length) throw conflict(messages.cart.alreadyInCart, 'ALREADY_IN_CART');
      },
      { log },
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(messages.cart.alreadyInCart, 'ALREADY_IN_CART');
    throw err;
  }
}

/**
 * Adds each option's quantity to its cart line, or makes the line: every line is checked as it will stand (the
 * quantity in the cart and the one added, together), and all are written or none. The same option named twice
 * counts once, with both quantities. The buyer's row is locked first (the lock order's first level), so two adds of
 * one buyer apply one after the other.
 */
async function mergeLines(
  db: Executor,
  buyerId: string,
  items: CartAddRequest['productOptionAndQuantityList'],
  log?: TransactionLog,
) {
  const adding = new Map<string, number>();
  for (const item of items)
    adding.set(item.productOptionUuid, (adding.get(item.productOptionUuid) ?? 0) + item.quantity);
  const optionIds = [...adding.keys()];
  await inTransaction(
    db,
    async (tx) => {
      if (!(await lockBuyer(tx, buyerId))) throw notFound(messages.http.productNotFound, 'PRODUCT_NOT_FOUND');
      const inCart = new Map(
        (await repo.linesForOptions(tx, buyerId, optionIds)).map((l) => [l.productOptionId, l.quantity]),
      );
      const found = new Map((await repo.findOrderableOptions(tx, optionIds)).map((r) => [r.option.id, r]));
      const wanted = optionIds.map((id) => {
        const row = found.get(id);
        if (!row) throw notFound(messages.http.productNotFound, 'PRODUCT_NOT_FOUND');
        return { row, quantity: adding.get(id)! + (inCart.get(id) ?? 0) };
      });
      await checkOrderable(tx, buyerId, wanted);
      await repo.putLines(
        tx,
        wanted.map((w) => ({ buyerId, productOptionId: w.row.option.id, quantity: w.quantity })),
      );
    },
    { log },
  );
}

export async function changeQuantity(
  db: Executor,
  buyerId: string,
  lineId: string,
  quantity: number,
  log?: TransactionLog,
) {
  await inTransaction(
    db,
    async (tx) => {
      const found = await repo.findLine(tx, buyerId, lineId);
      if (!found) throw notFound(messages.cart.itemNotFound, 'CART_ITEM_NOT_FOUND');
      await checkOrderable(tx, buyerId, [{ row: found, quantity }]);
      await repo.setQuantity(tx, lineId, quantity);
    },
    { log },
  );
}

export async function removeLine(db: Executor, buyerId: string, lineId: string) {
  const removed = await repo.deleteLine(db, buyerId, lineId);
  if (removed.length === 0) throw notFound(messages.cart.itemNotFound, 'CART_ITEM_NOT_FOUND');
}

/** What each of these options leaves the buyer to ask for now: its stock, or on pre-order what its caps leave them. */
export async function availableToBuyerOf(
  db: Executor,
  buyerId: string,
  rows: readonly OrderingRow[],
): Promise<(row: OrderingRow) => number> {
  const preorders = rows.filter((r) => r.product.preorder).map((r) => r.option.id);
  const taken = await preorderTaken(db, preorders, buyerId);
  return (row) => availableToBuyer(row.option, row.product.preorder, taken.get(row.option.id) ?? NONE_TAKEN);
}

/** Why no quantity of an option can go into the cart now. */
export type Unorderable = 'NOT_YET' | 'CLOSED' | 'SOLD_OUT' | 'BELOW_MINIMUM';

/**
 * A wanted quantity brought onto what the cart takes now (ORDER AGAIN and quick order): raised to the minimum,
 * rounded up onto the multiple, lowered to the maximum per order and to `available`. Refused outside the order
 * window, when sold out, or when what is available does not reach the minimum.
 */
export function fitOrderable(
  row: OrderingRow,
  available: number,
  wanted: number,
  now = new Date(),
): { quantity: number } | { refused: Unorderable } {
  const state = windowState(row.product, now);
  if (state !== 'OPEN') return { refused: state };
  if (row.option.isSoldOut || available <= 0) return { refused: 'SOLD_OUT' };
  const rules = { ...quantityRules(row.option), available };
  if (largestQuantity(rules) < smallestQuantity(rules)) return { refused: 'BELOW_MINIMUM' };
  return { quantity: fitQuantity(wanted, rules) };
}

const REORDER_SKIPS_BY_REFUSAL = {
  NOT_YET: REORDER_SKIPS.closed,
  CLOSED: REORDER_SKIPS.closed,
  SOLD_OUT: REORDER_SKIPS.soldOut,
  BELOW_MINIMUM: REORDER_SKIPS.belowMinimum,
} as const;

/**
 * ORDER AGAIN: the lines of one of the buyer's orders that can still be bought go into the cart, each at its
 * ordered quantity raised to the option's minimum and lowered to what is available now. Lines of options no
 * longer sold, sold out, short of their minimum, or already in the cart are named instead; a line already in
 * the cart keeps the quantity the buyer chose. Another member's order is the same 404 as a missing one.
 */
export async function reorder(
  db: Executor,
  buyerId: string,
  orderId: string,
  log?: TransactionLog,
): Promise<CartReorderData> {
  const ordered = await repo.orderLinesOf(db, buyerId, orderId);
  if (ordered.length === 0) throw notFound(messages.order.notFound, 'ORDER_NOT_FOUND');
  return inTransaction(
    db,
    async (tx) => {
      const optionIds = ordered.flatMap((l) => (l.productOptionId ? [l.productOptionId] : []));
      const found = optionIds.length ? await repo.findOrderableOptions(tx, optionIds) : [];
      const rows = new Map(found.map((r) => [r.option.id, r]));
      const availableOf = await availableToBuyerOf(tx, buyerId, found);
      const inCart = new Set(
        (optionIds.length ? await repo.linesForOptions(tx, buyerId, optionIds) : []).map(
          (l) => l.productOptionId,
        ),
      );
      const result: CartReorderData = { added: [], skipped: [] };
      const wanted: { line: (typeof ordered)[number]; optionId: string; quantity: number }[] = [];
      for (const line of ordered) {
        const named = {
          productOptionUuid: line.productOptionId ?? '00000000-0000-0000-0000-000000000000',
          productTitle: line.productTitle,
          optionNameValue1: line.optionNameValue1,
          optionNameValue2: line.optionNameValue2,
          orderedQuantity: line.quantity,
        };
        const row = line.productOptionId ? rows.get(line.productOptionId) : undefined;
        const skip = (reason: CartReorderData['skipped'][number]['reason']) =>
          result.skipped.push({ ...named, reason });
        if (!row) {
          skip(REORDER_SKIPS.gone);
          continue;
        }
        const fitted = fitOrderable(row, availableOf(row), line.quantity);
        if ('refused' in fitted) {
          skip(REORDER_SKIPS_BY_REFUSAL[fitted.refused]);
          continue;
        }
        if (inCart.has(row.option.id)) {
          skip(REORDER_SKIPS.inCart);
          continue;
        }
        // Raised to the minimum, onto the multiple, lowered to the maximum per order and the stock.
        wanted.push({ line, optionId: row.option.id, quantity: fitted.quantity });
        result.added.push({ ...named, quantity: fitted.quantity });
      }
      if (wanted.length === 0) return result;
      const inserted = new Set(
        (
          await repo.insertLines(
            tx,
            wanted.map((w) => ({ buyerId, productOptionId: w.optionId, quantity: w.quantity })),
          )
        ).map((row) => row.productOptionId),
      );
      // A line the buyer added meanwhile (another tab) stays as they chose it.
      for (const line of result.added.filter((a) => !inserted.has(a.productOptionUuid))) {
        const { quantity: _quantity, ...named } = line;
        result.skipped.push({ ...named, reason: REORDER_SKIPS.inCart });
      }
      result.added = result.added.filter((a) => inserted.has(a.productOptionUuid));
      return result;
    },
    { log },
  );
}
