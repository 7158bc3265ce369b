import { z } from 'zod';
import {
  ACCOUNT_STATUSES,
  CURRENCIES,
  LANGUAGES,
  ORDER_STATUSES,
  PAGE_SIZE,
  PRODUCT_TAGS,
} from '../constants.js';
import { messages } from '../messages.js';
import { parseMemo } from '../rules/product.js';
import { emailField, newPasswordField } from './account.js';
import { BACKORDER_CHOICES } from './allocation.js';
import { orderDetail } from './buying.js';
import { envelope, queryInt, uuidParam } from './common.js';
import { orderChangeEntry } from './order-edits.js';
import {
  AMOUNT_MAX,
  boundedInt,
  fieldError,
  INT_RANGE,
  isoDate,
  isoDateTime,
  moneyAmount,
  safeText,
  TEXT_MAX,
  uuidText,
} from './primitives.js';
import { SHIPMENT_RULES } from './shipments.js';

/** Schemas of the back office (/api/v1/admin), used by the API and the staff app. */

export const STAFF_ROLES = ['OWNER', 'STAFF'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffLoginRequest = z.object({
  email: safeText({ max: TEXT_MAX.label, error: messages.login.invalid }).min(3, messages.login.invalid),
  password: safeText({ max: TEXT_MAX.password, trim: false, error: messages.login.invalid }),
});
export const staffSession = z.object({
  accessToken: z.string(),
  mustChangePassword: z.boolean(),
  role: z.enum(STAFF_ROLES),
  email: z.string(),
  name: z.string(),
  /** The back office's language for this member of staff. */
  language: z.enum(LANGUAGES),
});
export const staffMe = staffSession.omit({ accessToken: true });
export const staffPasswordRequest = z.object({
  currentPassword: safeText({ max: TEXT_MAX.password, trim: false }).min(1, {
    error: fieldError('is required'),
  }),
  password: newPasswordField,
});
export const staffCreateRequest = z.object({
  email: emailField,
  name: safeText({ max: TEXT_MAX.label }).default(''),
  role: z.enum(STAFF_ROLES).default('STAFF'),
});
export const staffUpdateRequest = z.object({
  role: z.enum(STAFF_ROLES).optional(),
  disabled: z.boolean().optional(),
  /** The name staff are shown by; '' shows the email address instead. */
  name: safeText({ max: TEXT_MAX.label }).optional(),
});
/** `POST /api/v1/admin/staff/:id/password`: a new one-time password for another member of staff, shown once. */
export const staffPasswordReset = z.object({ id: z.uuid(), email: z.string(), password: z.string() });
export const staffMember = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export const staffCreated = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  password: z.string(),
});

export const adminPageQuery = {
  page: queryInt('page', 1).default(1),
  limit: queryInt('limit', 1, PAGE_SIZE.maxLimit).default(20),
};
export const idParams = z.object({ id: uuidParam('id') });

export const buyerListQuery = z.object({
  ...adminPageQuery,
  status: z.enum(ACCOUNT_STATUSES).optional(),
  korean: z.enum(['true', 'false']).optional(),
  q: safeText({ max: TEXT_MAX.label }).optional(),
});
export const adminBuyer = z.object({
  id: z.uuid(),
  email: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  statusReason: z.string().nullable(),
  isKoreanCompany: z.boolean(),
  companyName: z.string(),
  representativeName: z.string(),
  businessRegistrationNumber: z.string(),
  phoneNumber: z.string(),
  companyAddress: z.string(),
  postalCode: z.string(),
  marketingAgree: z.boolean(),
  createdAt: z.string(),
});
export const adminBuyerDetail = adminBuyer.extend({
  certificate: z.object({ fileName: z.string(), url: z.string(), contentType: z.string() }).nullable(),
  addresses: z.array(
    z.object({
      addressUuid: z.uuid(),
      postalCode: z.string(),
      addressDetail: z.string(),
      isDefault: z.boolean(),
      country: z.string().nullable().optional(),
    }),
  ),
  orderCount: z.number().int(),
  /** The buyer's price group (decision 0021). */
  priceGroupId: z.number().int(),
});
export const buyerListResponse = envelope(
  z.object({ buyerList: z.array(adminBuyer), totalCount: z.number().int() }),
);
export const buyerDetailResponse = envelope(adminBuyerDetail);
export const reasonRequest = z.object({ reason: safeText({ max: 1000, multiline: true }).default('') });

