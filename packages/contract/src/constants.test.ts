import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_CERTIFICATE_ACCEPT,
  ALLOWED_FILE_EXTENSIONS,
  BADGE_ORDER,
  CART_DEBOUNCE_MS,
  CART_TYPED_DEBOUNCE_MS,
  CATEGORY_ID,
  CERTIFICATE_NAME_MAX,
  CURRENCY_MINOR_DIGITS,
  CURRENCY_SYMBOL,
  DEFAULT_MINIMUM_ORDER_QUANTITY,
  LIMITS,
  MAX_BADGES,
  OFFICE_HOURS,
  PAGE_SIZE,
  PAGINATION_FULL_MAX,
  PHONE_PLACEHOLDER_ORDER,
  PHONE_PLACEHOLDER_SIGNUP,
  PRODUCT_TAGS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_OVERLAY_RESULTS,
  SESSION_KEYS,
  SIGNUP_CERTIFICATE_ACCEPT,
  SOLD_OUT_TAG,
  SORT_LABELS,
  SORTS,
  STOCK_STATUS_LABELS,
  STOCK_STATUSES,
  VERIFICATION_SECONDS,
} from './constants.js';

// Spec section 9 (business constants and limits), with the few constants of sections 2, 3 and 4.
describe('business constants', () => {
  it('limits the fields as the spec does', () => {
    expect(LIMITS).toEqual({
      passwordMin: 8,
      passwordMax: 40,
      emailMin: 3,
      emailMax: 100,
      phoneMin: 7,
      phoneMax: 20,
      contactContentMax: 20000,
    });
  });

  it('times the verification, search and cart', () => {
    expect(VERIFICATION_SECONDS).toBe(180);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    expect(SEARCH_OVERLAY_RESULTS).toBe(4);
    expect(CART_DEBOUNCE_MS).toBe(500);
    expect(CART_TYPED_DEBOUNCE_MS).toBe(300);
  });

  it('sizes the pages', () => {
    expect(PAGE_SIZE.homePreOrder).toBe(24);
    expect(PAGE_SIZE.homeSection).toBe(8);
    expect(PAGE_SIZE.productList).toBe(20);
    expect(PAGE_SIZE.orderHistory).toBe(4);
    expect(PAGE_SIZE.youMayAlsoLike).toBe(6);
    expect(PAGINATION_FULL_MAX).toBe(8);
  });

  it('defaults the minimum order quantity to 1', () => {
    expect(DEFAULT_MINIMUM_ORDER_QUANTITY).toBe(1);
  });

  it('orders at most two badges as sale, pre, new, hot; sold out is separate', () => {
    expect(BADGE_ORDER).toEqual(['sale', 'pre', 'new', 'hot']);
    expect(PRODUCT_TAGS).toEqual(['sale', 'pre', 'new', 'hot']);
    expect(MAX_BADGES).toBe(2);
    expect(SOLD_OUT_TAG).toBe('sold out');
  });

  it('sorts and filters by the spec values and labels', () => {
    expect(SORTS).toEqual(['latest', 'bestSelling', 'releaseDate']);
    expect(STOCK_STATUSES).toEqual(['all', 'inStock', 'outOfStock']);
    expect(SORT_LABELS).toEqual({
      latest: 'Latest',
      bestSelling: 'Best Selling',
      releaseDate: 'Release Date',
    });
    expect(STOCK_STATUS_LABELS).toEqual({ all: 'ALL', inStock: 'In stock', outOfStock: 'Out of stock' });
  });

  it('fixes the category ids of the spec', () => {
    expect(CATEGORY_ID.all).toBe(0);
    expect(CATEGORY_ID.kMagazine).toBe(2);
    expect(CATEGORY_ID.events).toBe(4);
    expect(CATEGORY_ID.kMerch).toBe(9);
    expect(CATEGORY_ID.lightStick).toBe(10);
    expect(CATEGORY_ID.photoBook).toBe(13);
  });

  it('shows dollars as US$ and won with the won sign; cents for dollars only', () => {
    expect(CURRENCY_SYMBOL).toEqual({ KRW: '₩', USD: 'US$' });
    expect(CURRENCY_MINOR_DIGITS).toEqual({ KRW: 0, USD: 2 });
  });

  it('allows the spec file types and the two certificate pickers', () => {
    expect([...ALLOWED_FILE_EXTENSIONS].sort()).toEqual(
      ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'pdf', 'mp4', 'mov', 'avi', 'wmv', 'flv', 'webm'].sort(),
    );
    expect(SIGNUP_CERTIFICATE_ACCEPT.split(',')).toEqual(['.png', '.jpg', '.jpeg', '.pdf']);
    expect(ACCOUNT_CERTIFICATE_ACCEPT).toContain('.pdf');
    expect(ACCOUNT_CERTIFICATE_ACCEPT).toContain('image/*');
    expect(CERTIFICATE_NAME_MAX).toBe(30);
  });

  it('keeps the session keys, placeholders and office hours of the spec', () => {
    expect(SESSION_KEYS).toEqual({
      accessToken: 'accessToken',
      isLoggedIn: 'is_logged_in',
      isLoggedOut: 'is_logged_out',
    });
    expect(PHONE_PLACEHOLDER_SIGNUP).toBe('+82 10-1234-5678');
    expect(PHONE_PLACEHOLDER_ORDER).toBe('+00 000000000');
    expect(OFFICE_HOURS).toBe('10:00-19:00 GMT+9');
  });
});
