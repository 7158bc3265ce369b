import { z } from 'zod';
import { CURRENCIES } from '../constants.js';
import { QUICK_ORDER_CODE_MAX, QUICK_ORDER_MAX_LINES, type QuickOrderBadRow } from '../rules/quick-order.js';
import { QUICK_ORDER_MESSAGES } from '../shop-messages.js';
import { envelope } from './common.js';
import { boundedInt, INT_RANGE, safeText } from './primitives.js';

/** What became of a line, and every note a line can carry; `QUICK_ORDER_MESSAGES` holds each one's words. */
export const QUICK_ORDER_OUTCOMES = [
  'ok',
  'merged',
  'raisedToMinimum',
  'roundedToMultiple',
  'loweredToAvailable',
  'inCart',
  'unknownCode',
  'soldOut',
  'notEnoughStock',
  'ordersClosed',
  'ordersNotOpen',
  'notPublished',
  'badQuantity',
] as const;
export type QuickOrderOutcome = (typeof QUICK_ORDER_OUTCOMES)[number];

/** The outcomes that keep a line out of the cart. */
export const QUICK_ORDER_REFUSALS: readonly QuickOrderOutcome[] = [
  'unknownCode',
  'soldOut',
  'notEnoughStock',
  'ordersClosed',
  'ordersNotOpen',
  'notPublished',
  'badQuantity',
];

const quickOrderLine = z.object({
  /** A SKU or a barcode, as text: never read as a number ('00123' stays '00123'). */
  code: safeText({ max: QUICK_ORDER_CODE_MAX, required: 'code is required.' }),
  quantity: boundedInt({
    ...INT_RANGE.quantity,
    notWhole: 'quantity must be a whole number.',
    tooSmall: QUICK_ORDER_MESSAGES.badQuantity,
    tooBig: 'quantity is too large.',
  }),
  /** Where the line stands in the buyer's text or file (1 = first); its place in this list when left out. */
  line: z.number().int().min(1).max(1_000_000).optional(),
});

/** `POST /api/v1/quick-order/check` and `/add`: up to 500 lines of code and quantity. */
export const quickOrderRequest = z.object({
  lines: z
    .array(quickOrderLine)
    .min(1, QUICK_ORDER_MESSAGES.noLines)
    .max(QUICK_ORDER_MAX_LINES, QUICK_ORDER_MESSAGES.tooManyLines(QUICK_ORDER_MAX_LINES)),
});
export type QuickOrderRequest = z.infer<typeof quickOrderRequest>;

const outcome = z.enum(QUICK_ORDER_OUTCOMES);

export const quickOrderCheckedLine = z.object({
  /** The code as the buyer gave it (the first line's, when lines were merged). */
  code: z.string(),
  /** The lines it came from: several when the same code was given more than once. */
  lineNumbers: z.array(z.number().int()),
  /** The option the code names; null when none (or none on sale) does. */
  product: z
    .object({
      productUuid: z.uuid(),
      productOptionUuid: z.uuid(),
      title: z.string(),
      optionNameValue1: z.string(),
      optionNameValue2: z.string().nullable(),
      sku: z.string(),
      barcode: z.string().nullable(),
      minimumOrderQuantity: z.number().int(),
      orderMultiple: z.number().int(),
      maxPerOrder: z.number().int().nullable(),
      /** The member's unit price at the quantity to add, in the answer's currency. */
      price: z.number(),
    })
    .nullable(),
  /** The quantity asked for (the sum of merged lines). */
  askedQuantity: z.number().int(),
  /** What goes into the cart; 0 for a refused line. */
  quantity: z.number().int(),
  /** The line's outcome: a refusal, else the largest change made, else 'ok'. */
  outcome,
  /** Every change and refusal, each with its sentence. */
  notes: z.array(z.object({ kind: outcome, message: z.string() })),
  /** The notes' sentences together. */
  message: z.string(),
});
export type QuickOrderCheckedLine = z.infer<typeof quickOrderCheckedLine>;

export const quickOrderCheckData = z.object({
  lines: z.array(quickOrderCheckedLine),
  /** How many lines can go into the cart. */
  addableCount: z.number().int(),
  currencyCode: z.enum(CURRENCIES),
  currencySymbol: z.string(),
});
export type QuickOrderCheckData = z.infer<typeof quickOrderCheckData>;
export const quickOrderCheckResponse = envelope(quickOrderCheckData);

/** `POST /api/v1/quick-order/file`: the check of the file's lines, and the file as text to fix and check again. */
export const quickOrderFileData = quickOrderCheckData.extend({
  /** The first sheet's (or the CSV's) first two columns, one row a line (tab between), blank rows kept. */
  text: z.string(),
});
export type QuickOrderFileData = z.infer<typeof quickOrderFileData>;
export const quickOrderFileResponse = envelope(quickOrderFileData);

export const quickOrderAddData = quickOrderCheckData.extend({
  /** The options whose cart line was made or raised: what went in, and what the cart now holds. */
  added: z.array(
    z.object({
      productOptionUuid: z.uuid(),
      code: z.string(),
      quantity: z.number().int(),
      cartQuantity: z.number().int(),
    }),
  ),
  /** Lines left out, to fix and check again. */
  refusedCount: z.number().int(),
});
export type QuickOrderAddData = z.infer<typeof quickOrderAddData>;
export const quickOrderAddResponse = envelope(quickOrderAddData);

/** Lines whose quantity could not be read (of a paste or a file) as the check lists them: to fix, not looked up. */
export const unreadQuickOrderLines = (bad: readonly QuickOrderBadRow[]): QuickOrderCheckedLine[] =>
  bad.map((row) => ({
    code: row.code,
    lineNumbers: [row.line],
    product: null,
    askedQuantity: 0,
    quantity: 0,
    outcome: 'badQuantity',
    notes: [{ kind: 'badQuantity', message: QUICK_ORDER_MESSAGES.badQuantity }],
    message: QUICK_ORDER_MESSAGES.badQuantity,
  }));
