import { BACKORDER_CHOICES, LANGUAGES } from '@kshop/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Column names follow the snake_case casing configured on the drizzle instance and in drizzle.config.ts.

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const accountStatus = pgEnum('account_status', ['PENDING', 'APPROVED', 'REJECTED', 'SUSPENDED']);
export const orderStatus = pgEnum('order_status', [
  'PENDING',
  'CONFIRMED',
  'PAID',
  'PREPARING',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
]);
export const currencyCode = pgEnum('currency_code', ['KRW', 'USD']);
export const fileKind = pgEnum('file_kind', ['BUSINESS_CERT', 'PRODUCT_IMAGE']);
export const staffRole = pgEnum('staff_role', ['OWNER', 'STAFF']);
export const inquiryStatus = pgEnum('inquiry_status', ['NEW', 'ANSWERED']);

/** Stored uploads: business certificates (private) and product images (public). */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: fileKind().notNull(),
    storageKey: text().notNull().unique(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer(),
    ownerBuyerId: uuid(),
    uploadedAt: timestamp({ withTimezone: true }),
    referencedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_unreferenced').on(t.createdAt).where(sql`${t.referencedAt} is null`)],
);

/**
 * A buyer's price group (issue 12, decision 0021): a percentage off the list price, in basis points (10000 is
 * 100 %), and optional explicit prices per option (price_group_prices). 'Standard' (id 1, 0 %) is seeded by
 * migration 0015 and is every buyer's group until staff choose another.
 */
export const priceGroups = pgTable(
  'price_groups',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    discountBp: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('price_groups_name_unique').on(sql`lower(${t.name})`),
    check('price_group_discount_range', sql`${t.discountBp} >= 0 and ${t.discountBp} <= 10000`),
  ],
);

/** The group every buyer starts in. */
export const STANDARD_PRICE_GROUP_ID = 1;

export const buyers = pgTable(
  'buyers',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    status: accountStatus().notNull().default('PENDING'),
    statusReason: text(),
    isKoreanCompany: boolean().notNull(),
    companyName: text().notNull(),
    representativeName: text().notNull(),
    businessRegistrationNumber: text().notNull(),
    phoneNumber: text().notNull(),
    companyAddress: text().notNull(),
    postalCode: text().notNull().default(''),
    businessCertificateFileId: uuid().references(() => storedFiles.id),
    /**
     * A temporary password mailed on request; the account's own password and its sessions stay valid until
     * this one is first used to log in, so asking for one cannot lock a member out.
     */
    temporaryPasswordHash: text(),
    temporaryPasswordExpiresAt: timestamp({ withTimezone: true }),
    marketingAgree: boolean().notNull().default(false),
    /** The member's language: mails and the shop's answers to them follow it (migration 0039). */
    language: text({ enum: LANGUAGES }).notNull().default('en'),
    /** What becomes of pre-order units an allocation leaves short: kept on backorder or cut (migration 0041). */
    backorderChoice: text({ enum: BACKORDER_CHOICES }).notNull().default('KEEP'),
    priceGroupId: integer()
      .notNull()
      .default(1)
      .references(() => priceGroups.id),
    personalInfoAgreedAt: timestamp({ withTimezone: true }).notNull(),
    termsAgreedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  // A deleted account frees its email for a new sign-up.
  (t) => [
    uniqueIndex('buyers_email_active').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    index().on(t.status),
    index().on(t.priceGroupId),
  ],
);

/** Opaque bearer tokens: only their SHA-256 hash is stored. */
export const buyerSessions = pgTable(
  'buyer_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.buyerId)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    postalCode: text().notNull().default(''),
    addressDetail: text().notNull(),
    /** ISO 3166-1 alpha-2; null only for a Global company's address saved before countries were kept. */
    country: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.buyerId),
    uniqueIndex('addresses_one_default').on(t.buyerId).where(sql`${t.isDefault}`),
  ],
);

export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    failedAttempts: integer().notNull().default(0),
    verifiedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_email').on(sql`lower(${t.email})`, t.createdAt)],
);

