import {
  BADGE_ORDER,
  CATEGORY_ID,
  CURRENCY_MINOR_DIGITS,
  CURRENCY_SYMBOL,
  type CurrencyCode,
  DEFAULT_MINIMUM_ORDER_QUANTITY,
  MAX_BADGES,
  type ProductTag,
  SOLD_OUT_TAG,
} from '../constants.js';
import { messages } from '../messages.js';

/** At most two badges, in the order sale, pre, new, hot; 'sold out' is an overlay, not a badge. */
export function visibleBadges(tags: readonly string[]): ProductTag[] {
  return BADGE_ORDER.filter((tag) => tags.includes(tag)).slice(0, MAX_BADGES);
}

/**
 * The tag a product list filters by: 'pre' is meant only with category 0 (or no category), so a category's
 * own list (/productlist/9?tag=pre) shows the whole category.
 */
export function listingTag(
  categoryId: number | undefined,
  tag: ProductTag | undefined,
): ProductTag | undefined {
  if (tag === 'pre' && categoryId !== undefined && categoryId !== CATEGORY_ID.all) return undefined;
  return tag;
}

export const isSoldOutTagged = (tags: readonly string[]): boolean => tags.includes(SOLD_OUT_TAG);

export const releaseDateLabel = (releaseDate: string | null | undefined): string =>
  (releaseDate ?? '').slice(0, 10);

export const currencySymbol = (currencyCode: string | null | undefined): string =>
  currencyCode === 'USD' ? CURRENCY_SYMBOL.USD : CURRENCY_SYMBOL.KRW;

// Made on the first price shown, not when the module loads: building an Intl formatter costs a browser
// 100 ms or more on a slow phone while the storefront starts, and a guest never sees a price.
let dollars: Intl.NumberFormat | undefined;
let won: Intl.NumberFormat | undefined;

/** 'US$12.50' for dollars, '₩15,000' for won (the default). */
export function formatPrice(amount: number, currencyCode: string | null | undefined): string {
  if (currencyCode === 'USD') {
    dollars ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return `${CURRENCY_SYMBOL.USD}${dollars.format(amount)}`;
  }
  won ??= new Intl.NumberFormat('ko-KR');
  return `${CURRENCY_SYMBOL.KRW}${won.format(Math.round(amount))}`;
}

/** What a price slot shows: the price for members, 'Members Only' when the server sent none. */
export function priceLabel(
  amount: number | null | undefined,
  currencyCode: string | null | undefined,
): string {
  return amount === null || amount === undefined ? messages.membersOnly : formatPrice(amount, currencyCode);
}

/** Major units (what the API returns) from the stored integer minor units. */
export function fromMinorUnits(minor: number, currencyCode: CurrencyCode): number {
  const digits = CURRENCY_MINOR_DIGITS[currencyCode];
  return digits === 0 ? minor : Number((minor / 10 ** digits).toFixed(digits));
}

export function toMinorUnits(major: number, currencyCode: CurrencyCode): number {
  return Math.round(major * 10 ** CURRENCY_MINOR_DIGITS[currencyCode]);
}

export const availableStock = (stock: number, holdStock: number): number => Math.max(0, stock - holdStock);

export type ClampResult = { quantity: number; message: string | null };

/**
 * Quantity a buyer may ask for: non-numeric input becomes the minimum; the minimum is the option's
 * minimum order quantity (default 1) and the maximum its available stock.
 */
export function clampQuantity(
  input: string | number,
  minimumOrderQuantity: number | null | undefined,
  maximum: number,
): ClampResult {
  const min =
    minimumOrderQuantity && minimumOrderQuantity > 0 ? minimumOrderQuantity : DEFAULT_MINIMUM_ORDER_QUANTITY;
  const parsed = typeof input === 'number' ? input : Number.parseInt(String(input).trim(), 10);
  if (!Number.isFinite(parsed)) return { quantity: min, message: null };
  const whole = Math.trunc(parsed);
  if (whole < min) return { quantity: min, message: messages.cart.minimum(min) };
  if (whole > maximum) return { quantity: Math.max(min, maximum), message: messages.cart.maximum(maximum) };
  return { quantity: whole, message: null };
}

export type ParsedMemo = { label: string; amount: number | null };

/** Staff memos read 'label/amount', e.g. 'Shipping fee/15000' or 'Discount/-5000'. */
export function parseMemo(content: string): ParsedMemo {
  const slash = content.lastIndexOf('/');
  if (slash < 0) return { label: content.trim(), amount: null };
  const label = content.slice(0, slash).trim();
  const raw = content
    .slice(slash + 1)
    .trim()
    .replaceAll(',', '');
  const amount = /^[+-]?\d+(\.\d+)?$/.test(raw) ? Number(raw) : null;
  return { label, amount };
}
