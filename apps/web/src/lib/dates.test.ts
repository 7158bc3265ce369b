import { describe, expect, it } from 'vitest';
import { formatShopDate, formatShopDateTime, shopYear } from './dates';

describe('shop dates', () => {
  it('shows the Korean day even when it is still the previous day in UTC', () => {
    // 2026-11-22 23:30 UTC is 2026-11-23 08:30 in Seoul: the day order 20261123-1001 was placed.
    expect(formatShopDate('2026-11-22T23:30:00.000Z')).toBe('2026. 11. 23.');
    expect(formatShopDate(new Date('2026-11-22T14:59:59.000Z'))).toBe('2026. 11. 22.');
    expect(formatShopDate('2026-11-22T15:00:00.000Z')).toBe('2026. 11. 23.');
  });

  it('writes the time in Korean time and the Korean locale', () => {
    expect(formatShopDateTime('2026-11-22T23:30:05.000Z')).toBe('2026. 11. 23. 오전 8:30:05');
    expect(formatShopDateTime('2026-03-14T06:04:05.000Z')).toBe('2026. 3. 14. 오후 3:04:05');
    expect(formatShopDateTime('2026-03-14T15:00:00.000Z')).toBe('2026. 3. 15. 오전 12:00:00');
    expect(formatShopDateTime('2026-03-14T03:00:00.000Z')).toBe('2026. 3. 14. 오후 12:00:00');
  });

  it('does not depend on the time zone of the process', () => {
    const before = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(formatShopDate('2026-11-22T23:30:00.000Z')).toBe('2026. 11. 23.');
    } finally {
      process.env.TZ = before;
    }
  });

  it('shows an unreadable value as it came', () => {
    expect(formatShopDate('not a date')).toBe('not a date');
    expect(formatShopDateTime('')).toBe('');
  });

  it('writes the date and time as a Korean does on a Korean page, without seconds', () => {
    expect(formatShopDate('2026-11-22T23:30:00.000Z', 'ko')).toBe('2026년 11월 23일');
    expect(formatShopDate('2026-03-13T23:30:00.000Z', 'ko')).toBe('2026년 3월 14일');
    expect(formatShopDateTime('2026-11-23T06:05:09.000Z', 'ko')).toBe('2026년 11월 23일 오후 3:05');
    expect(formatShopDateTime('2026-11-22T23:30:05.000Z', 'ko')).toBe('2026년 11월 23일 오전 8:30');
    expect(formatShopDateTime('2026-03-14T15:00:00.000Z', 'ko')).toBe('2026년 3월 15일 오전 12:00');
    expect(formatShopDateTime('2026-03-14T03:00:00.000Z', 'ko')).toBe('2026년 3월 14일 오후 12:00');
    // English keeps the spec's format.
    expect(formatShopDate('2026-11-22T23:30:00.000Z', 'en')).toBe('2026. 11. 23.');
    expect(formatShopDateTime('2026-11-22T23:30:05.000Z', 'en')).toBe('2026. 11. 23. 오전 8:30:05');
    expect(formatShopDate('not a date', 'ko')).toBe('not a date');
  });

  it('counts the year in Korean time', () => {
    expect(shopYear(new Date('2026-12-31T15:30:00.000Z'))).toBe(2027);
  });
});
