export const LIMITS = {
  passwordMin: 8,
  passwordMax: 40,
  emailMin: 3,
  emailMax: 100,
  phoneMin: 7,
  phoneMax: 20,
  contactContentMax: 20_000,
} as const;

export const VERIFICATION_SECONDS = 180;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_OVERLAY_RESULTS = 4;
export const CART_DEBOUNCE_MS = 500;
export const CART_TYPED_DEBOUNCE_MS = 300;
export const DEFAULT_MINIMUM_ORDER_QUANTITY = 1;

export const PAGE_SIZE = {
  homePreOrder: 24,
  homeSection: 8,
  productList: 20,
  orderHistory: 4,
  youMayAlsoLike: 6,
  maxLimit: 100,
} as const;

export const PAGINATION_FULL_MAX = 8;

/** Catalogue orders. `releaseDate`: releases from today on (Korean day) soonest first, then past releases newest first, then products without a date. */
export const SORTS = ['latest', 'bestSelling', 'releaseDate'] as const;
export type Sort = (typeof SORTS)[number];
export const STOCK_STATUSES = ['all', 'inStock', 'outOfStock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  all: 'ALL',
  inStock: 'In stock',
  outOfStock: 'Out of stock',
};
/**
 * The product list's pre-order filter (issue 34): `open` keeps the products on pre-order whose order window is
 * open now (`windowState` 'OPEN', by the database's clock).
 */
export const PREORDER_FILTERS = ['open'] as const;
export type PreorderFilter = (typeof PREORDER_FILTERS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  latest: 'Latest',
  bestSelling: 'Best Selling',
  releaseDate: 'Release Date',
};

/** Tags a product can carry; 'sold out' is derived from stock, the others are set by staff. */
export const PRODUCT_TAGS = ['sale', 'pre', 'new', 'hot'] as const;
export type ProductTag = (typeof PRODUCT_TAGS)[number];
export const SOLD_OUT_TAG = 'sold out';
export const BADGE_ORDER: readonly ProductTag[] = PRODUCT_TAGS;
export const MAX_BADGES = 2;

export const CATEGORY_ID = {
  all: 0,
  kAlbum: 1,
  kMagazine: 2,
  events: 4,
  kMerch: 9,
  lightStick: 10,
  seasonsGreetings: 11,
  kCharacters: 12,
  photoBook: 13,
} as const;

/** The shop's languages: English (the spec's texts) and Korean. */
export const LANGUAGES = ['en', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

export const CURRENCIES = ['KRW', 'USD'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];
export const CURRENCY_SYMBOL: Record<CurrencyCode, string> = { KRW: '₩', USD: 'US$' };
export const CURRENCY_MINOR_DIGITS: Record<CurrencyCode, number> = { KRW: 0, USD: 2 };

export const ALLOWED_FILE_EXTENSIONS = [
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'svg',
  'pdf',
  'mp4',
  'mov',
  'avi',
  'wmv',
  'flv',
  'webm',
] as const;
export const SIGNUP_CERTIFICATE_ACCEPT = '.png,.jpg,.jpeg,.pdf';
export const ACCOUNT_CERTIFICATE_ACCEPT = '.pdf,image/*';
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export const SESSION_KEYS = {
  accessToken: 'accessToken',
  isLoggedIn: 'is_logged_in',
  isLoggedOut: 'is_logged_out',
} as const;

export const OFFICE_HOURS = '10:00-19:00 GMT+9';
export const PHONE_PLACEHOLDER_SIGNUP = '+82 10-1234-5678';
export const PHONE_PLACEHOLDER_ORDER = '+00 000000000';
export const CERTIFICATE_NAME_MAX = 30;

export const ORDER_STATUSES = [
  'PENDING',
  'CONFIRMED',
  'PAID',
  'PREPARING',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ACCOUNT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'SUSPENDED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The HTML a product description may use (spec: product detail). */
export const DESCRIPTION_ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'img'] as const;
export const DESCRIPTION_ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = { img: ['src', 'alt'] };
