import { formatPrice } from '@kshop/contract';

/** How order screens write dates, links and signed amounts. */

export const orderDetailPath = (orderUuid: string) =>
  `/mypage/shoppingdetail/${encodeURIComponent(orderUuid)}`;

/** Dates in the Korean locale (spec section 9), e.g. '2026. 3. 14.'. */
export const orderDate = (iso: string): string => new Date(iso).toLocaleDateString('ko-KR');

/** Date and time in the Korean locale, e.g. '2026. 3. 14. 오후 3:04:05'. */
export const orderDateTime = (iso: string): string => new Date(iso).toLocaleString('ko-KR');

/** '-₩5,000' rather than '₩-5,000' for a discount memo. */
export const signedPrice = (amount: number, currencyCode: string): string =>
  amount < 0 ? `-${formatPrice(-amount, currencyCode)}` : formatPrice(amount, currencyCode);

/** Postal code in brackets after the address, e.g. '12 Teheran-ro (06234)'; no brackets without one. */
export const addressWithPostalCode = (addressDetail: string, postalCode: string): string =>
  postalCode.trim() ? `${addressDetail} (${postalCode.trim()})` : addressDetail;
