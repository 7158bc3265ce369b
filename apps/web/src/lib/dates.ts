/**
 * Every date the storefront shows: Korean locale in Korean time (Asia/Seoul), whatever the browser's own
 * time zone, so an order dated beside its number (20261123-1001) shows the same day as the number.
 */

export const SHOP_TIME_ZONE = 'Asia/Seoul';

// The parts come from Intl in Korean time; the Korean pattern ('2026. 11. 23. 오전 8:30:05') is written out here
// so that it does not hang on how much locale data the browser or Node carries (some builds write 'AM'). Made on
// first use: a page's first Intl formatter costs the browser tens of milliseconds (its locale data), which the
// pages that show no date (home, the lists) should not pay while they start.
let partsFormat: Intl.DateTimeFormat | undefined;
const shopPartsFormat = () =>
  (partsFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

type ShopParts = { year: number; month: number; day: number; hour: number; minute: string; second: string };

function shopParts(date: Date): ShopParts {
  const parts = Object.fromEntries(
    shopPartsFormat()
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: parts.minute ?? '00',
    second: parts.second ?? '00',
  };
}

const datePart = ({ year, month, day }: ShopParts) => `${year}. ${month}. ${day}.`;

const toDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));

/** The Korean calendar date, e.g. '2026. 11. 23.'; an unreadable value is shown as it came. */
export function formatShopDate(value: string | Date): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : datePart(shopParts(date));
}

/** Korean date and time, e.g. '2026. 11. 23. 오전 8:30:00'; an unreadable value is shown as it came. */
export function formatShopDateTime(value: string | Date): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const parts = shopParts(date);
  const period = parts.hour < 12 ? '오전' : '오후';
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  return `${datePart(parts)} ${period} ${hour12}:${parts.minute}:${parts.second}`;
}

/** Korea keeps UTC+9 all year (no daylight saving time since 1988). */
const SHOP_UTC_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * The current year in Korean time (the footer's copyright line, drawn on every page): counted from the fixed offset
 * rather than with Intl, so that drawing the footer does not make the page's first Intl formatter.
 */
export function shopYear(now: Date = new Date()): number {
  return new Date(now.getTime() + SHOP_UTC_OFFSET_MS).getUTCFullYear();
}
