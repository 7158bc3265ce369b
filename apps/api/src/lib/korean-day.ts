import { koreaTime } from '@kshop/contract';

/** '2026-11-22': the day in Korea at `at`, the shop's "today" (order numbers, release dates). */
export const koreanDate = (at = new Date()): string => koreaTime(at).slice(0, 10);
