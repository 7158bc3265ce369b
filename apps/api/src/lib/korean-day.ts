/** Korea's offset from UTC: the shop works on Korean days (no daylight saving time there). */
const KOREA_OFFSET_MS = 9 * 3_600_000;

/** '2026-11-22': the day in Korea at `at`, the shop's "today" (order numbers, release dates). */
export const koreanDate = (at = new Date()): string =>
  new Date(at.getTime() + KOREA_OFFSET_MS).toISOString().slice(0, 10);
