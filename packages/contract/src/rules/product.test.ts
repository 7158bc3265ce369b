import { describe, expect, it } from 'vitest';
import {
  availableStock,
  clampQuantity,
  currencySymbol,
  formatPrice,
  fromMinorUnits,
  isSoldOutTagged,
  listingTag,
  parseMemo,
  priceLabel,
  releaseDateLabel,
  toMinorUnits,
  visibleBadges,
} from './product.js';

describe('visibleBadges', () => {
  it('shows at most two, in the order sale, pre, new, hot', () => {
    expect(visibleBadges(['hot', 'new', 'pre', 'sale'])).toEqual(['sale', 'pre']);
    expect(visibleBadges(['hot', 'new'])).toEqual(['new', 'hot']);
    expect(visibleBadges(['hot', 'pre'])).toEqual(['pre', 'hot']);
    expect(visibleBadges(['new'])).toEqual(['new']);
    expect(visibleBadges([])).toEqual([]);
  });

  it("ignores 'sold out' and unknown tags", () => {
    expect(visibleBadges(['sold out', 'hot'])).toEqual(['hot']);
    expect(visibleBadges(['sold out', 'limited', 'new', 'hot'])).toEqual(['new', 'hot']);
    expect(visibleBadges(['sold out'])).toEqual([]);
  });

  it("tells a sold-out card by its 'sold out' tag", () => {
    expect(isSoldOutTagged(['new', 'sold out'])).toBe(true);
    expect(isSoldOutTagged(['new'])).toBe(false);
  });
});

describe('prices', () => {
  it("shows 'Members Only' when the server sent no price", () => {
    expect(priceLabel(null, 'KRW')).toBe('Members Only');
    expect(priceLabel(undefined, 'USD')).toBe('Members Only');
    expect(priceLabel(undefined, undefined)).toBe('Members Only');
  });

  it('formats dollars with US$ and cents, won with the won sign and separators', () => {
    expect(formatPrice(12.5, 'USD')).toBe('US$12.50');
    expect(formatPrice(1234.5, 'USD')).toBe('US$1,234.50');
    expect(formatPrice(15000, 'KRW')).toBe('₩15,000');
    expect(formatPrice(1234567, 'KRW')).toBe('₩1,234,567');
    expect(priceLabel(12.5, 'USD')).toBe('US$12.50');
    expect(priceLabel(0, 'KRW')).toBe('₩0');
  });

  it('defaults to won until the currency is known', () => {
    expect(formatPrice(15000, undefined)).toBe('₩15,000');
    expect(formatPrice(15000, null)).toBe('₩15,000');
    expect(currencySymbol(undefined)).toBe('₩');
    expect(currencySymbol(null)).toBe('₩');
    expect(currencySymbol('KRW')).toBe('₩');
    expect(currencySymbol('USD')).toBe('US$');
  });

  it('converts between stored minor units and the major units the API returns', () => {
    expect(fromMinorUnits(1250, 'USD')).toBe(12.5);
    expect(fromMinorUnits(1999, 'USD')).toBe(19.99);
    expect(fromMinorUnits(15000, 'KRW')).toBe(15000);
    expect(toMinorUnits(12.5, 'USD')).toBe(1250);
    expect(toMinorUnits(19.99, 'USD')).toBe(1999);
    expect(toMinorUnits(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinorUnits(15000, 'KRW')).toBe(15000);
    for (let cents = 0; cents < 10_000; cents += 7) {
      expect(toMinorUnits(fromMinorUnits(cents, 'USD'), 'USD')).toBe(cents);
    }
  });
});

describe('releaseDateLabel', () => {
  it('shows the first 10 characters', () => {
    expect(releaseDateLabel('2026-11-22T09:00:00+09:00')).toBe('2026-11-22');
    expect(releaseDateLabel('2026-11-22')).toBe('2026-11-22');
  });

  it('shows nothing without a date', () => {
    expect(releaseDateLabel(null)).toBe('');
    expect(releaseDateLabel(undefined)).toBe('');
  });
});

describe('availableStock', () => {
  it('is stock minus hold stock', () => {
    expect(availableStock(10, 3)).toBe(7);
    expect(availableStock(10, 0)).toBe(10);
    expect(availableStock(5, 5)).toBe(0);
  });
});

describe('clampQuantity', () => {
  it('turns non-numeric input into the minimum', () => {
    expect(clampQuantity('abc', 5, 100)).toEqual({ quantity: 5, message: null });
    expect(clampQuantity('', 5, 100)).toEqual({ quantity: 5, message: null });
    expect(clampQuantity(Number.NaN, 3, 100)).toEqual({ quantity: 3, message: null });
  });

  it('raises a quantity below the minimum to it, saying so', () => {
    expect(clampQuantity(2, 5, 100)).toEqual({ quantity: 5, message: 'Minimum order quantity is 5' });
    expect(clampQuantity('4', 10, 100)).toEqual({ quantity: 10, message: 'Minimum order quantity is 10' });
  });

  it('lowers a quantity above the available stock to it, saying so', () => {
    expect(clampQuantity(150, 1, 100)).toEqual({
      quantity: 100,
      message: 'Maximum available quantity is 100',
    });
    expect(clampQuantity('12', 5, 7)).toEqual({ quantity: 7, message: 'Maximum available quantity is 7' });
  });

  it('keeps a quantity within the limits', () => {
    expect(clampQuantity(5, 5, 100)).toEqual({ quantity: 5, message: null });
    expect(clampQuantity(100, 5, 100)).toEqual({ quantity: 100, message: null });
    expect(clampQuantity(' 8 ', 1, 100)).toEqual({ quantity: 8, message: null });
  });

  it('uses 1 when the option has no minimum order quantity', () => {
    expect(clampQuantity(0, null, 10)).toEqual({ quantity: 1, message: 'Minimum order quantity is 1' });
    expect(clampQuantity(0, undefined, 10)).toEqual({ quantity: 1, message: 'Minimum order quantity is 1' });
    expect(clampQuantity('x', undefined, 10)).toEqual({ quantity: 1, message: null });
  });
});

describe('parseMemo', () => {
  it("splits 'label/amount'", () => {
    expect(parseMemo('Shipping fee/15000')).toEqual({ label: 'Shipping fee', amount: 15000 });
    expect(parseMemo('Discount/-5000')).toEqual({ label: 'Discount', amount: -5000 });
    expect(parseMemo('Shipping fee / 12.50')).toEqual({ label: 'Shipping fee', amount: 12.5 });
  });

  it('keeps a memo without a slash as a label without an amount', () => {
    expect(parseMemo('Gift wrapping included')).toEqual({ label: 'Gift wrapping included', amount: null });
  });

  it('gives no amount when the part after the slash is not a number', () => {
    expect(parseMemo('Shipping fee/free')).toEqual({ label: 'Shipping fee', amount: null });
    expect(parseMemo('Shipping fee/')).toEqual({ label: 'Shipping fee', amount: null });
  });
});

describe('listingTag', () => {
  it("keeps 'pre' only with category 0 or no category", () => {
    expect(listingTag(0, 'pre')).toBe('pre');
    expect(listingTag(undefined, 'pre')).toBe('pre');
    expect(listingTag(9, 'pre')).toBeUndefined();
    expect(listingTag(2, 'pre')).toBeUndefined();
  });

  it('keeps the other tags with any category', () => {
    expect(listingTag(0, 'new')).toBe('new');
    expect(listingTag(9, 'sale')).toBe('sale');
    expect(listingTag(9, undefined)).toBeUndefined();
  });
});