export const categories = pgTable('categories', {
  id: integer().primaryKey(),
  parentId: integer(),
  name: text().notNull(),
  sortOrder: integer().notNull().default(0),
});

export const artistCategories = pgTable('artist_categories', {
  id: serial().primaryKey(),
  name: text().notNull(),
  sortOrder: integer().notNull().default(0),
});

export const artists = pgTable(
  'artists',
  {
    id: serial().primaryKey(),
    artistCategoryId: integer()
      .notNull()
      .references(() => artistCategories.id),
    nameEn: text().notNull(),
    nameKo: text().notNull(),
  },
  (t) => [
    index().on(t.artistCategoryId),
    // Names are unique trimmed and case-insensitively, in each language (migration 0016).
    uniqueIndex('artists_name_en_unique').on(sql`lower(btrim(${t.nameEn}))`),
    uniqueIndex('artists_name_ko_unique').on(sql`lower(btrim(${t.nameKo}))`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    title: text().notNull(),
    vendor: text().notNull(),
    description: text().notNull().default(''),
    releaseDate: date({ mode: 'string' }),
    /** Staff-set tags: sale, pre, new, hot. 'sold out' is derived from the options. */
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    imageUrls: text().array().notNull().default(sql`'{}'::text[]`),
    statusId: integer().notNull().default(1),
    nationCode2: text().notNull().default('KR'),
    /** The order window (issue 34): outside it the product is shown but cannot be carted or ordered. */
    salesStartAt: timestamp({ withTimezone: true }),
    salesEndAt: timestamp({ withTimezone: true }),
    /** On pre-order: orders are taken against each option's cap instead of its stock (migration 0040). */
    preorder: boolean().notNull().default(false),
    /** The day staff plan to ship a pre-order, shown to buyers. */
    shipsOn: date({ mode: 'string' }),
    eventType: text(),
    eventApplyStartAt: timestamp({ withTimezone: true }),
    eventApplyEndAt: timestamp({ withTimezone: true }),
    /** Sales totals, never below zero: orders append to pending_sales, folded in every second (decision 0034). */
    totalSalesQuantity: integer().notNull().default(0),
    totalSalesAmountKrw: bigint({ mode: 'number' }).notNull().default(0),
    totalSalesAmountUsd: bigint({ mode: 'number' }).notNull().default(0),
    /** Lower-cased title, vendor and artist names (EN and KO), kept by the catalogue writers; trigram-indexed. */
    searchText: text().notNull().default(''),
    /** True while some option can still be ordered; kept in step with option stock by the writers. */
    inStock: boolean().notNull().default(true),
    /** The product's artists (product_artists) in id order, kept with searchText for the list filters. */
    artistIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** False for a draft: listed nowhere in the storefront, as if deleted, until published (migration 0016). */
    isPublished: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.categoryId, t.createdAt),
    index().on(t.createdAt),
    index().on(t.totalSalesQuantity),
    index().using('gin', t.tags),
    index('products_search_text_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    // The storefront's list indexes (products_list_latest, products_list_best_selling, and the same for
    // the 'new' and 'pre' tags alone) cover their filter columns with INCLUDE, which Drizzle cannot declare:
    // see drizzle/0007_list_artists.sql and drizzle/0008_list_tag_indexes.sql. The listed pre-orders' windows
    // (products_listed_preorders, for the list's `preorder=open`) are indexed in drizzle/0042_preorder_list_filter.sql.
  ],
);

/**
 * Sales not yet added to their product's totals: placing, cancelling and editing an order append the signed
 * change here (one row per product), and `foldSales` adds them to `products` in one short transaction every
 * second or so (decision 0034). An order then writes no product row, and so fires none of the list triggers.
 * No key: rows are only appended, and a fold takes every row of the products it locked.
 */
export const pendingSales = pgTable('pending_sales', {
  productId: uuid()
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  quantity: integer().notNull(),
  amountKrw: bigint({ mode: 'number' }).notNull().default(0),
  amountUsd: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * How many listed products (not deleted) each group of list filters (category, stock state, tags, artists)
 * holds, kept as signed changes that add up to the count: triggers on products append them in the writing
 * transaction (migrations 0006, 0007), lists sum them for an exact total without counting products, and
 * now and then the rows are summed into fewer.
 */
export const productListCounts = pgTable('product_list_counts', {
  categoryId: integer().notNull(),
  inStock: boolean().notNull(),
  tags: text().array().notNull(),
  artistIds: integer().array().notNull().default(sql`'{}'::integer[]`),
  n: integer().notNull(),
  /** Written by a compaction, which sums a group's rows into one; false for the rows writers append. */
  compacted: boolean().notNull().default(false),
});

/**
 * Per week of creation (floor of epoch seconds / 604,800), category and stock state, the signed numbers of
 * listed products, kept by a trigger on products like the list counts (migration 0021): a deep newest-first
 * page starts its walk at the week it lies in (decision 0025). Its covering index is declared in the migration.
 */
export const productListSpans = pgTable('product_list_spans', {
  week: integer().notNull(),
  categoryId: integer().notNull(),
  inStock: boolean().notNull(),
  n: integer().notNull(),
  compacted: boolean().notNull().default(false),
});

/**
 * The same per sales band (floor(sqrt(4 × sales))) for the best-selling order (migration 0022, decision
 * 0025). Its covering index is declared in the migration.
 */
export const productListBands = pgTable('product_list_bands', {
  band: integer().notNull(),
  categoryId: integer().notNull(),
  inStock: boolean().notNull(),
  n: integer().notNull(),
  compacted: boolean().notNull().default(false),
});

/**
 * The listed products of each artist and tag, one row per product and facet (`artist:{id}`, `tag:{tag}`),
 * with the keys of both list orders and the columns a list filters on, kept by a trigger on products
 * (migration 0027, decision 0036): an artist's or a tag's page is walked among its own products only. Its
 * two ordered covering indexes are declared in the migration.
 */
export const productListFacets = pgTable('product_list_facets', {
  facet: text().notNull(),
  productId: uuid().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  totalSalesQuantity: integer().notNull(),
  categoryId: integer().notNull(),
  inStock: boolean().notNull(),
});

/**
 * Search keywords whose matches are kept counted (migration 0019, decision 0025): the keyword's lower-cased
 * words, sorted and without repeats, and their LIKE patterns; read once `ready`. `lastSearchedAt` (migration
 * 0031, decision 0040) tells which one gives its place to a new keyword when as many are kept as may be.
 */
export const searchKeywords = pgTable('search_keywords', {
  words: text().array().primaryKey(),
  patterns: text().array().notNull(),
  ready: boolean().notNull().default(false),
  createdAt: createdAt(),
  lastSearchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Signed numbers of listed products matching a kept keyword, per stock state, appended by a trigger on
 * products; a ready keyword's rows sum to its count. Its covering index is declared in the migration.
 */
export const searchKeywordCounts = pgTable('search_keyword_counts', {
  words: text().array().notNull(),
  inStock: boolean().notNull(),
  n: integer().notNull(),
  compacted: boolean().notNull().default(false),
});

/**
 * A kept keyword's matches per day of creation (floor of epoch seconds / 86,400) and stock state, signed
 * numbers appended by the keyword trigger (migration 0028, decision 0036): a deep newest-first page of its
 * search starts its walk at the day it lies in. Its covering index is declared in the migration.
 */
export const searchKeywordSpans = pgTable('search_keyword_spans', {
  words: text().array().notNull(),
  day: integer().notNull(),
  inStock: boolean().notNull(),
  n: integer().notNull(),
  compacted: boolean().notNull().default(false),
});

/** The same per sales band, as `product_list_bands` has them, for the best-selling order (migration 0028). */
export const searchKeywordBands = pgTable('search_keyword_bands', {
  words: text().array().notNull(),
  band: integer().notNull(),
  inStock: boolean().notNull(),
  n: integer().notNull(),
  compacted: boolean().notNull().default(false),
});

export const productArtists = pgTable(
  'product_artists',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    artistId: integer()
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.artistId] }), index().on(t.artistId)],
);

/** Money is integer minor units: won have none, dollars have cents. */
export const productOptions = pgTable(
  'product_options',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    optionNameKey1: text().notNull(),
    optionNameValue1: text().notNull(),
    optionNameKey2: text(),
    optionNameValue2: text(),
    isDefault: boolean().notNull().default(false),
    isSoldOut: boolean().notNull().default(false),
    minimumOrderQuantity: integer().notNull().default(1),
    /** Ordered only in multiples of this (a carton of 10: 10, 20, 30, ...); 1 is any quantity. */
    orderMultiple: integer().notNull().default(1),
    /** At most this many in one order, or no limit. */
    maxPerOrder: integer(),
    /** A pre-order's cap on the units accepted in all (null: unlimited) and per buyer (null: none). */
    preorderCap: integer(),
    preorderBuyerCap: integer(),
    /** The units open pre-orders took (lines marked `preorder` of orders not cancelled), checked against the cap. */
    preorderTaken: integer().notNull().default(0),
    stock: integer().notNull().default(0),
    holdStock: integer().notNull().default(0),
    priceKrw: bigint({ mode: 'number' }).notNull(),
    priceUsd: bigint({ mode: 'number' }).notNull(),
    comparedPriceKrw: bigint({ mode: 'number' }),
    comparedPriceUsd: bigint({ mode: 'number' }),
    sortOrder: integer().notNull().default(0),
    /** Available stock (stock - hold) at or below this is "low" in the back office (migration 0016). */
    lowStockThreshold: integer().notNull().default(10),
    /** Unique, upper case; new options left without one get the next KS number (migration 0014). */
    sku: text().notNull().default(sql`'KS' || lpad(nextval('product_option_sku_seq')::text, 6, '0')`),
    barcode: text(),
    weightGrams: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.productId),
    uniqueIndex('product_options_sku_unique').on(t.sku),
    index('product_options_barcode').on(t.barcode).where(sql`${t.barcode} is not null`),
    check('sku_not_blank', sql`length(trim(${t.sku})) > 0`),
    check('weight_not_negative', sql`${t.weightGrams} >= 0`),
    uniqueIndex('product_options_one_default').on(t.productId).where(sql`${t.isDefault}`),
    check('stock_not_negative', sql`${t.stock} >= 0`),
    check('hold_within_stock', sql`${t.holdStock} >= 0 and ${t.holdStock} <= ${t.stock}`),
    check('minimum_positive', sql`${t.minimumOrderQuantity} >= 1`),
    check('product_options_preorder_cap_check', sql`${t.preorderCap} >= 0`),
    check('product_options_preorder_buyer_cap_check', sql`${t.preorderBuyerCap} >= 1`),
    check('product_options_preorder_taken_check', sql`${t.preorderTaken} >= 0`),
    check(
      'low_stock_threshold_range',
      sql`${t.lowStockThreshold} >= 0 and ${t.lowStockThreshold} <= 1000000`,
    ),
    check('order_multiple_positive', sql`${t.orderMultiple} >= 1`),
    check('max_per_order_positive', sql`${t.maxPerOrder} is null or ${t.maxPerOrder} >= 1`),
  ],
);

