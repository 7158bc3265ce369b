import {
  CURRENCY_SYMBOL,
  type CurrencyCode,
  fromMinorUnits,
  hasControlCharacters,
  hasLoneSurrogate,
  QUICK_ORDER_CODE_MAX,
  QUICK_ORDER_MESSAGES,
  QUICK_ORDER_REFUSALS,
  type QuickOrderAddData,
  type QuickOrderBadRow,
  type QuickOrderCheckData,
  type QuickOrderCheckedLine,
  type QuickOrderOutcome,
  type QuickOrderRequest,
  smallestQuantity,
  unreadQuickOrderLines,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { lockBuyer } from '../../db/row-locks.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import * as cartRepo from '../cart/cart.repository.js';
import { availableToBuyerOf, fitOrderable, quantityRules, type Unorderable } from '../cart/cart.service.js';
import { MemberPrices } from '../pricing/pricing.service.js';
import * as repo from './quick-order.repository.js';

type Wanted = { code: string; quantity: number; line: number };
type Note = QuickOrderCheckedLine['notes'][number];

/** Lines that named the same option (by SKU or barcode), or the same unknown code, taken together. */
type Group = { code: string; lineNumbers: number[]; asked: number; row: repo.CodedOption | null };

/** A line to write: the option, the cart line it raises (if any), and the cart's quantity after. */
type Planned = { code: string; optionId: string; lineId: string | null; add: number; cartQuantity: number };

const REFUSAL_OF: Record<Unorderable, QuickOrderOutcome> = {
  NOT_YET: 'ordersNotOpen',
  CLOSED: 'ordersClosed',
  SOLD_OUT: 'soldOut',
  BELOW_MINIMUM: 'notEnoughStock',
};

/** The outcome a line shows: a refusal, else the largest change, else 'ok'. */
const SHOWN_FIRST: QuickOrderOutcome[] = [
  ...QUICK_ORDER_REFUSALS,
  'loweredToAvailable',
  'roundedToMultiple',
  'raisedToMinimum',
  'merged',
  'inCart',
];

const note = (kind: QuickOrderOutcome, message: string): Note => ({ kind, message });
const PLAIN: Partial<Record<QuickOrderOutcome, string>> = {
  unknownCode: QUICK_ORDER_MESSAGES.unknownCode,
  soldOut: QUICK_ORDER_MESSAGES.soldOut,
  notEnoughStock: QUICK_ORDER_MESSAGES.notEnoughStock,
  ordersClosed: QUICK_ORDER_MESSAGES.ordersClosed,
  ordersNotOpen: QUICK_ORDER_MESSAGES.ordersNotOpen,
  notPublished: QUICK_ORDER_MESSAGES.notPublished,
  badQuantity: QUICK_ORDER_MESSAGES.badQuantity,
};
const refusal = (kind: QuickOrderOutcome) => note(kind, PLAIN[kind]!);

/** Codes matched: a SKU in any case, else a barcode exactly; several options on one barcode: the first by id. */
async function matchCodes(db: Executor, codes: readonly string[]) {
  // A file's cells did not pass the request's schema: one no SKU or barcode can be is not looked up.
  const unique = [...new Set(codes)].filter(
    (c) => c.length <= QUICK_ORDER_CODE_MAX && !hasControlCharacters(c) && !hasLoneSurrogate(c),
  );
  const skus = [...new Set(unique.map((c) => c.toUpperCase()))];
  const found = await repo.optionsByCode(db, skus, unique);
  const bySku = new Map(found.map((r) => [r.option.sku, r]));
  const byBarcode = new Map<string, repo.CodedOption>();
  for (const r of found)
    if (r.option.barcode && !byBarcode.has(r.option.barcode)) byBarcode.set(r.option.barcode, r);
  return (code: string) => bySku.get(code.toUpperCase()) ?? byBarcode.get(code) ?? null;
}

/** The lines grouped: by the option they name, else by their code; in the order of their first line. */
function groupLines(lines: readonly Wanted[], match: (code: string) => repo.CodedOption | null): Group[] {
  const groups = new Map<string, Group>();
  for (const line of [...lines].sort((a, b) => a.line - b.line)) {
    const row = match(line.code);
    const key = row ? `option:${row.option.id}` : `code:${line.code.toUpperCase()}`;
    const group = groups.get(key);
    if (group) {
      group.lineNumbers.push(line.line);
      group.asked += line.quantity;
    } else {
      groups.set(key, { code: line.code, lineNumbers: [line.line], asked: line.quantity, row });
    }
  }
  return [...groups.values()];
}

/** What a quantity becomes under the rules, said step by step: raised, rounded up, lowered. */
function changesMade(row: repo.CodedOption, wanted: number, fitted: number): Note[] {
  const rules = quantityRules(row.option);
  const notes: Note[] = [];
  const raised = Math.max(wanted, rules.minimum);
  if (raised > wanted)
    notes.push(note('raisedToMinimum', QUICK_ORDER_MESSAGES.raisedToMinimum(rules.minimum)));
  const multiple = Math.max(1, rules.multiple);
  const rounded = Math.max(Math.ceil(raised / multiple) * multiple, smallestQuantity(rules));
  if (rounded > raised)
    notes.push(note('roundedToMultiple', QUICK_ORDER_MESSAGES.roundedToMultiple(multiple)));
  if (fitted < rounded)
    notes.push(note('loweredToAvailable', QUICK_ORDER_MESSAGES.loweredToAvailable(fitted)));
  return notes;
}

const finished = (line: Omit<QuickOrderCheckedLine, 'outcome' | 'message'>): QuickOrderCheckedLine => {
  const kinds = new Set(line.notes.map((n) => n.kind));
  const outcome = SHOWN_FIRST.find((kind) => kinds.has(kind)) ?? 'ok';
  const notes = line.notes.length ? line.notes : [note('ok', QUICK_ORDER_MESSAGES.ok)];
  return { ...line, notes, outcome, message: notes.map((n) => n.message).join(' ') };
};

/**
 * Every line checked against the shop as it is now, for this buyer: the option its code names, whether it can be
 * ordered, the quantity that goes into the cart (added to what the cart holds of it, refitted to the rules), and
 * the member's price. Answers the table and the writes an add would make. Writes nothing.
 */
async function plan(
  db: Executor,
  buyerId: string,
  currency: CurrencyCode,
  request: QuickOrderRequest,
): Promise<{ lines: QuickOrderCheckedLine[]; writes: Planned[] }> {
  const wanted = request.lines.map((l, index) => ({
    code: l.code,
    quantity: l.quantity,
    line: l.line ?? index + 1,
  }));
  const match = await matchCodes(
    db,
    wanted.map((w) => w.code),
  );
  const groups = groupLines(wanted, match);
  const onSale = groups.flatMap((g) => (g.row?.product.isPublished ? [g.row] : []));
  const optionIds = onSale.map((r) => r.option.id);
  const availableOf = await availableToBuyerOf(db, buyerId, onSale);
  const inCart = new Map(
    (optionIds.length ? await cartRepo.linesForOptions(db, buyerId, optionIds) : []).map((l) => [
      l.productOptionId,
      l,
    ]),
  );
  const prices = await MemberPrices.forBuyer(db, buyerId, currency, optionIds);
  const writes: Planned[] = [];

  const lines = groups.map((group) => {
    const base = { code: group.code, lineNumbers: group.lineNumbers, askedQuantity: group.asked };
    const merged =
      group.lineNumbers.length > 1
        ? [note('merged', QUICK_ORDER_MESSAGES.merged(group.lineNumbers.length))]
        : [];
    const { row } = group;
    if (!row)
      return finished({ ...base, product: null, quantity: 0, notes: [...merged, refusal('unknownCode')] });
    if (!row.product.isPublished)
      return finished({ ...base, product: null, quantity: 0, notes: [...merged, refusal('notPublished')] });

    const held = inCart.get(row.option.id);
    const already = held?.quantity ?? 0;
    const fitted = fitOrderable(row, availableOf(row), already + group.asked);
    const quantity = 'refused' in fitted ? 0 : Math.max(0, fitted.quantity - already);
    const notes = [...merged];
    if (held) notes.push(note('inCart', QUICK_ORDER_MESSAGES.inCart(already)));
    if ('refused' in fitted) notes.push(refusal(REFUSAL_OF[fitted.refused]));
    else notes.push(...changesMade(row, already + group.asked, fitted.quantity));
    if (quantity > 0 && !('refused' in fitted)) {
      writes.push({
        code: group.code,
        optionId: row.option.id,
        lineId: held?.id ?? null,
        add: quantity,
        cartQuantity: fitted.quantity,
      });
    } else if (!('refused' in fitted) && !notes.some((n) => n.kind === 'loweredToAvailable')) {
      // The cart already holds the most that can be ordered.
      notes.push(note('loweredToAvailable', QUICK_ORDER_MESSAGES.loweredToAvailable(fitted.quantity)));
    }
    const priced =
      'refused' in fitted ? Math.max(group.asked, row.option.minimumOrderQuantity) : fitted.quantity;
    return finished({
      ...base,
      product: {
        productUuid: row.product.id,
        productOptionUuid: row.option.id,
        title: row.product.title,
        optionNameValue1: row.option.optionNameValue1,
        optionNameValue2: row.option.optionNameValue2,
        sku: row.option.sku,
        barcode: row.option.barcode,
        minimumOrderQuantity: row.option.minimumOrderQuantity,
        orderMultiple: row.option.orderMultiple,
        maxPerOrder: row.option.maxPerOrder,
        price: fromMinorUnits(prices.unitMinor(row.option, priced), currency),
      },
      quantity,
      notes,
    });
  });
  return { lines, writes };
}

const tableOf = (
  lines: QuickOrderCheckedLine[],
  currency: CurrencyCode,
  unread: readonly QuickOrderBadRow[] = [],
): QuickOrderCheckData => {
  const all = [...lines, ...unreadQuickOrderLines(unread)].sort(
    (a, b) => a.lineNumbers[0]! - b.lineNumbers[0]!,
  );
  return {
    lines: all,
    addableCount: all.filter((l) => l.quantity > 0).length,
    currencyCode: currency,
    currencySymbol: CURRENCY_SYMBOL[currency],
  };
};

/** The check: each line's outcome, nothing written. `unread`: a file's lines whose quantity could not be read. */
export async function check(
  db: Executor,
  buyerId: string,
  currency: CurrencyCode,
  request: QuickOrderRequest,
  unread: readonly QuickOrderBadRow[] = [],
): Promise<QuickOrderCheckData> {
  if (request.lines.length === 0) return tableOf([], currency, unread);
  return tableOf((await plan(db, buyerId, currency, request)).lines, currency, unread);
}

/**
 * The add: the lines that pass go into the cart in one transaction, checked again inside it; a line already in the
 * cart is raised to the sum. The buyer's row is locked first (after the request's Idempotency-Key, decision 0010),
 * so two adds of one buyer take turns and neither loses the other's quantities; cart lines come last.
 */
export async function add(
  db: Executor,
  buyerId: string,
  currency: CurrencyCode,
  request: QuickOrderRequest,
  log?: TransactionLog,
): Promise<QuickOrderAddData> {
  return inTransaction(
    db,
    async (tx) => {
      await lockBuyer(tx, buyerId);
      const { lines, writes } = await plan(tx, buyerId, currency, request);
      const raised = writes.filter((w) => w.lineId !== null);
      const fresh = writes.filter((w) => w.lineId === null);
      // The lines were read under the buyer's lock: they are this buyer's, and stay as read.
      for (const w of raised) await cartRepo.setQuantity(tx, w.lineId!, w.cartQuantity);
      const inserted = new Set(
        fresh.length
          ? (
              await cartRepo.insertLines(
                tx,
                fresh.map((w) => ({ buyerId, productOptionId: w.optionId, quantity: w.cartQuantity })),
              )
            ).map((r) => r.productOptionId)
          : [],
      );
      // A line the buyer's cart got meanwhile (another tab's Add to Cart) stays as it was chosen there.
      const written = writes.filter((w) => w.lineId !== null || inserted.has(w.optionId));
      const table = tableOf(lines, currency);
      return {
        ...table,
        added: written.map((w) => ({
          productOptionUuid: w.optionId,
          code: w.code,
          quantity: w.add,
          cartQuantity: w.cartQuantity,
        })),
        refusedCount: table.lines.length - written.length,
      };
    },
    { log },
  );
}
