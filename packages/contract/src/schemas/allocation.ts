import { z } from 'zod';
import { envelope } from './common.js';
import { boundedInt, INT_RANGE, safeText, TEXT_MAX } from './primitives.js';

/*
 * Goods receipt and allocation (issue 34): staff record what arrived for a pre-order option and share it among
 * the open pre-order lines by a rule; a line left short stays on backorder or is cut, as its buyer chose.
 */

/** Pro rata to what each line wants (whole cartons, the rest by order time), by order time, or by price group. */
export const ALLOCATION_RULES = ['PRO_RATA', 'FIRST_COME', 'PRIORITY'] as const;
export type AllocationRule = (typeof ALLOCATION_RULES)[number];

/** What becomes of units an allocation leaves short: kept on backorder (filled from the next receipt) or cut. */
export const BACKORDER_CHOICES = ['KEEP', 'CANCEL'] as const;
export type BackorderChoice = (typeof BACKORDER_CHOICES)[number];

export const ALLOCATION_MESSAGES = {
  receiptRecorded: 'Goods receipt recorded.',
  /** A receipt that fills every waiting pre-order line allocates them all at once (decision 0049). */
  allocatedOnReceipt: (lines: number, units: number) =>
    `Goods receipt recorded. It covers every waiting pre-order: ${lines} lines were allocated in full (${units} units), and each buyer is e-mailed.`,
  committed: 'Allocation committed.',
  nothingWaiting: 'No pre-order of this option is waiting for goods.',
  nothingOnHand: 'Nothing on hand to allocate: record a goods receipt first.',
  stale: 'The pre-orders or the stock changed since this preview: look at the new preview and commit again.',
  belowAllocated: (allocated: number) =>
    `A pre-order line cannot go below what was allocated to it (${allocated}).`,
  /** The order history's line, and the buyer's mail's. */
  summary: (title: string, allocated: number, ordered: number) =>
    `${title}: ${allocated} of ${ordered} allocated.`,
  kept: (units: number) => `${units} stay on backorder.`,
  cut: (units: number) => `${units} cancelled.`,
} as const;

const quantity = boundedInt({
  ...INT_RANGE.stock,
  min: 1,
  notWhole: 'quantity must be a whole number.',
  tooSmall: 'quantity is at least 1.',
});

export const goodsReceiptRequest = z.object({
  quantity,
  note: safeText({ max: TEXT_MAX.label, label: 'note' }).optional().default(''),
});
export type GoodsReceiptRequest = z.infer<typeof goodsReceiptRequest>;

export const allocationQuery = z.object({
  rule: z
    .enum(ALLOCATION_RULES, { error: `rule must be one of ${ALLOCATION_RULES.join(', ')}.` })
    .default('PRO_RATA'),
  minimumPerBuyer: z.coerce
    .number({ error: 'minimumPerBuyer must be a whole number.' })
    .int('minimumPerBuyer must be a whole number.')
    .min(0, 'minimumPerBuyer cannot be negative.')
    .max(INT_RANGE.quantity.max, 'minimumPerBuyer is too large.')
    .default(0),
});
export type AllocationQuery = z.infer<typeof allocationQuery>;

export const allocationCommitRequest = z.object({
  rule: z.enum(ALLOCATION_RULES, { error: `rule must be one of ${ALLOCATION_RULES.join(', ')}.` }),
  minimumPerBuyer: boundedInt({
    min: 0,
    max: INT_RANGE.quantity.max,
    tooSmall: 'minimumPerBuyer cannot be negative.',
  })
    .optional()
    .default(0),
  /** The preview's `basis`: the commit is refused when what it was computed from changed since. */
  basis: z.string({ error: 'basis is required.' }).min(1, 'basis is required.').max(128),
});
export type AllocationCommitRequest = z.infer<typeof allocationCommitRequest>;

export const allocationLine = z.object({
  orderDetailUuid: z.uuid(),
  orderNumber: z.string(),
  orderedAt: z.string(),
  companyName: z.string(),
  buyerEmail: z.string().nullable(),
  country: z.string().nullable(),
  priceGroup: z.string().nullable(),
  ordered: z.number().int(),
  /** Allocated by earlier commits. */
  allocatedBefore: z.number().int(),
  /** What this allocation gives the line (the preview's, or the commit's). */
  allocating: z.number().int(),
  /** Still short after it: kept on backorder or cut, by `backorderChoice`. */
  short: z.number().int(),
  backorderChoice: z.enum(BACKORDER_CHOICES),
  backorder: z.boolean(),
});
export type AllocationLine = z.infer<typeof allocationLine>;

export const allocationView = z.object({
  productOptionUuid: z.uuid(),
  productUuid: z.uuid(),
  productTitle: z.string(),
  optionNameValue1: z.string(),
  optionNameValue2: z.string().nullable(),
  sku: z.string().nullable(),
  releaseDate: z.string().nullable(),
  /** Pro rata shares are whole cartons of this (the option's order multiple). */
  carton: z.number().int(),
  onHand: z.number().int(),
  held: z.number().int(),
  /** On hand and held by no order: what this allocation shares. */
  available: z.number().int(),
  /** What the open pre-order lines still want. */
  wanted: z.number().int(),
  /** What is left on hand after this allocation. */
  left: z.number().int(),
  rule: z.enum(ALLOCATION_RULES),
  minimumPerBuyer: z.number().int(),
  /** What the allocation is computed from, to be sent back with the commit. */
  basis: z.string(),
  lines: z.array(allocationLine),
  receipts: z.array(
    z.object({ quantity: z.number().int(), note: z.string(), at: z.string(), staff: z.string().nullable() }),
  ),
});
export type AllocationView = z.infer<typeof allocationView>;
export const allocationResponse = envelope(allocationView);

/**
 * A goods receipt's answer: the allocation's preview on the new figures, and what the receipt allocated itself.
 * When what is on hand and held by no order fills every waiting pre-order line, the receipt allocates them all
 * (as a commit would: held, history, mails); otherwise `allocatedOnReceipt` is null and staff choose a rule.
 */
export const goodsReceiptView = allocationView.extend({
  allocatedOnReceipt: z.object({ lines: z.number().int(), units: z.number().int() }).nullable(),
});
export type GoodsReceiptView = z.infer<typeof goodsReceiptView>;
export const goodsReceiptResponse = envelope(goodsReceiptView);

export const backorderChoiceRequest = z.object({
  choice: z
    .enum(BACKORDER_CHOICES, { error: `choice must be one of ${BACKORDER_CHOICES.join(', ')}.` })
    .nullable(),
});
