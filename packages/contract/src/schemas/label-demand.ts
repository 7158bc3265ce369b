import { z } from 'zod';
import { envelope, uuidParam } from './common.js';

/*
 * "What to order from the label": K-pop albums sell on pre-order, and once the deadline passes staff order
 * the total from the label. For one product, per option (version), what buyers ordered in orders that are not
 * cancelled, what has shipped, what is still open, the stock on hand and what that leaves to order.
 */

export const labelDemandParams = z.object({ productUuid: uuidParam('productUuid') });

export const LABEL_DEMAND_FORMATS = ['csv', 'xlsx'] as const;
export const labelDemandQuery = z.object({
  /** Absent: the JSON answer; `csv` or `xlsx`: the same as a file to download. */
  format: z
    .enum(LABEL_DEMAND_FORMATS, { error: `format must be one of ${LABEL_DEMAND_FORMATS.join(', ')}.` })
    .optional(),
});
export type LabelDemandFormat = (typeof LABEL_DEMAND_FORMATS)[number];

/** Pieces to order from the label for an option: what is still open beyond the stock on hand, never below 0. */
export const labelToOrder = (open: number, stock: number) => Math.max(open - stock, 0);

/** Ordered, shipped and open pieces; `open` is ordered minus shipped. */
const quantities = {
  ordered: z.number().int(),
  shipped: z.number().int(),
  open: z.number().int(),
};

/** One buyer's part of an option's demand, over all of the buyer's orders that are not cancelled. */
export const labelDemandBuyer = z.object({
  /** The company name the buyer's latest order carries. */
  companyName: z.string(),
  email: z.string(),
  /** ISO 3166-1 alpha-2 where the latest order ships; null when it did not say. */
  country: z.string().nullable(),
  ordered: z.number().int(),
  open: z.number().int(),
  orderCount: z.number().int(),
  /** ISO time of the buyer's earliest order of the option. */
  firstOrderedAt: z.string(),
});
export type LabelDemandBuyer = z.infer<typeof labelDemandBuyer>;

export const labelDemandOption = z.object({
  optionUuid: z.uuid(),
  optionNameValue1: z.string(),
  optionNameValue2: z.string().nullable(),
  sku: z.string(),
  ...quantities,
  /** Pieces on hand (`product_options.stock`). */
  stock: z.number().int(),
  /** What the open pieces need beyond the stock on hand: max(open - stock, 0). */
  toOrder: z.number().int(),
  /** Earliest order first. */
  buyers: z.array(labelDemandBuyer),
});
export type LabelDemandOption = z.infer<typeof labelDemandOption>;

export const labelDemand = z.object({
  productUuid: z.uuid(),
  title: z.string(),
  /** In the options' own order; options nobody ordered are listed with zeros. */
  options: z.array(labelDemandOption),
  totals: z.object({ ...quantities, stock: z.number().int(), toOrder: z.number().int() }),
});
export type LabelDemand = z.infer<typeof labelDemand>;
export const labelDemandResponse = envelope(labelDemand);
