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
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import type { productOptions } from '../../db/schema.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { NO_IMAGE_URL } from '../catalog/catalog.service.js';
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

/**
 * Whether a quantity of an option may be asked for: not sold out, at least the minimum order quantity, a
 * multiple of the order multiple, at most the maximum per order and what is available. Throws the
 * message of the first rule broken otherwise.
 */
export function checkQuantity(option: Option, quantity: number) {
  const rules = quantityRules(option);
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
      },
      productOption: {
        uuid: option.id,
        optionNameKey1: option.optionNameKey1,
        optionNameKey2: option.optionNameKey2,
        optionNameValue1: option.optionNameValue1,
        optionNameValue2: option.optionNameValue2,
        stock: option.stock,
        holdStock: option.holdStock,
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

/** Adds every option or none: an option already in the cart refuses the whole request. */
export async function addLines(
  db: Executor,
  buyerId: string,
  items: CartAddRequest['productOptionAndQuantityList'],
  log?: TransactionLog,
) {
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
        const found = new Map(
          (await repo.findOrderableOptions(tx, optionIds)).map((r) => [r.option.id, r.option]),
        );
        for (const item of items) {
          const option = found.get(item.productOptionUuid);
          if (!option) throw notFound(messages.http.productNotFound, 'PRODUCT_NOT_FOUND');
          checkQuantity(option, item.quantity);
        }
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
      checkQuantity(found.option, quantity);
      await repo.setQuantity(tx, lineId, quantity);
    },
    { log },
  );
}

export async function removeLine(db: Executor, buyerId: string, lineId: string) {
  const removed = await repo.deleteLine(db, buyerId, lineId);
  if (removed.length === 0) throw notFound(messages.cart.itemNotFound, 'CART_ITEM_NOT_FOUND');
}

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
      const options = new Map(
        (optionIds.length ? await repo.findOrderableOptions(tx, optionIds) : []).map((r) => [
          r.option.id,
          r.option,
        ]),
      );
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
        const option = line.productOptionId ? options.get(line.productOptionId) : undefined;
        const available = option ? availableStock(option.stock, option.holdStock) : 0;
        let reason: (typeof REORDER_SKIPS)[keyof typeof REORDER_SKIPS] | null = null;
        if (!option) reason = REORDER_SKIPS.gone;
        else if (option.isSoldOut || available <= 0) reason = REORDER_SKIPS.soldOut;
        else if (largestQuantity(quantityRules(option)) < smallestQuantity(quantityRules(option)))
          reason = REORDER_SKIPS.belowMinimum;
        else if (inCart.has(option.id)) reason = REORDER_SKIPS.inCart;
        if (reason || !option) {
          result.skipped.push({ ...named, reason: reason ?? REORDER_SKIPS.gone });
          continue;
        }
        // Raised to the minimum, onto the multiple, lowered to the maximum per order and the stock.
        const quantity = fitQuantity(line.quantity, quantityRules(option));
        wanted.push({ line, optionId: option.id, quantity });
        result.added.push({ ...named, quantity });
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
