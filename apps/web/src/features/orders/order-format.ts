import { formatPrice, type Language } from '@kshop/contract';
import { formatShopDate, formatShopDateTime } from '../../lib/dates';

/** How order screens write dates, links and signed amounts. */

export const orderDetailPath = (orderUuid: string) =>
  `/mypage/shoppingdetail/${encodeURIComponent(orderUuid)}`;

/** Dates in the Korean locale and Korean time (spec section 9), e.g. '2026. 3. 14.' ('2026년 3월 14일' in Korean). */
export const orderDate = (iso: string, language: Language = 'en'): string => formatShopDate(iso, language);

/**
 * Date and time in the Korean locale and Korean time, e.g. '2026. 3. 14. 오후 3:04:05' ('2026년 3월 14일 오후 3:04' in
 * Korean).
 */
export const orderDateTime = (iso: string, language: Language = 'en'): string =>
  formatShopDateTime(iso, language);

/** '-₩5,000' rather than '₩-5,000' for a discount memo. */
export const signedPrice = (amount: number, currencyCode: string): string =>
  amount < 0 ? `-${formatPrice(-amount, currencyCode)}` : formatPrice(amount, currencyCode);

/** Postal code in brackets after the address, e.g. '12 Teheran-ro (06234)'; no brackets without one. */
export const addressWithPostalCode = (addressDetail: string, postalCode: string): string =>
  postalCode.trim() ? `${addressDetail} (${postalCode.trim()})` : addressDetail;
