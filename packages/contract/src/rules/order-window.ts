/**
 * A product's order window (issue 34): `salesStartAt` and `salesEndAt` decide whether it can be carted and
 * ordered. The API refuses outside it; the storefront shows where it stands, with the deadline in Korea time
 * and a countdown in its last 48 hours. One rule for both.
 */

export type OrderWindow = { salesStartAt: string | Date | null; salesEndAt: string | Date | null };

/** Before its start, open, or after its end (a window ends at `salesEndAt`, which is no longer inside it). */
export const WINDOW_STATES = ['NOT_YET', 'OPEN', 'CLOSED'] as const;
export type WindowState = (typeof WINDOW_STATES)[number];

/** The storefront counts down to a deadline this close. */
export const COUNTDOWN_MS = 48 * 60 * 60 * 1000;

const time = (at: string | Date | null) => (at === null ? null : new Date(at).getTime());

export function windowState(window: OrderWindow, now: Date | number = Date.now()): WindowState {
  const at = typeof now === 'number' ? now : now.getTime();
  const start = time(window.salesStartAt);
  const end = time(window.salesEndAt);
  if (start !== null && at < start) return 'NOT_YET';
  if (end !== null && at >= end) return 'CLOSED';
  return 'OPEN';
}

/** Milliseconds left before the deadline while the countdown shows, else null. */
export function countdownLeft(window: OrderWindow, now: Date | number = Date.now()): number | null {
  const at = typeof now === 'number' ? now : now.getTime();
  const end = time(window.salesEndAt);
  if (end === null || windowState(window, at) !== 'OPEN') return null;
  const left = end - at;
  return left <= COUNTDOWN_MS ? left : null;
}

const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;

/** '2026-11-30 18:00': a moment as the clocks in Korea read it (UTC+9, no daylight saving). */
export function koreaTime(at: string | Date): string {
  return new Date(new Date(at).getTime() + KOREA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
