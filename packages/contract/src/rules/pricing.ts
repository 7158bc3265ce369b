import type { CurrencyCode } from '../constants.js';

/**
 * Member prices (issue 12, docs/decisions/0021-price-groups-and-tiers.md).
 *
 * Every amount is an integer in the currency's minor units (₩: whole won; US$: cents) and every percentage
 * is in basis points (10000 = 100 %). A member's unit price for a line is computed in two steps:
 *
 * 1. the group price: the group's explicit price for the option in that currency when it has one (it
 *    replaces the list price; the group's percentage does not apply on top of it), otherwise the list price
 *    less the group's percentage;
 * 2. the line price: the group price less the discount of the option's volume tier for the line's quantity,
 *    the tier with the highest `minQuantity` at most the quantity (none below the first tier).
 *
 * Each step that takes a percentage off rounds to the nearest minor unit, halves up:
 * `round(amount × (10000 − bp) / 10000)`, in integers only, so the server's SQL
 * (`(amount * (10000 - bp) + 5000) / 10000` on bigint) gives exactly the same result. A line's amount is the
 * unit price times the quantity, and an order's product amount is the sum of its lines.
 */

export const BASIS_POINTS = 10_000;

export type VolumeTier = { minQuantity: number; discountBp: number };

/** `amount` (minor units, ≥ 0) less `bp` basis points, rounded to the nearest minor unit, halves up. */
export function lessBasisPoints(amount: number, bp: number): number {
  return Math.floor((amount * (BASIS_POINTS - bp) + BASIS_POINTS / 2) / BASIS_POINTS);
}

export type PriceInputs = {
  /** The option's list price in the currency, minor units. */
  listMinor: number;
  /** The member's group percentage off, in basis points. */
  groupDiscountBp: number;
  /** The group's explicit price for the option in the currency, minor units; null when it has none. */
  groupPriceMinor: number | null;
  /** The option's volume tiers, in any order. */
  tiers: readonly VolumeTier[];
};

/** The price before any volume tier: the group's explicit price, or the list price less the group's percentage. */
export function groupUnitPrice(p: Omit<PriceInputs, 'tiers'>): number {
  return p.groupPriceMinor ?? lessBasisPoints(p.listMinor, p.groupDiscountBp);
}

/** The tier that applies to a quantity: the one with the highest minimum at most the quantity. */
export function tierFor(tiers: readonly VolumeTier[], quantity: number): VolumeTier | null {
  let best: VolumeTier | null = null;
  for (const tier of tiers) {
    if (tier.minQuantity <= quantity && (!best || tier.minQuantity > best.minQuantity)) best = tier;
  }
  return best;
}

/** A member's unit price for a line of `quantity` pieces, in minor units. */
export function memberUnitPrice(p: PriceInputs, quantity: number): number {
  const base = groupUnitPrice(p);
  const tier = tierFor(p.tiers, quantity);
  return tier ? lessBasisPoints(base, tier.discountBp) : base;
}

/** The tier table of an option: from each tier's minimum, the unit price, in minor units. */
export function tierTable(p: PriceInputs): { minQuantity: number; discountBp: number; unitMinor: number }[] {
  const base = groupUnitPrice(p);
  return [...p.tiers]
    .sort((a, b) => a.minQuantity - b.minQuantity)
    .map((t) => ({ ...t, unitMinor: lessBasisPoints(base, t.discountBp) }));
}

/** Basis points as a percentage (550 → 5.5). */
export const percentFromBasisPoints = (bp: number): number => bp / 100;

/** A percentage with at most two decimals as basis points (5.5 → 550); null when it has more decimals. */
export function basisPointsFromPercent(percent: number): number | null {
  const bp = Math.round(percent * 100);
  return Math.abs(bp - percent * 100) < 1e-6 ? bp : null;
}

/** The explicit price column of a currency. */
export const groupPriceOf = (
  row: { priceKrw: number | null; priceUsd: number | null } | undefined,
  currency: CurrencyCode,
): number | null => (row ? (currency === 'KRW' ? row.priceKrw : row.priceUsd) : null);