/** A price group's own price for an option, in either currency (null: the group's percentage applies). */
export const priceGroupPrices = pgTable(
  'price_group_prices',
  {
    priceGroupId: integer()
      .notNull()
      .references(() => priceGroups.id, { onDelete: 'cascade' }),
    productOptionId: uuid()
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    priceKrw: bigint({ mode: 'number' }),
    priceUsd: bigint({ mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.priceGroupId, t.productOptionId] }),
    index('price_group_prices_product_option_id_index').on(t.productOptionId),
    check(
      'price_group_price_not_negative',
      sql`coalesce(${t.priceKrw}, 0) >= 0 and coalesce(${t.priceUsd}, 0) >= 0`,
    ),
    check('price_group_price_some', sql`${t.priceKrw} is not null or ${t.priceUsd} is not null`),
  ],
);

/** An option's volume tier: from `minQuantity` pieces on a line, `discountBp` off the member's unit price. */
export const optionVolumeTiers = pgTable(
  'option_volume_tiers',
  {
    productOptionId: uuid()
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    minQuantity: integer().notNull(),
    discountBp: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productOptionId, t.minQuantity] }),
    check('volume_tier_min_quantity', sql`${t.minQuantity} >= 2`),
    check('volume_tier_discount_range', sql`${t.discountBp} > 0 and ${t.discountBp} <= 10000`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    productOptionId: uuid()
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.buyerId, t.productOptionId),
    check('cart_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** A member's named list of options and quantities (issue 35): a restock list put into the cart at once. */
export const savedLists = pgTable(
  'saved_lists',
  {
    id: uuid().primaryKey().defaultRandom(),
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One name once per member, whatever its case: 'Weekly restock' and 'weekly restock' are the same list.
    uniqueIndex('saved_lists_buyer_name').on(t.buyerId, sql`lower(${t.name})`),
    check('saved_list_name_not_blank', sql`length(trim(${t.name})) > 0`),
  ],
);

/** A line of a saved list: one option once, in the order lines were first saved (`seq`). */
export const savedListLines = pgTable(
  'saved_list_lines',
  {
    listId: uuid()
      .notNull()
      .references(() => savedLists.id, { onDelete: 'cascade' }),
    productOptionId: uuid()
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.productOptionId] }),
    index('saved_list_lines_order').on(t.listId, t.seq),
    check('saved_list_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const staff = pgTable(
  'staff',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    name: text().notNull().default(''),
    passwordHash: text().notNull(),
    role: staffRole().notNull().default('STAFF'),
    mustChangePassword: boolean().notNull().default(true),
    /** The back office's language for this member of staff: Korean for a new account (migration 0039). */
    language: text({ enum: LANGUAGES }).notNull().default('ko'),
    createdAt: createdAt(),
    disabledAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_email').on(sql`lower(${t.email})`)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    staffId: uuid()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.staffId)],
);

