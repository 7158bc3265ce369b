import { z } from 'zod';
import { envelope, uuidParam } from './common.js';
import { labelDemandQuery } from './label-demand.js';

/*
 * The release-week report: K-pop sales charts (Hanteo, Circle) count the units shipped in a release's first
 * week. For one product, the units that left in shipments per Korean day, option and buyer, and whether each
 * day lies in the release week: the release day and the six days after it, in Korea time.
 */

export const releaseWeekParams = z.object({ productUuid: uuidParam('productUuid') });
/** Absent: the JSON answer; `csv` or `xlsx`: the same as a file, like the label order. */
export const releaseWeekQuery = labelDemandQuery;

/** Days in the release week after the release day itself. */
export const RELEASE_WEEK_EXTRA_DAYS = 6;

/** 'YYYY-MM-DD' plus `days` (calendar days, no time zone involved). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The release week's last day: the release day plus six. */
export const releaseWeekEnd = (releaseDate: string) => addDays(releaseDate, RELEASE_WEEK_EXTRA_DAYS);

/** Where a Korean day lies against the release week; 'none' when the product has no release date. */
export function releaseWeekPlace(
  day: string,
  releaseDate: string | null,
): 'before' | 'in' | 'after' | 'none' {
  if (!releaseDate) return 'none';
  if (day < releaseDate) return 'before';
  return day <= releaseWeekEnd(releaseDate) ? 'in' : 'after';
}

export const releaseWeekRow = z.object({
  /** The Korean day the units shipped, 'YYYY-MM-DD'. */
  day: z.string(),
  optionUuid: z.uuid(),
  sku: z.string(),
  barcode: z.string().nullable(),
  optionNameValue1: z.string(),
  optionNameValue2: z.string().nullable(),
  /** The company name the buyer's latest order of the group carries. */
  companyName: z.string(),
  /** ISO 3166-1 alpha-2 where that order ships; null when it did not say. */
  country: z.string().nullable(),
  units: z.number().int(),
  inReleaseWeek: z.boolean(),
});
export type ReleaseWeekRow = z.infer<typeof releaseWeekRow>;

export const releaseWeek = z.object({
  productUuid: z.uuid(),
  title: z.string(),
  /** Null when the product has no release date: every row is then outside the (unknown) release week. */
  releaseDate: z.string().nullable(),
  /** The release week's last day (release date + 6); null without a release date. */
  releaseWeekEnd: z.string().nullable(),
  /** By day, then the option's order, then the company. */
  rows: z.array(releaseWeekRow),
  totals: z.object({
    inReleaseWeek: z.number().int(),
    before: z.number().int(),
    after: z.number().int(),
    /** Every unit shipped, whatever the day. */
    shipped: z.number().int(),
  }),
});
export type ReleaseWeek = z.infer<typeof releaseWeek>;
export const releaseWeekResponse = envelope(releaseWeek);
