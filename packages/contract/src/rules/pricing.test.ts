import { describe, expect, it } from 'vitest';
import {
  basisPointsFromPercent,
  groupPriceOf,
  lessBasisPoints,
  memberUnitPrice,
  tierFor,
  tierTable,
} from './pricing.js';

const tiers = [
  { minQuantity: 100, discountBp: 800 },
  { minQuantity: 50, discountBp: 500 },
];

describe('member prices', () => {
  it('takes the group percentage off the list price, rounding halves up to the minor unit', () => {
    expect(
      memberUnitPrice({ listMinor: 15000, groupDiscountBp: 1000, groupPriceMinor: null, tiers: [] }, 1),
    ).toBe(13500);
    // 1999 cents less 10 % = 1799.1 → 1799; 1995 less 10 % = 1795.5 → 1796 (half up).
    expect(lessBasisPoints(1999, 1000)).toBe(1799);
    expect(lessBasisPoints(1995, 1000)).toBe(1796);
    expect(lessBasisPoints(12345, 0)).toBe(12345);
    expect(lessBasisPoints(12345, 10000)).toBe(0);
  });

  it('uses the explicit group price instead of the list price, without the group percentage on top', () => {
    const p = { listMinor: 15000, groupDiscountBp: 1000, groupPriceMinor: 12000, tiers: [] };
    expect(memberUnitPrice(p, 1)).toBe(12000);
  });

  it('applies the tier for the quantity after the group price', () => {
    const p = { listMinor: 10000, groupDiscountBp: 1000, groupPriceMinor: null, tiers };
    expect(memberUnitPrice(p, 49)).toBe(9000);
    expect(memberUnitPrice(p, 50)).toBe(8550);
    expect(memberUnitPrice(p, 99)).toBe(8550);
    expect(memberUnitPrice(p, 100)).toBe(8280);
    expect(memberUnitPrice({ ...p, groupPriceMinor: 7000 }, 100)).toBe(6440);
  });

  it('finds no tier below the first and lists the tier table in quantity order', () => {
    expect(tierFor(tiers, 10)).toBeNull();
    expect(tierFor(tiers, 150)?.minQuantity).toBe(100);
    expect(tierTable({ listMinor: 1000, groupDiscountBp: 0, groupPriceMinor: null, tiers })).toEqual([
      { minQuantity: 50, discountBp: 500, unitMinor: 950 },
      { minQuantity: 100, discountBp: 800, unitMinor: 920 },
    ]);
  });

  it('reads percentages with at most two decimals as basis points', () => {
    expect(basisPointsFromPercent(10)).toBe(1000);
    expect(basisPointsFromPercent(5.5)).toBe(550);
    expect(basisPointsFromPercent(0.07)).toBe(7);
    expect(basisPointsFromPercent(1.234)).toBeNull();
  });

  it('picks the explicit price of the currency', () => {
    expect(groupPriceOf({ priceKrw: 9000, priceUsd: null }, 'KRW')).toBe(9000);
    expect(groupPriceOf({ priceKrw: 9000, priceUsd: null }, 'USD')).toBeNull();
    expect(groupPriceOf(undefined, 'USD')).toBeNull();
  });
});