/** Numbers orders across days; the number a buyer reads out is the date plus this value. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Readable on the phone: date plus a sequence, e.g. 20261122-0042. */
    orderNumber: text().notNull().unique(),
    buyerId: uuid().references(() => buyers.id, { onDelete: 'set null' }),
    status: orderStatus().notNull().default('PENDING'),
    currencyCode: currencyCode().notNull(),
    productAmount: bigint({ mode: 'number' }).notNull(),
    finalAmount: bigint({ mode: 'number' }).notNull(),
    receiverCompanyName: text().notNull(),
    receiverEmail: text().notNull(),
    receiverName: text().notNull(),
    receiverPhoneNumber: text().notNull(),
    receiverPostalCode: text().notNull().default(''),
    receiverAddressDetail: text().notNull(),
    /** ISO 3166-1 alpha-2 of where the parcel goes; null when the order did not say (older Global orders). */
    receiverCountry: text(),
    businessRegistrationNumber: text().notNull().default(''),
    personInChargeStaffId: uuid().references(() => staff.id),
    /** Set when staff took the order on the buyer's behalf (phone, KakaoTalk); null for storefront orders. */
    takenByStaffId: uuid().references(() => staff.id, { onDelete: 'set null' }),
    /** The buyer's own purchase-order number for this order, as given at checkout (issue 35); null when none. */
    poReference: text(),
    /** Staff's choice for this order's short pre-order units; null follows the buyer's (migration 0041). */
    backorderChoice: text({ enum: BACKORDER_CHOICES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.buyerId, t.createdAt), index().on(t.status, t.createdAt)],
);

