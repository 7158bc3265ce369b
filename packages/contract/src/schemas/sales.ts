import { z } from 'zod';
import { CURRENCIES } from '../constants.js';
import { envelope, queryInt } from './common.js';
import { isoDate } from './primitives.js';

/** Sales figures of the back office: what counts is in docs/decisions/0024-sales-figures.md. */

/** The longest range a sales query covers, in days (two years and a leap day). */
export const SALES_RANGE_MAX_DAYS = 731;
export const SALES_INTERVALS = ['day', 'week'] as const;
export type SalesInterval = (typeof SALES_INTERVALS)[number];
export const SALES_GROUPS = ['product', 'artist', 'buyer', 'category'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];
/** Most rows of a top list; a report lists every group. */
export const SALES_TOP_MAX = 50;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Korean days, both included: `from` on or before `to`, at most two years apart. */
const salesRange = {
  from: isoDate({ error: 'from must be a date (YYYY-MM-DD).' }),
  to: isoDate({ error: 'to must be a date (YYYY-MM-DD).' }),
};
type Range = { from: string; to: string };
const checkRange = (value: Range, ctx: z.RefinementCtx) => {
  const days = dayNumber(value.to) - dayNumber(value.from);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from.' });
  else if (days >= SALES_RANGE_MAX_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `Choose a range of at most ${SALES_RANGE_MAX_DAYS} days (two years).`,
    });
  }
};

export const salesSeriesQuery = z
  .object({
    ...salesRange,
    interval: z
      .enum(SALES_INTERVALS, { error: `interval must be one of ${SALES_INTERVALS.join(', ')}.` })
      .default('day'),
  })
  .superRefine(checkRange);

const by = z.enum(SALES_GROUPS, { error: `by must be one of ${SALES_GROUPS.join(', ')}.` });
export const salesTopQuery = z
  .object({ ...salesRange, by, limit: queryInt('limit', 1, SALES_TOP_MAX).default(10) })
  .superRefine(checkRange);
export const salesReportQuery = z.object({ ...salesRange, by }).superRefine(checkRange);

export const salesPoint = z.object({
  /** The first Korean day of the period (a Monday for weeks), YYYY-MM-DD. */
  period: z.string(),
  amount: z.number(),
  quantity: z.number().int(),
  orders: z.number().int(),
});
export type SalesPoint = z.infer<typeof salesPoint>;
export const salesSeries = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(SALES_INTERVALS),
  /** One series per currency that sold in the range; every period of the range, zero when nothing sold. */
  currencies: z.array(z.object({ currency: z.enum(CURRENCIES), points: z.array(salesPoint) })),
});
export type SalesSeries = z.infer<typeof salesSeries>;
export const salesSeriesResponse = envelope(salesSeries);

export const salesRow = z.object({
  /** The group's id (product, buyer, artist or category); null for lines whose group no longer exists. */
  key: z.string().nullable(),
  label: z.string(),
  amount: z.number(),
  quantity: z.number().int(),
  orders: z.number().int(),
});
export type SalesRow = z.infer<typeof salesRow>;
export const salesGrouped = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(SALES_GROUPS),
  /** Per currency, the groups by amount, largest first. */
  currencies: z.array(z.object({ currency: z.enum(CURRENCIES), rows: z.array(salesRow) })),
});
export type SalesGrouped = z.infer<typeof salesGrouped>;
export const salesGroupedResponse = envelope(salesGrouped);
