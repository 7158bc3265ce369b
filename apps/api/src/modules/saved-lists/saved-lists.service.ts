import {
  type CurrencyCode,
  INT_RANGE,
  QUICK_ORDER_MESSAGES,
  type QuickOrderAddData,
  type QuickOrderCheckedLine,
  SAVED_LIST_LINES_MAX,
  SAVED_LIST_MESSAGES,
  SAVED_LISTS_MAX,
  type SavedListAddLinesRequest,
  type SavedListCreateRequest,
  type SavedListData,
  type SavedListSummary,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { lockBuyer } from '../../db/row-locks.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import * as quickOrder from '../quick-order/quick-order.service.js';
import * as repo from './saved-lists.repository.js';

type Line = { productOptionUuid: string; quantity: number };

/*
 * Saved lists (issue 35 item 4). A list is the member's own: every read and write names the buyer, and a list of
 * another member's is answered as no list at all. Writes take the buyer's row first (decision 0010, level 2), then
 * the list's, so a member's changes to lists take turns and a list's count and lines stay as checked.
 * Putting a list into the cart is quick order's add of the list's SKUs: the same checks, the same outcomes.
 */

const summaryOf = (row: repo.ListSummaryRow): SavedListSummary => ({
  uuid: row.id,
  name: row.name,
  lineCount: row.lineCount,
  pieceCount: row.pieceCount,
  updatedAt: row.updatedAt.toISOString(),
});

/** Lines naming one option more than once, as one line with the quantities summed (at most a line's largest). */
function merged(lines: readonly Line[]): Line[] {
  const byOption = new Map<string, Line>();
  for (const line of lines) {
    const held = byOption.get(line.productOptionUuid);
    if (held) held.quantity = Math.min(held.quantity + line.quantity, INT_RANGE.quantity.max);
    else byOption.set(line.productOptionUuid, { ...line });
  }
  return [...byOption.values()];
}

async function ownList(db: Executor, buyerId: string, listId: string, lock = false) {
  const list = await repo.findList(db, buyerId, listId, lock);
  if (!list) throw notFound(SAVED_LIST_MESSAGES.notFound, 'LIST_NOT_FOUND');
  return list;
}

/** Lines written to a list: only options on sale; the list may not grow past its most lines. */
async function writeLines(db: Executor, listId: string, lines: readonly Line[]) {
  if (lines.length === 0) return;
  const onSale = await repo.optionsOnSale(
    db,
    lines.map((l) => l.productOptionUuid),
  );
  if (lines.some((l) => !onSale.has(l.productOptionUuid)))
    throw badRequest(QUICK_ORDER_MESSAGES.notPublished, 'NOT_ON_SALE');
  await repo.addLines(db, listId, merged(lines), INT_RANGE.quantity.max);
  if ((await repo.lineCount(db, listId)) > SAVED_LIST_LINES_MAX)
    throw badRequest(SAVED_LIST_MESSAGES.tooManyLines(SAVED_LIST_LINES_MAX), 'LIST_FULL');
}

async function summary(db: Executor, buyerId: string, listId: string): Promise<SavedListSummary> {
  const [row] = await repo.listsOf(db, buyerId, listId);
  return summaryOf(row!);
}

export async function lists(db: Executor, buyerId: string): Promise<SavedListSummary[]> {
  return (await repo.listsOf(db, buyerId)).map(summaryOf);
}

/** A new list: empty, of the lines given, or of the cart as it is now. */
export function create(
  db: Executor,
  buyerId: string,
  request: SavedListCreateRequest,
  log?: TransactionLog,
): Promise<SavedListSummary> {
  return inTransaction(
    db,
    async (tx) => {
      await lockBuyer(tx, buyerId);
      if ((await repo.countLists(tx, buyerId)) >= SAVED_LISTS_MAX)
        throw badRequest(SAVED_LIST_MESSAGES.tooManyLists(SAVED_LISTS_MAX), 'TOO_MANY_LISTS');
      if (await repo.nameTaken(tx, buyerId, request.name))
        throw conflict(SAVED_LIST_MESSAGES.nameTaken, 'LIST_NAME_TAKEN');
      let lines: Line[] = request.lines ?? [];
      if (request.fromCart) {
        lines = await repo.cartAsLines(tx, buyerId);
        if (lines.length === 0) throw badRequest(SAVED_LIST_MESSAGES.emptyCart, 'CART_EMPTY');
      }
      const list = await repo.insertList(tx, buyerId, request.name);
      await writeLines(tx, list.id, lines);
      return summary(tx, buyerId, list.id);
    },
    { log },
  );
}

export function rename(db: Executor, buyerId: string, listId: string, name: string, log?: TransactionLog) {
  return inTransaction(
    db,
    async (tx) => {
      await lockBuyer(tx, buyerId);
      await ownList(tx, buyerId, listId, true);
      if (await repo.nameTaken(tx, buyerId, name, listId))
        throw conflict(SAVED_LIST_MESSAGES.nameTaken, 'LIST_NAME_TAKEN');
      await repo.renameList(tx, listId, name);
      return summary(tx, buyerId, listId);
    },
    { log },
  );
}

export function remove(db: Executor, buyerId: string, listId: string, log?: TransactionLog) {
  return inTransaction(
    db,
    async (tx) => {
      await lockBuyer(tx, buyerId);
      await ownList(tx, buyerId, listId, true);
      await repo.deleteList(tx, listId);
    },
    { log },
  );
}

/** Lines added to a list from a product page or the quick-order table; a line already there is added to. */
export function addLines(
  db: Executor,
  buyerId: string,
  listId: string,
  request: SavedListAddLinesRequest,
  log?: TransactionLog,
): Promise<SavedListSummary> {
  return inTransaction(
    db,
    async (tx) => {
      await lockBuyer(tx, buyerId);
      await ownList(tx, buyerId, listId, true);
      await writeLines(tx, listId, request.lines);
      await repo.touchList(tx, listId);
      return summary(tx, buyerId, listId);
    },
    { log },
  );
}

/** A line's quantity set, or the line taken out (`quantity` null). */
export function changeLine(
  db: Executor,
  buyerId: string,
  listId: string,
  optionId: string,
  quantity: number | null,
  log?: TransactionLog,
): Promise<SavedListSummary> {
  return inTransaction(
    db,
    async (tx) => {
      await lockBuyer(tx, buyerId);
      await ownList(tx, buyerId, listId, true);
      const found =
        quantity === null
          ? await repo.removeLine(tx, listId, optionId)
          : await repo.setLineQuantity(tx, listId, optionId, quantity);
      if (!found) throw notFound(SAVED_LIST_MESSAGES.lineNotFound, 'LINE_NOT_FOUND');
      await repo.touchList(tx, listId);
      return summary(tx, buyerId, listId);
    },
    { log },
  );
}

/**
 * Every SKU of a list a member saved was the shop's: quick order's 'no product has this code' means the product was
 * deleted since, and is said as not on sale.
 */
const asListLine = (line: QuickOrderCheckedLine): QuickOrderCheckedLine => {
  if (line.outcome !== 'unknownCode') return line;
  const notes = line.notes.map((n) =>
    n.kind === 'unknownCode'
      ? { kind: 'notPublished' as const, message: QUICK_ORDER_MESSAGES.notPublished }
      : n,
  );
  return { ...line, outcome: 'notPublished', notes, message: notes.map((n) => n.message).join(' ') };
};

const requestOf = (lines: readonly repo.ListLineRow[]) => ({
  lines: lines.map((l, index) => ({ code: l.sku, quantity: l.quantity, line: index + 1 })),
});

/** A list with each line checked as putting it into the cart would now: price, quantity to add, outcome. */
export async function detail(
  db: Executor,
  buyerId: string,
  currency: CurrencyCode,
  listId: string,
): Promise<SavedListData> {
  const list = await ownList(db, buyerId, listId);
  const lines = await repo.linesOf(db, listId);
  const checked = await quickOrder.check(db, buyerId, currency, requestOf(lines));
  const byLine = new Map(checked.lines.map((l) => [l.lineNumbers[0]!, asListLine(l)]));
  return {
    ...summaryOf({
      ...list,
      lineCount: lines.length,
      pieceCount: lines.reduce((sum, l) => sum + l.quantity, 0),
    }),
    lines: lines.map((l, index) => ({
      productOptionUuid: l.productOptionId,
      productUuid: l.productId,
      title: l.title,
      optionNameValue1: l.optionNameValue1,
      optionNameValue2: l.optionNameValue2,
      sku: l.sku,
      quantity: l.quantity,
      check: byLine.get(index + 1)!,
    })),
    addableCount: checked.addableCount,
    currencyCode: checked.currencyCode,
    currencySymbol: checked.currencySymbol,
  };
}

/** The whole list into the cart in one step, as quick order adds: the lines that pass go in, the others are said. */
export async function toCart(
  db: Executor,
  buyerId: string,
  currency: CurrencyCode,
  listId: string,
  log?: TransactionLog,
): Promise<QuickOrderAddData> {
  await ownList(db, buyerId, listId);
  const lines = await repo.linesOf(db, listId);
  if (lines.length === 0) throw badRequest(SAVED_LIST_MESSAGES.emptyList, 'LIST_EMPTY');
  const added = await quickOrder.add(db, buyerId, currency, requestOf(lines), log);
  return { ...added, lines: added.lines.map(asListLine) };
}
