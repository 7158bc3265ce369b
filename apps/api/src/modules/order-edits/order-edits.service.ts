import {
  ALLOCATION_MESSAGES,
  type CurrencyCode,
  fromMinorUnits,
  INT_RANGE,
  lineChangeSummary,
  linesEditable,
  messages,
  ORDER_EDIT_RULES,
  type OrderLineChange,
  shopMessages,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { refreshProductDerived } from '../../db/derived.js';
import { lockOptions, lockProducts } from '../../db/row-locks.js';
import type { orderDetails, orders, productOptions } from '../../db/schema.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { recordAudit } from '../audit/audit.repository.js';
import { type CatalogueChange, stockChanges } from '../catalog/catalogue-changes.js';
import { buyerMails } from '../mail/mail-texts.js';
import { appendSales, salesChange } from '../orders/pending-sales.js';
import { givePreorderBack, takePreorder } from '../preorders/preorders.repository.js';
import { MemberPrices } from '../pricing/pricing.service.js';
import * as repo from './order-edits.repository.js';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderDetails.$inferSelect;
type OptionRow = typeof productOptions.$inferSelect;

/**
 * A line edit once committed: what changed, whom to tell, and what it changed in the catalogue (none when no
 * hold moved).
 */
export type LineEdit = {
  change: OrderLineChange;
  orderNumber: string;
  buyerEmail: string;
  buyerLanguage: string;
  catalogue: CatalogueChange[];
};

/**
 * The unit price, in minor units of the order's currency, of an option added to an order: what the buyer
 * pays for it today (the member price rule of decision 21: the buyer's price group, then the volume tier of
 * the quantity); the list price when the order has no buyer any more.
 */
export async function unitPriceFor(
  db: Executor,
  input: { option: OptionRow; currency: CurrencyCode; buyerId: string | null; quantity: number },
): Promise<number> {
  const { option, currency, buyerId, quantity } = input;
  if (!buyerId) return currency === 'KRW' ? option.priceKrw : option.priceUsd;
  const prices = await MemberPrices.forBuyer(db, buyerId, currency, [option.id]);
  return prices.unitMinor(option, quantity);
}

const orderNotFound = () => notFound(messages.order.notFound, 'ORDER_NOT_FOUND');
const lineNotFound = () => notFound(ORDER_EDIT_RULES.lineNotFound, 'LINE_NOT_FOUND');

/** The order, locked, while its lines may still change. */
async function lockEditableOrder(tx: Executor, orderId: string) {
  const order = await repo.lockOrder(tx, orderId);
  if (!order) throw orderNotFound();
  if (!linesEditable(order.status)) throw conflict(ORDER_EDIT_RULES.closed(order.status), 'LINES_CLOSED');
  return order;
}

/** Locks the option's product, then the option (levels 4 and 5 of the lock order); the option as it is now. */
async function lockOption(tx: Executor, productId: string, optionId: string) {
  await lockProducts(tx, [productId]);
  const [option] = await lockOptions(tx, [optionId]);
  return option ?? null;
}

/**
 * Moves the option's hold by `delta` (a conditional update that never oversells: refused with 409 when that
 * much is not available) and the product's sales with it. Answers what the catalogue shows differently: the
 * option's stock, and its product's stock state when it sold out or came back.
 */
async function moveHold(
  tx: Executor,
  option: OptionRow | null,
  title: string,
  delta: number,
  amountDelta: number,
  currency: CurrencyCode,
  /** A pre-order line's buyer (issue 34): the line holds no stock and moves the option's pre-order count. */
  preorder: { buyerId: string | null } | null = null,
): Promise<CatalogueChange[]> {
  if (!option || delta === 0) return [];
  if (preorder) {
    // Staff are held to the option's cap in all, not to its cap per buyer.
    if (delta > 0 && !(await takePreorder(tx, option.id, preorder.buyerId, delta))) {
      const left = Math.max((option.preorderCap ?? 0) - option.preorderTaken, 0);
      throw conflict(shopMessages.orderWindow.capReached(title, left), 'PREORDER_CAP_REACHED');
    }
    if (delta < 0) await givePreorderBack(tx, option.id, preorder.buyerId, -delta);
  } else if (delta > 0 && !(await repo.holdMore(tx, option.id, delta))) {
    if (option.isSoldOut) throw conflict(ORDER_EDIT_RULES.notOrderable(title), 'NOT_ORDERABLE');
    throw conflict(
      ORDER_EDIT_RULES.notEnoughStock(title, option.stock - option.holdStock),
      'NOT_ENOUGH_STOCK',
    );
  }
  if (delta < 0 && !preorder) await repo.holdLess(tx, option.id, -delta);
  await appendSales(tx, [salesChange(option.productId, delta, amountDelta, currency)]);
  const flipped = await refreshProductDerived(tx, [option.productId], { searchText: false });
  return stockChanges([option.id], flipped);
}

type Before = { productAmount: number; finalAmount: number };

/**
 * After the lines changed: the amounts recomputed (products, then final = products + counted memos), the
 * history's entry, the audit row and whom to mail.
 */
async function record(
  tx: Executor,
  order: OrderRow,
  staffId: string | null,
  kind: OrderLineChange['kind'],
  line: Pick<
    LineRow,
    'id' | 'productOptionId' | 'productTitle' | 'optionNameValue1' | 'optionNameValue2' | 'unitPrice'
  >,
  fromQuantity: number,
  toQuantity: number,
  catalogue: CatalogueChange[],
): Promise<LineEdit> {
  const before: Before = { productAmount: order.productAmount, finalAmount: order.finalAmount };
  const sums = await repo.amountsOf(tx, order.id);
  const finalAmount = sums.products + sums.memos;
  if (finalAmount < 0) {
    throw conflict(
      'The memos would make the total negative: change or void a discount first.',
      'NEGATIVE_TOTAL',
    );
  }
  await repo.setAmounts(tx, order.id, sums.products, finalAmount);
  const currency = order.currencyCode;
  const money = (minor: number) => fromMinorUnits(minor, currency);
  const change: OrderLineChange = {
    kind,
    orderDetailUuid: line.id,
    productOptionUuid: line.productOptionId,
    productTitle: line.productTitle,
    optionNameValue1: line.optionNameValue1,
    optionNameValue2: line.optionNameValue2,
    fromQuantity,
    toQuantity,
    unitPrice: money(line.unitPrice),
    currencyCode: currency,
    productAmountBefore: money(before.productAmount),
    productAmountAfter: money(sums.products),
    finalAmountBefore: money(before.finalAmount),
    finalAmountAfter: money(finalAmount),
  };
  const summary = lineChangeSummary(change);
  await repo.insertChange(tx, { orderId: order.id, kind, staffId, detail: { ...change, summary } });
  await recordAudit(tx, {
    staffId,
    action: `order.${kind === 'LINE_ADDED' ? 'line-add' : kind === 'LINE_REMOVED' ? 'line-remove' : 'line-change'}`,
    entity: 'order',
    entityId: order.orderNumber,
    before: { lineId: line.id, quantity: fromQuantity, ...before },
    after: { lineId: line.id, quantity: toQuantity, productAmount: sums.products, finalAmount },
  });
  const buyer = order.buyerId ? await repo.buyerContact(tx, order.buyerId) : null;
  return {
    change,
    orderNumber: order.orderNumber,
    buyerEmail: buyer?.email || order.receiverEmail,
    buyerLanguage: buyer?.language ?? 'en',
    catalogue,
  };
}

/** Sets an existing line's quantity; the hold moves by the difference. The order is already locked. */
async function setQuantity(
  tx: Executor,
  order: OrderRow,
  line: LineRow,
  quantity: number,
  staffId: string | null,
): Promise<LineEdit> {
  if (quantity === line.quantity) throw badRequest(ORDER_EDIT_RULES.unchanged, 'UNCHANGED');
  if (quantity < line.shippedQuantity) {
    throw conflict(ORDER_EDIT_RULES.belowShipped(line.shippedQuantity), 'BELOW_SHIPPED');
  }
  if (line.preorder && quantity < line.allocatedQuantity)
    throw conflict(ALLOCATION_MESSAGES.belowAllocated(line.allocatedQuantity), 'BELOW_ALLOCATED');
  const delta = quantity - line.quantity;
  const found = line.productOptionId ? await repo.optionWithProduct(tx, line.productOptionId) : null;
  const option = found ? await lockOption(tx, found.product.id, found.option.id) : null;
  // More of an option that left the catalogue (deleted, or back to draft) cannot be held; less of it simply
  // holds nothing back.
  if (delta > 0 && (!option || found?.product.deletedAt || !found?.product.isPublished)) {
    throw conflict(ORDER_EDIT_RULES.notOrderable(line.productTitle), 'NOT_ORDERABLE');
  }
  const amount = line.unitPrice * quantity;
  const catalogue = await moveHold(
    tx,
    option,
    line.productTitle,
    delta,
    amount - line.amount,
    order.currencyCode,
    line.preorder ? { buyerId: order.buyerId } : null,
  );
  await repo.setLineQuantity(tx, line.id, quantity, amount);
  return record(tx, order, staffId, 'LINE_CHANGED', line, line.quantity, quantity, catalogue);
}

export async function changeLineQuantity(
  db: Executor,
  orderId: string,
  lineId: string,
  quantity: number,
  staffId: string | null,
  log?: TransactionLog,
): Promise<LineEdit> {
  return inTransaction(
    db,
    async (tx) => {
      await repo.quietCatalogue(tx);
      const order = await lockEditableOrder(tx, orderId);
      const line = await repo.lineOf(tx, order.id, lineId);
      if (!line) throw lineNotFound();
      return setQuantity(tx, order, line, quantity, staffId);
    },
    { log },
  );
}

export async function removeLine(
  db: Executor,
  orderId: string,
  lineId: string,
  staffId: string | null,
  log?: TransactionLog,
): Promise<LineEdit> {
  return inTransaction(
    db,
    async (tx) => {
      await repo.quietCatalogue(tx);
      const order = await lockEditableOrder(tx, orderId);
      const line = await repo.lineOf(tx, order.id, lineId);
      if (!line) throw lineNotFound();
      if (line.shippedQuantity > 0) {
        throw conflict(ORDER_EDIT_RULES.removeShipped(line.shippedQuantity), 'LINE_SHIPPED');
      }
      if ((await repo.lineCount(tx, order.id)) <= 1) throw conflict(ORDER_EDIT_RULES.lastLine, 'LAST_LINE');
      const found = line.productOptionId ? await repo.optionWithProduct(tx, line.productOptionId) : null;
      const option = found ? await lockOption(tx, found.product.id, found.option.id) : null;
      // What an allocation gave a pre-order line was held: it goes back on hand.
      if (option && line.preorder && line.allocatedQuantity > 0)
        await repo.holdLess(tx, option.id, line.allocatedQuantity);
      const catalogue = await moveHold(
        tx,
        option,
        line.productTitle,
        -line.quantity,
        -line.amount,
        order.currencyCode,
        line.preorder ? { buyerId: order.buyerId } : null,
      );
      await repo.deleteLine(tx, line.id);
      return record(tx, order, staffId, 'LINE_REMOVED', line, line.quantity, 0, catalogue);
    },
    { log },
  );
}

/**
 * Adds an option to the order at its unit price now (`unitPriceFor`), holding its stock; an option the order
 * already has adds the quantity to that line instead. The option must be orderable: its product listed, the
 * option not flagged sold out, and the quantity available.
 */
export async function addLine(
  db: Executor,
  orderId: string,
  input: { productOptionId: string; quantity: number },
  staffId: string | null,
  log?: TransactionLog,
): Promise<LineEdit> {
  return inTransaction(
    db,
    async (tx) => {
      await repo.quietCatalogue(tx);
      const order = await lockEditableOrder(tx, orderId);
      const found = await repo.optionWithProduct(tx, input.productOptionId);
      if (!found) throw notFound(ORDER_EDIT_RULES.optionNotFound, 'OPTION_NOT_FOUND');
      const existing = await repo.lineOfOption(tx, order.id, found.option.id);
      if (existing) {
        const quantity = existing.quantity + input.quantity;
        if (quantity > INT_RANGE.quantity.max)
          throw badRequest(ORDER_EDIT_RULES.quantityRule, 'BAD_QUANTITY');
        return setQuantity(tx, order, existing, quantity, staffId);
      }
      const option = await lockOption(tx, found.product.id, found.option.id);
      const title = found.product.title;
      if (!option || found.product.deletedAt || !found.product.isPublished || option.isSoldOut) {
        throw conflict(ORDER_EDIT_RULES.notOrderable(title), 'NOT_ORDERABLE');
      }
      const unitPrice = await unitPriceFor(tx, {
        option,
        currency: order.currencyCode,
        buyerId: order.buyerId,
        quantity: input.quantity,
      });
      const amount = unitPrice * input.quantity;
      const preorder = found.product.preorder;
      const catalogue = await moveHold(
        tx,
        option,
        title,
        input.quantity,
        amount,
        order.currencyCode,
        preorder ? { buyerId: order.buyerId } : null,
      );
      const line = await repo.insertLine(tx, {
        preorder,
        orderId: order.id,
        productOptionId: option.id,
        quantity: input.quantity,
        unitPrice,
        amount,
        currencyCode: order.currencyCode,
        productTitle: title,
        optionNameValue1: option.optionNameValue1,
        optionNameValue2: option.optionNameValue2,
        sku: option.sku,
        thumbnailUrl: found.product.imageUrls[0] ?? null,
      });
      return record(tx, order, staffId, 'LINE_ADDED', line, 0, input.quantity, catalogue);
    },
    { log },
  );
}

/** Tells the buyer what changed in the order and its new total. */
export function mailLineEdit(mailer: Mailer, edit: LineEdit) {
  const mail = buyerMails(edit.buyerLanguage).lineChanged(edit.orderNumber, edit.change);
  return mailer.send({ to: edit.buyerEmail, ...mail });
}