/** Goods that arrived for an option (issue 34): each receipt raises its stock, for allocation to pre-orders. */
export const goodsReceipts = pgTable(
  'goods_receipts',
  {
    id: uuid().primaryKey().defaultRandom(),
    productOptionId: uuid()
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    note: text().notNull().default(''),
    staffId: uuid().references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('goods_receipts_option_idx').on(t.productOptionId, t.createdAt),
    check('goods_receipts_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** Per pre-order option and buyer, the units their open orders took: what the per-buyer cap is checked against. */
export const preorderBuyerTotals = pgTable(
  'preorder_buyer_totals',
  {
    productOptionId: uuid()
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productOptionId, t.buyerId] }),
    check('preorder_buyer_totals_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

export const orderDetails = pgTable(
  'order_details',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productOptionId: uuid().references(() => productOptions.id, { onDelete: 'set null' }),
    quantity: integer().notNull(),
    /** How much of the quantity has left in shipments; stock was taken for it, the rest is still held. */
    shippedQuantity: integer().notNull().default(0),
    unitPrice: bigint({ mode: 'number' }).notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    currencyCode: currencyCode().notNull(),
    // What the buyer ordered, as it read then; the catalogue may change later.
    productTitle: text().notNull(),
    optionNameValue1: text().notNull(),
    optionNameValue2: text(),
    /** The option's SKU when the line was written (null for lines written before SKUs were kept). */
    sku: text(),
    thumbnailUrl: text(),
    /**
     * Where the line stands in its order: the buyer's order of the lines at checkout, then lines staff add after
     * them. Order detail, documents and exports list lines by it.
     */
    position: integer().notNull().default(0),
    /** Placed as a pre-order (migration 0040): it counts against its option's cap and holds no stock. */
    preorder: boolean().notNull().default(false),
    /** Of a pre-order line, the units an allocation gave it: held in stock, and all it may ship (migration 0041). */
    allocatedQuantity: integer().notNull().default(0),
    /** Left short by an allocation and kept: filled first from the next goods receipt. */
    backorder: boolean().notNull().default(false),
  },
  (t) => [
    index().on(t.orderId),
    index('order_details_preorder_option_idx').on(t.productOptionId).where(sql`${t.preorder}`),
    check(
      'order_details_allocated_within',
      sql`${t.allocatedQuantity} >= 0 and ${t.allocatedQuantity} <= ${t.quantity}`,
    ),
    check('order_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'shipped_within_quantity',
      sql`${t.shippedQuantity} >= 0 and ${t.shippedQuantity} <= ${t.quantity}`,
    ),
  ],
);

export const orderMemos = pgTable(
  'order_memos',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    createdByStaffId: uuid().references(() => staff.id),
    createdAt: createdAt(),
    /** The last edit of the content; null when never edited. */
    editedByStaffId: uuid().references(() => staff.id),
    editedAt: timestamp({ withTimezone: true }),
    /** A voided memo stays in the history, no longer counts in the amounts and is hidden from the buyer. */
    voidedByStaffId: uuid().references(() => staff.id),
    voidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.orderId)],
);

