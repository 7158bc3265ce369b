import { describe, expect, it } from 'vitest';
import { koreanDate } from './korean-day.js';

describe('koreanDate', () => {
  it('turns at midnight in Korea, 15:00 UTC the day before', () => {
    expect(koreanDate(new Date('2026-11-21T14:59:59.999Z'))).toBe('2026-11-21');
    expect(koreanDate(new Date('2026-11-21T15:00:00.000Z'))).toBe('2026-11-22');
    expect(koreanDate(new Date('2026-12-31T15:00:00.000Z'))).toBe('2027-01-01');
  });
});
