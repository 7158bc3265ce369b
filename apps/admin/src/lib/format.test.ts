import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../i18n/i18n';
import { formatDate, formatDateTime } from './format';

// The tests run in Asia/Seoul or UTC alike: the instants are read back in the same time zone they are written in.
const at = (year: number, month: number, day: number, hour: number, minute: number) =>
  new Date(year, month - 1, day, hour, minute).toISOString();

describe('dates in the back office', () => {
  afterEach(() => activateLanguage('en'));

  it("writes tables' dates as 2026-11-22 14:05 in English", () => {
    expect(formatDateTime(at(2026, 11, 22, 14, 5))).toBe('2026-11-22 14:05');
    expect(formatDateTime(at(2026, 11, 22, 0, 30))).toBe('2026-11-22 00:30');
    expect(formatDate(at(2026, 1, 2, 9, 0))).toBe('2026-01-02');
  });

  it('writes them as a Korean does in Korean, noon and midnight included', async () => {
    await activateLanguage('ko');
    expect(formatDateTime(at(2026, 11, 27, 15, 5))).toBe('2026년 11월 27일 오후 3:05');
    expect(formatDateTime(at(2026, 11, 27, 0, 30))).toBe('2026년 11월 27일 오전 12:30');
    expect(formatDateTime(at(2026, 11, 27, 12, 0))).toBe('2026년 11월 27일 오후 12:00');
    expect(formatDate(at(2026, 1, 2, 9, 0))).toBe('2026년 1월 2일');
  });

  it('gives back what it cannot read, and nothing for nothing', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
  });
});