export const orderActor = pgEnum('order_actor', ['STAFF', 'BUYER', 'SYSTEM']);

/** Every status change of an order: who, when, from, to and why; written with the change itself. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatus(),
    toStatus: orderStatus().notNull(),
    actor: orderActor().notNull(),
    staffId: uuid().references(() => staff.id, { onDelete: 'set null' }),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.orderId, t.createdAt)],
);

/** One parcel of an order: carrier, tracking number and the lines and quantities in it. */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text().notNull(),
    trackingNumber: text().notNull(),
    staffId: uuid().references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.orderId, t.createdAt)],
);

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderDetailId: uuid()
      .notNull()
      .references(() => orderDetails.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderDetailId] }),
    index().on(t.orderDetailId),
    check('shipment_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const orderChangeKind = pgEnum('order_change_kind', [
  'LINE_ADDED',
  'LINE_CHANGED',
  'LINE_REMOVED',
  'SHIPMENT',
  'ALLOCATED',
]);

/**
 * Every change to an order other than its status: line edits before shipping and shipments. `detail` holds
 * what changed (product, option, quantities, amounts, carrier, tracking number) as it read then.
 */
export const orderChanges = pgTable(
  'order_changes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: orderChangeKind().notNull(),
    staffId: uuid().references(() => staff.id, { onDelete: 'set null' }),
    detail: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.orderId, t.createdAt)],
);

