import type { Language } from '@kshop/contract';

/**
 * Every date the storefront shows: Korean locale in Korean time (Asia/Seoul), whatever the browser's own
 * time zone, so an order dated beside its number (20261123-1001) shows the same day as the number. English pages
 * write the spec's '2026. 11. 23.' and '2026. 11. 23. 오전 8:30:00'; Korean pages write the date as a Korean does,
 * '2026년 11월 23일' and '2026년 11월 23일 오후 3:05' (no seconds). The page's language is passed in
 * (`i18n.locale` in a component), so the functions stay pure.
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

const datePart = ({ year, month, day }: ShopParts, language: Language) =>
  language === 'ko' ? `${year}년 ${month}월 ${day}일` : `${year}. ${month}. ${day}.`;

const toDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));

/**
 * The Korean calendar date: '2026. 11. 23.' on an English page, '2026년 11월 23일' on a Korean one; an unreadable
 * value is shown as it came.
 */
export function formatShopDate(value: string | Date, language: Language = 'en'): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : datePart(shopParts(date), language);
}

/**
 * Korean date and time: '2026. 11. 23. 오전 8:30:00' on an English page, '2026년 11월 23일 오전 8:30' on a Korean one;
 * an unreadable value is shown as it came.
 */
export function formatShopDateTime(value: string | Date, language: Language = 'en'): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const parts = shopParts(date);
  const period = parts.hour < 12 ? '오전' : '오후';
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  const time = `${period} ${hour12}:${parts.minute}`;
  return language === 'ko'
    ? `${datePart(parts, language)} ${time}`
    : `${datePart(parts, language)} ${time}:${parts.second}`;
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