export const ADMIN_ORDER_SORTS = ['date', 'amount', 'status'] as const;
export const ADMIN_ORDER_VIEWS = ['today', 'needs-action'] as const;
export const adminOrderListQuery = z.object({
  ...adminPageQuery,
  status: z.enum(ORDER_STATUSES).optional(),
  from: isoDate({ error: 'from must be a date (YYYY-MM-DD).' }).optional(),
  to: isoDate({ error: 'to must be a date (YYYY-MM-DD).' }).optional(),
  buyer: safeText({ max: TEXT_MAX.label }).optional(),
  /** Part of an order number or of the buyer's purchase-order number (issue 35). */
  orderNumber: safeText({ max: TEXT_MAX.identifier }).optional(),
  /** The list's order (the exports keep theirs, oldest first); amounts sort within each currency. */
  sort: z
    .enum(ADMIN_ORDER_SORTS, { error: `sort must be one of ${ADMIN_ORDER_SORTS.join(', ')}.` })
    .optional(),
  dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc.' }).optional(),
  /** 'me': only the orders the signed-in staff member is in charge of. */
  assigned: z.enum(['me'], { error: 'assigned must be me.' }).optional(),
  /** A quick view: 'today' (placed on the Korean day), 'needs-action' (the rule `NEEDS_ACTION`). */
  view: z
    .enum(ADMIN_ORDER_VIEWS, { error: `view must be one of ${ADMIN_ORDER_VIEWS.join(', ')}.` })
    .optional(),
});
export const adminOrderSummary = z.object({
  uuid: z.uuid(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  currencyCode: z.enum(CURRENCIES),
  finalPaymentAmount: z.number(),
  companyName: z.string(),
  buyerEmail: z.string().nullable(),
  personInCharge: z.string().nullable(),
  lineCount: z.number().int(),
  /** The buyer's purchase-order number (issue 35); null when the order has none. */
  poReference: z.string().nullable().optional(),
  /** The staff member who took the order for the buyer (issue 11), by name or e-mail; null for the buyer's own. */
  takenBy: z.string().nullable().optional(),
});
/** How many orders each quick view holds under the list's other filters, counted in one query. */
export const adminOrderViewCounts = z.object({
  all: z.number().int(),
  today: z.number().int(),
  mine: z.number().int(),
  needsAction: z.number().int(),
});
export type AdminOrderViewCounts = z.infer<typeof adminOrderViewCounts>;
export const adminOrderListResponse = envelope(
  z.object({
    orderList: z.array(adminOrderSummary),
    totalCount: z.number().int(),
    viewCounts: adminOrderViewCounts.optional(),
  }),
);
export const orderNumberParams = z.object({
  orderNumber: z
    .string()
    .trim()
    .regex(/^\d{8}-\d{1,12}$/, 'orderNumber is not valid.'),
});
/** The shop's rules on orders, in the words the API answers and the back office shows. */
export const ORDER_RULES = {
  /** Longest reason for a cancellation or note on a status change. */
  reasonMax: 500,
  confirmNeedsPersonInCharge: 'Assign a person in charge before confirming the order.',
  cancelNeedsReason: 'Please give a reason for cancelling the order.',
  memosClosed: (status: string) =>
    `The order is ${status}: its memos can no longer be added, changed or voided.`,
  memoVoided: 'This memo is voided and can no longer be changed.',
  memoNotFound: 'This memo does not exist on this order.',
  staffAssignOnlySelf: 'Staff members can assign only themselves; an owner assigns anyone.',
  keepPersonInCharge: 'A confirmed order keeps a person in charge: choose another one instead of nobody.',
} as const;

export const orderStatusRequest = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}.` }),
    /** Why: required to cancel, kept in the history and told to the buyer. */
    reason: safeText({ max: ORDER_RULES.reasonMax, multiline: true, label: 'reason' }).optional(),
    /** With SHIPPED only: the last parcel's carrier and tracking number (what is still open leaves in it). */
    carrier: safeText({ max: SHIPMENT_RULES.carrierMax, label: 'carrier' }).optional(),
    trackingNumber: safeText({ max: SHIPMENT_RULES.trackingMax, label: 'trackingNumber' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'CANCELLED' && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: ORDER_RULES.cancelNeedsReason });
    }
    if (value.status !== 'SHIPPED' && (value.carrier || value.trackingNumber)) {
      ctx.addIssue({ code: 'custom', path: ['carrier'], message: SHIPMENT_RULES.onlyWithShipped });
    }
  });
export const orderMemoRequest = z.object({
  content: safeText({ max: TEXT_MAX.memo, required: "A memo reads 'label/amount'." }).refine(
    (content) => Math.abs(parseMemo(content).amount ?? 0) <= AMOUNT_MAX,
    { error: fieldError(`the amount must be at most ${AMOUNT_MAX}`) },
  ),
});
export const personInChargeRequest = z.object({ staffId: uuidText().nullable() });
export const orderMemoParams = orderNumberParams.extend({ memoUuid: uuidParam('memoUuid') });

const staffRef = z.object({ id: z.uuid(), email: z.string(), name: z.string() }).nullable();
/** A memo as staff see it: who wrote it and when, and whether it was edited or voided. */
export const adminOrderMemo = z.object({
  orderMemoUuid: z.uuid(),
  content: z.string(),
  amount: z.number(),
  createdAt: z.string(),
  /** Null when written from the command line. */
  createdBy: staffRef,
  editedAt: z.string().nullable(),
  editedBy: staffRef,
  voidedAt: z.string().nullable(),
  voidedBy: staffRef,
});
export type AdminOrderMemo = z.infer<typeof adminOrderMemo>;
export const ORDER_ACTORS = ['STAFF', 'BUYER', 'SYSTEM'] as const;
/** One step of an order's life: who moved it, when, from which status to which, and why. */
export const orderHistoryEntry = z.object({
  at: z.string(),
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  actor: z.enum(ORDER_ACTORS),
  /** The staff member when the actor is STAFF. */
  staff: staffRef,
  note: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;
export const adminOrderDetail = orderDetail.extend({
  personInChargeStaffId: z.uuid().nullable(),
  personInCharge: staffRef,
  /** The staff member who took the order for the buyer (issue 11); null for the buyer's own order. */
  takenBy: staffRef.optional(),
  businessRegistrationNumber: z.string(),
  /** The moves the order may make now (CONFIRMED only once a person in charge is assigned). */
  nextStatuses: z.array(z.enum(ORDER_STATUSES)),
  /** Every memo, voided ones too. */
  memos: z.array(adminOrderMemo),
  /** Whether memos may still be added, changed or voided (not once DELIVERED or CANCELLED). */
  memosOpen: z.boolean(),
  statusHistory: z.array(orderHistoryEntry),
  /** Line edits and shipments, oldest first (order_changes). */
  changes: z.array(orderChangeEntry),
  /** Whether staff may still change, add or remove lines (not once SHIPPED, DELIVERED or CANCELLED). */
  linesEditable: z.boolean(),
  /** Who the signed-in staff member may name in charge: anyone active for an owner, oneself for staff. */
  assignableStaff: z.array(z.object({ id: z.uuid(), email: z.string(), name: z.string() })),
  /** Whether the signed-in staff member may set nobody in charge. */
  mayClearPersonInCharge: z.boolean(),
  /** What becomes of pre-order units an allocation leaves short, for this order; null: as the buyer chose. */
  backorderChoice: z.enum(BACKORDER_CHOICES).nullable().optional(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const inquiryListQuery = z.object({
  ...adminPageQuery,
  status: z.enum(['NEW', 'ANSWERED']).optional(),
});
export const adminInquiry = z.object({
  id: z.uuid(),
  status: z.enum(['NEW', 'ANSWERED']),
  email: z.string(),
  companyName: z.string(),
  representativeName: z.string(),
  phoneNumber: z.string(),
  businessRegistrationNumber: z.string(),
  content: z.string(),
  member: z.boolean(),
  answerNote: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export const inquiryListResponse = envelope(
  z.object({ inquiryList: z.array(adminInquiry), totalCount: z.number().int() }),
);
export const inquiryAnswerRequest = z.object({
  note: safeText({ max: TEXT_MAX.note, multiline: true, required: 'Please write a note.' }),
});

export const auditListResponse = envelope(
  z.object({
    auditList: z.array(
      z.object({
        id: z.number().int(),
        staffEmail: z.string().nullable(),
        /** The staff member's name; '' when they have none. */
        staffName: z.string().nullable(),
        action: z.string(),
        entity: z.string(),
        entityId: z.string(),
        /** What the entry acted on, as staff name it (an order's number, a company, a product); null when gone. */
        subject: z.string().nullable(),
        /** For an option's entry, its product's id (the page the log links to). */
        productId: z.string().nullable(),
        before: z.unknown(),
        after: z.unknown(),
        createdAt: z.string(),
      }),
    ),
    totalCount: z.number().int(),
  }),
);

const money = (field: string, currency: 'KRW' | 'USD') =>
  moneyAmount(currency, {
    label: field,
    notNumber: `${field} must be a number.`,
    negative: `${field} cannot be negative.`,
    notWhole: `${field} is in whole won.`,
  });
/** A SKU: letters, digits and . _ - /, read in upper case; unique across the shop. */
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9._\-/]{0,63}$/;
export const skuText = z
  .string({ error: 'sku must be text.' })
  .trim()
  .toUpperCase()
  .regex(SKU_PATTERN, 'sku is letters, digits and . _ - / (at most 64, starting with a letter or digit).');
/** `GET /admin/product-options/by-sku/:sku`: the option a SKU names, for forms that ask staff for a SKU. */
export const adminOptionBySkuParams = z.object({ sku: skuText });
export const adminOptionBySkuResponse = envelope(
  z.object({
    productOptionUuid: z.uuid(),
    productId: z.uuid(),
    productTitle: z.string(),
    optionNameValue1: z.string(),
    optionNameValue2: z.string().nullable(),
    sku: z.string(),
  }),
);
export type AdminOptionBySku = z.infer<typeof adminOptionBySkuResponse>['data'];
export const noOptionWithSku = (sku: string) => `No option has the SKU ${sku}.`;
export const barcodeText = z
  .string({ error: 'barcode must be text.' })
  .trim()
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'barcode is letters, digits and - (at most 64).');
export const weightGrams = z
  .number({ error: 'weightGrams must be a number.' })
  .int('weightGrams is in whole grams.')
  .min(0, 'weightGrams cannot be negative.')
  .max(1_000_000, 'weightGrams is at most 1000000.');
export const adminOptionInput = z.object({
  uuid: uuidText().optional(),
  /** Required for a new option in the back office's form; the shop gives one (KS000123) when absent. */
  sku: skuText.optional(),
  barcode: barcodeText.nullable().default(null),
  weightGrams: weightGrams.nullable().default(null),
  optionNameKey1: safeText({ max: TEXT_MAX.shortLabel, required: 'Option key 1 is required.' }),
  optionNameValue1: safeText({ max: TEXT_MAX.label, required: 'Option value 1 is required.' }),
  optionNameKey2: safeText({ max: TEXT_MAX.shortLabel }).nullable().default(null),
  optionNameValue2: safeText({ max: TEXT_MAX.label }).nullable().default(null),
  priceKrw: money('priceKrw', 'KRW'),
  priceUsd: money('priceUsd', 'USD'),
  comparedPriceKrw: money('comparedPriceKrw', 'KRW').nullable().default(null),
  comparedPriceUsd: money('comparedPriceUsd', 'USD').nullable().default(null),
  stock: boundedInt({
    ...INT_RANGE.stock,
    notWhole: 'stock must be a whole number.',
    tooSmall: 'stock cannot be negative.',
  }),
  minimumOrderQuantity: boundedInt({
    ...INT_RANGE.minimumOrderQuantity,
    tooSmall: 'minimumOrderQuantity is at least 1.',
  }).default(1),
  /** Ordered only in multiples of this (a carton of 10: 10, 20, 30, ...); 1 is any quantity. */
  orderMultiple: boundedInt({
    ...INT_RANGE.minimumOrderQuantity,
    notWhole: 'orderMultiple must be a whole number.',
    tooSmall: 'orderMultiple is at least 1.',
  }).default(1),
  /** At most this many in one order; null is no limit. */
  maxPerOrder: boundedInt({
    ...INT_RANGE.minimumOrderQuantity,
    notWhole: 'maxPerOrder must be a whole number.',
    tooSmall: 'maxPerOrder is at least 1.',
  })
    .nullable()
    .default(null),
  isSoldOut: z.boolean().default(false),
  isDefault: z.boolean().default(false),
  /** Available stock at or below this is low in the back office. */
  lowStockThreshold: boundedInt({
    ...INT_RANGE.lowStockThreshold,
    notWhole: 'lowStockThreshold must be a whole number.',
    tooSmall: 'lowStockThreshold cannot be negative.',
  }).default(10),
  /** On a pre-order product (issue 34): the units accepted in all (null: unlimited) and per buyer (null: no cap). */
  preorderCap: boundedInt({
    ...INT_RANGE.stock,
    notWhole: 'preorderCap must be a whole number.',
    tooSmall: 'preorderCap cannot be negative.',
  })
    .nullable()
    .default(null),
  preorderBuyerCap: boundedInt({
    ...INT_RANGE.minimumOrderQuantity,
    notWhole: 'preorderBuyerCap must be a whole number.',
    tooSmall: 'preorderBuyerCap is at least 1.',
  })
    .nullable()
    .default(null),
});
export type AdminOptionInput = z.infer<typeof adminOptionInput>;

export const adminProductInput = z.object({
  title: safeText({ max: TEXT_MAX.productTitle, required: 'Title is required.' }),
  vendor: safeText({ max: TEXT_MAX.name, required: 'Vendor is required.' }),
  description: safeText({ max: TEXT_MAX.html, multiline: true, trim: false }).default(''),
  categoryId: boundedInt({ ...INT_RANGE.categoryId, tooSmall: 'Choose a category.' }),
  artistIds: z.array(boundedInt(INT_RANGE.serialId)).max(20, 'A product has at most 20 artists.').default([]),
  tags: z.array(z.enum(PRODUCT_TAGS)).max(4).default([]),
  releaseDate: isoDate({ error: 'releaseDate must be a date (YYYY-MM-DD).' }).nullable().default(null),
  salesStartAt: isoDateTime().nullable().default(null),
  salesEndAt: isoDateTime().nullable().default(null),
  /** On pre-order (issue 34): orders are taken against each option's cap, not its stock; shipped from `shipsOn`. */
  preorder: z.boolean().default(false),
  shipsOn: isoDate({ error: 'shipsOn must be a date (YYYY-MM-DD).' }).nullable().default(null),
  eventType: safeText({ max: TEXT_MAX.shortLabel }).nullable().default(null),
  eventApplyStartAt: isoDateTime().nullable().default(null),
  eventApplyEndAt: isoDateTime().nullable().default(null),
  imageUrls: z
    .array(safeText({ max: TEXT_MAX.url }).min(1, { error: fieldError('is required') }))
    .max(20)
    .default([]),
  options: z.array(adminOptionInput).min(1, 'A product needs at least one option.').max(200),
  /** False keeps the product a draft: unseen in the storefront until published. */
  isPublished: z.boolean().default(true),
});
export type AdminProductInput = z.infer<typeof adminProductInput>;
export const adminProductListQuery = z.object({
  ...adminPageQuery,
  q: safeText({ max: TEXT_MAX.label }).optional(),
  categoryId: queryInt('categoryId', INT_RANGE.categoryId.min, INT_RANGE.categoryId.max).optional(),
  stock: z.enum(['all', 'inStock', 'outOfStock', 'lowStock']).default('all'),
  publication: z.enum(['all', 'published', 'draft']).default('all'),
});
export const adminProductSummary = z.object({
  uuid: z.uuid(),
  title: z.string(),
  vendor: z.string(),
  categoryId: z.number().int(),
  tags: z.array(z.string()),
  inStock: z.boolean(),
  optionCount: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
  isPublished: z.boolean(),
});
export const adminProductListResponse = envelope(
  z.object({ productList: z.array(adminProductSummary), totalCount: z.number().int() }),
);
export const adminProduct = adminProductInput.extend({
  uuid: z.uuid(),
  options: z.array(
    adminOptionInput.extend({
      uuid: z.uuid(),
      sku: z.string(),
      holdStock: z.number().int(),
      preorderTaken: z.number().int().optional(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const adminProductResponse = envelope(adminProduct);

export const categoryInput = z.object({
  id: boundedInt(INT_RANGE.categoryId),
  category: safeText({ max: TEXT_MAX.label, required: 'Category name is required.' }),
  parentId: boundedInt(INT_RANGE.categoryId).nullable().default(null),
  sortOrder: boundedInt(INT_RANGE.sortOrder).default(0),
});
export const artistCategoryInput = z.object({
  category: safeText({ max: TEXT_MAX.label, required: 'Name is required.' }),
  sortOrder: boundedInt(INT_RANGE.sortOrder).default(0),
});
export const artistInput = z.object({
  artistCategoryId: boundedInt(INT_RANGE.serialId),
  artistNameEN: safeText({ max: TEXT_MAX.label, required: 'English name is required.' }),
  artistNameKO: safeText({ max: TEXT_MAX.label, required: 'Korean name is required.' }),
});
export const numericIdParams = z.object({ id: queryInt('id', 1) });

/** What an import changed: counted from the rows that changed something, not from every row. */
export const csvImportResult = z.object({
  productsCreated: z.number().int(),
  productsChanged: z.number().int(),
  optionsCreated: z.number().int(),
  optionsChanged: z.number().int(),
  optionsUnchanged: z.number().int(),
  /** Rows whose stock moved in the shop since the export: their stock was left alone. */
  stockLeftAlone: z.number().int(),
});
export type CsvImportResult = z.infer<typeof csvImportResult>;
/** A problem names the file's row (the header is row 1), the row's SKU and the column at fault. */
export const csvImportProblem = z.object({
  row: z.number().int(),
  sku: z.string().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type CsvImportProblem = z.infer<typeof csvImportProblem>;
export const CSV_IMPORT_ROW_STATUSES = ['new', 'changed', 'unchanged'] as const;
/** The preview of an import: nothing is written; rows are compared with the shop as it is now. */
export const csvImportPreview = z.object({
  counts: z.object({
    newProducts: z.number().int(),
    changedProducts: z.number().int(),
    newOptions: z.number().int(),
    changedOptions: z.number().int(),
    unchangedOptions: z.number().int(),
  }),
  /** Every row that is new or changes something (first 1000), with the changed columns. */
  rows: z.array(
    z.object({
      row: z.number().int(),
      sku: z.string().nullable(),
      title: z.string(),
      option: z.string(),
      status: z.enum(CSV_IMPORT_ROW_STATUSES),
      changes: z.array(z.object({ column: z.string(), from: z.string(), to: z.string() })),
    }),
  ),
  /** Problems stop the import: nothing applies until the file is fixed. */
  problems: z.array(csvImportProblem),
  /** Notices do not stop it: e.g. a row's stock that moved since the export is left alone. */
  notices: z.array(csvImportProblem),
});
export type CsvImportPreview = z.infer<typeof csvImportPreview>;

/** A CSV import runs as a background job: the upload answers its id (202), the job's state is polled. */
export const csvImportStarted = z.object({ jobId: z.string() });
export const csvImportJob = z.object({
  jobId: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** Rows checked or applied so far; 'undoing' when a row went wrong late and applied rows are put back. */
  progress: z
    .object({
      phase: z.enum(['checking', 'applying', 'undoing']),
      done: z.number().int(),
      total: z.number().int(),
    })
    .nullable(),
  result: csvImportResult.nullable(),
  /** Why nothing changed: the message and every problem by row. */
  failure: z.object({ message: z.string(), problems: z.array(csvImportProblem) }).nullable(),
});