export const contactInquiries = pgTable(
  'contact_inquiries',
  {
    id: uuid().primaryKey().defaultRandom(),
    buyerId: uuid().references(() => buyers.id, { onDelete: 'set null' }),
    email: text().notNull(),
    companyName: text().notNull(),
    representativeName: text().notNull(),
    phoneNumber: text().notNull(),
    businessRegistrationNumber: text().notNull(),
    content: text().notNull(),
    status: inquiryStatus().notNull().default('NEW'),
    answerNote: text(),
    answeredByStaffId: uuid().references(() => staff.id),
    answeredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.status, t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    staffId: uuid().references(() => staff.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

/**
 * What a buyer submitted with an `Idempotency-Key` header, and the first answer, so a repeat within a day
 * returns that answer and writes nothing.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    route: text().notNull(),
    key: text().notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text().notNull(),
    statusCode: integer(),
    response: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.buyerId, t.route, t.key] }), index().on(t.createdAt)],
);

export const jobStatus = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);

/**
 * Background work (imports, later mails and documents), durable in the shop's own database. A runner
 * claims a queued job, or a running one whose lease ran out because its process died, with
 * `for update skip locked`, renews the lease while it works and records the outcome once.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    status: jobStatus().notNull().default('queued'),
    /** What the job works on (a CSV import: the file's text). */
    input: jsonb().notNull(),
    /** What the job keeps between its attempts, beside its steps. */
    state: jsonb(),
    /** Shown to staff while it runs, e.g. { phase, done, total }. */
    progress: jsonb(),
    /** The outcome once done or failed. */
    result: jsonb(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    runAfter: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    createdByStaffId: uuid().references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('jobs_waiting').on(t.createdAt).where(sql`${t.status} in ('queued', 'running')`),
    index().on(t.finishedAt),
  ],
);

/**
 * Mails waiting to go out (decision 0035): written in the transaction of the change they tell about, sent by the
 * mail sender of whichever instance claims them, and deleted once the mail server took them. A `message` carries
 * its recipient, subject and sealed text (it may hold a code or a temporary password). An order's two mails, the
 * buyer's receipt and the shop's notice, are one `order_placed` row naming the order, written from it when sent,
 * so the order's statement adds one small row; should one of the two go and not the other, the row keeps the
 * one left (`order_received` or `new_order`). No foreign key: the order's statement would pay for its check, and
 * a row whose order is gone sends nothing. No index but the key: claims take the oldest ids that are due, and a
 * claim or a retry changes no indexed column, so PostgreSQL rewrites the row in place (a HOT update).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    orderId: uuid(),
    recipient: text(),
    subject: text(),
    sealedText: text(),
    /** Claims so far; a claim leases the mail by moving `sendAfter` on, a failure moves it by the back-off. */
    attempts: integer().notNull().default(0),
    sendAfter: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'mail_queue_kind',
      sql`(${t.kind} = 'message' and ${t.recipient} is not null and ${t.subject} is not null and ${t.sealedText} is not null)
        or (${t.kind} in ('order_placed', 'order_received', 'new_order') and ${t.orderId} is not null)`,
    ),
  ],
);

/** The steps a job has committed, each in the same transaction as its work, so a rerun goes on after them. */
export const jobSteps = pgTable(
  'job_steps',
  {
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    step: integer().notNull(),
    data: jsonb().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.step] })],
);

/**
 * A member's request to be mailed when a sold-out option can be ordered again: one per buyer and option.
 * A trigger on product_options (drizzle/0012_stock_alerts.sql) queues a 'stock-alert' job when an option
 * with waiting requests becomes orderable; the job mails each waiting member once and marks the request done.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    productOptionId: uuid()
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** When the member was mailed; null while waiting. */
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_buyer_option').on(t.buyerId, t.productOptionId),
    index('stock_alerts_waiting').on(t.productOptionId).where(sql`${t.notifiedAt} is null`),
  ],
);
