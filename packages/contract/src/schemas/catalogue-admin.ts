import { z } from 'zod';
import { CURRENCIES, type CurrencyCode, PAGE_SIZE, PRODUCT_TAGS } from '../constants.js';
import { envelope, queryInt } from './common.js';
import { boundedInt, INT_RANGE, safeText, TEXT_MAX, uuidText } from './primitives.js';

/** Back office: bulk product edits, stock levels and the artist table (issue 12). */

export const BULK_MAX_PRODUCTS = 200;
/** Price changes by a percentage stay within these bounds. */
export const BULK_PERCENT = { min: -90, max: 500 } as const;
/**
 * What a price moved by a percentage is rounded to, per currency, in minor units (issue 36): whole won, ₩10, ₩100
 * or ₩1,000; a cent, 10 cents or a dollar. The default is the smallest unit.
 */
export const PRICE_ROUNDING: Record<CurrencyCode, readonly number[]> = {
  KRW: [1, 10, 100, 1000],
  USD: [1, 10, 100],
};
export const BULK_ACTIONS = [
  'soldOut',
  'inStock',
  'setTags',
  'clearTags',
  'category',
  'pricePercent',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const productIds = z
  .array(uuidText())
  .min(1, 'Choose at least one product.')
  .max(BULK_MAX_PRODUCTS, `Choose at most ${BULK_MAX_PRODUCTS} products at a time.`);

/** One bulk edit: the products and what to do to each; `value` depends on the action. */
export const bulkEditRequest = z.discriminatedUnion(
  'action',
  [
    z.object({ productIds, action: z.literal('soldOut') }),
    z.object({ productIds, action: z.literal('inStock') }),
    z.object({
      productIds,
      action: z.literal('setTags'),
      value: z
        .array(z.enum(PRODUCT_TAGS, { error: `Tags are ${PRODUCT_TAGS.join(', ')}.` }))
        .min(1, 'Choose at least one tag.')
        .max(4),
    }),
    z.object({ productIds, action: z.literal('clearTags') }),
    z.object({
      productIds,
      action: z.literal('category'),
      value: boundedInt({ ...INT_RANGE.categoryId, label: 'value', tooSmall: 'Choose a category.' }),
    }),
    z.object({
      productIds,
      action: z.literal('pricePercent'),
      value: z
        .number({ error: 'value must be a percentage.' })
        .refine((n) => Number.isFinite(n), 'value must be a percentage.')
        .refine((n) => n !== 0, 'A change of 0 % changes nothing.')
        .refine(
          (n) => n >= BULK_PERCENT.min && n <= BULK_PERCENT.max,
          `The percentage is between ${BULK_PERCENT.min} and +${BULK_PERCENT.max}.`,
        ),
      /** The currencies whose prices change; both when left out. */
      currencies: z
        .array(z.enum(CURRENCIES, { error: 'currencies are KRW and USD.' }))
        .min(1, 'Choose at least one currency.')
        .max(CURRENCIES.length)
        .optional(),
      /** Per currency, the step in minor units the new prices are rounded to (nearest); the smallest unit by default. */
      roundTo: z
        .object({
          KRW: z
            .number()
            .refine((n) => PRICE_ROUNDING.KRW.includes(n), 'Won prices round to ₩1, ₩10, ₩100 or ₩1,000.')
            .optional(),
          USD: z
            .number()
            .refine((n) => PRICE_ROUNDING.USD.includes(n), 'Dollar prices round to US$0.01, US$0.10 or US$1.')
            .optional(),
        })
        .optional(),
    }),
  ],
  { error: `action must be one of ${BULK_ACTIONS.join(', ')}.` },
);
export type BulkEditRequest = z.infer<typeof bulkEditRequest>;

/** What one field of a product or option becomes. */
export const bulkChange = z.object({
  /** The option's name ("Version / A"), or null for the product itself. */
  option: z.string().nullable(),
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export const bulkProductChanges = z.object({
  uuid: z.uuid(),
  title: z.string(),
  changes: z.array(bulkChange),
});
export const bulkEditResult = z.object({
  /** Products that change, with every change; products that would not change are left out. */
  productList: z.array(bulkProductChanges),
  /** How many of the chosen products change and how many stay as they are. */
  changed: z.number().int(),
  unchanged: z.number().int(),
});
export const bulkEditResponse = envelope(bulkEditResult);
export type BulkEditResult = z.infer<typeof bulkEditResult>;

/** An option at or below its low-stock threshold, or sold out. */
export const stockLevelRow = z.object({
  optionUuid: z.uuid(),
  productUuid: z.uuid(),
  title: z.string(),
  option: z.string(),
  available: z.number().int(),
  threshold: z.number().int(),
  isPublished: z.boolean(),
});
/**
 * Why a sold-out option is listed. NO_STOCK: nothing is available, flagged or not. FLAGGED: staff flagged it
 * sold out by hand while some is still available (`available` says how many), which staff may not expect.
 */
export const SOLD_OUT_REASONS = ['FLAGGED', 'NO_STOCK'] as const;
export type SoldOutReason = (typeof SOLD_OUT_REASONS)[number];
export const soldOutReasonOf = (option: { isSoldOut: boolean; available: number }): SoldOutReason =>
  option.available > 0 && option.isSoldOut ? 'FLAGGED' : 'NO_STOCK';
export const soldOutLevelRow = stockLevelRow.extend({ soldOutReason: z.enum(SOLD_OUT_REASONS) });

export const stockLevels = z.object({
  /** Orderable options running low, fewest available first. */
  low: z.array(stockLevelRow),
  lowCount: z.number().int(),
  /** Options flagged sold out or with nothing available, listed apart so they never crowd out the low. */
  soldOut: z.array(soldOutLevelRow),
  soldOutCount: z.number().int(),
});
export const stockLevelsQuery = z.object({ limit: queryInt('limit', 1, 50).default(10) });
export const stockLevelsResponse = envelope(stockLevels);
export type StockLevels = z.infer<typeof stockLevels>;

export const adminArtistListQuery = z.object({
  q: safeText({ max: TEXT_MAX.label }).optional(),
  page: queryInt('page', 1).default(1),
  limit: queryInt('limit', 1, PAGE_SIZE.maxLimit).default(50),
});
export const adminArtist = z.object({
  id: z.number().int(),
  artistCategoryId: z.number().int(),
  artistNameEN: z.string(),
  artistNameKO: z.string(),
  productCount: z.number().int(),
});
export type AdminArtist = z.infer<typeof adminArtist>;
export const adminArtistListResponse = envelope(
  z.object({ artistList: z.array(adminArtist), totalCount: z.number().int() }),
);
