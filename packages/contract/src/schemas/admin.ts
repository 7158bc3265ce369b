import { z } from 'zod';
import { ACCOUNT_STATUSES, CURRENCIES, ORDER_STATUSES, PAGE_SIZE, PRODUCT_TAGS } from '../constants.js';
import { messages } from '../messages.js';
import { emailField, newPasswordField } from './account.js';
import { envelope, queryInt, uuidParam } from './common.js';

/** Schemas of the back office (/api/v1/admin), used by the API and the staff app. */

export const STAFF_ROLES = ['OWNER', 'STAFF'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffLoginRequest = z.object({
  email: z.string().trim().min(3, messages.login.invalid).max(100, messages.login.invalid),
  password: z.string().min(1, messages.login.invalid).max(100, messages.login.invalid),
});
export const staffSession = z.object({
  accessToken: z.string(),
  mustChangePassword: z.boolean(),
  role: z.enum(STAFF_ROLES),
  email: z.string(),
  name: z.string(),
});
export const staffMe = staffSession.omit({ accessToken: true });
export const staffPasswordRequest = z.object({
  currentPassword: z.string().min(1),
  password: newPasswordField,
});
export const staffCreateRequest = z.object({
  email: emailField,
  name: z.string().trim().max(100).default(''),
  role: z.enum(STAFF_ROLES).default('STAFF'),
});
export const staffUpdateRequest = z.object({
  role: z.enum(STAFF_ROLES).optional(),
  disabled: z.boolean().optional(),
});
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

export const dashboard = z.object({
  pendingAccounts: z.number().int(),
  ordersByStatus: z.record(z.string(), z.number().int()),
  newInquiries: z.number().int(),
  lowStock: z.array(
    z.object({
      optionUuid: z.uuid(),
      productUuid: z.uuid(),
      title: z.string(),
      option: z.string(),
      available: z.number().int(),
    }),
  ),
});
export const dashboardResponse = envelope(dashboard);

export const buyerListQuery = z.object({
  ...adminPageQuery,
  status: z.enum(ACCOUNT_STATUSES).optional(),
  korean: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(100).optional(),
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
    }),
  ),
  orderCount: z.number().int(),
});
export const buyerListResponse = envelope(
  z.object({ buyerList: z.array(adminBuyer), totalCount: z.number().int() }),
);
export const buyerDetailResponse = envelope(adminBuyerDetail);
export const reasonRequest = z.object({ reason: z.string().trim().max(1000).default('') });

export const adminOrderListQuery = z.object({
  ...adminPageQuery,
  status: z.enum(ORDER_STATUSES).optional(),
  from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD).' }).optional(),
  to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD).' }).optional(),
  buyer: z.string().trim().max(100).optional(),
  orderNumber: z.string().trim().max(40).optional(),
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
});
export const adminOrderListResponse = envelope(
  z.object({ orderList: z.array(adminOrderSummary), totalCount: z.number().int() }),
);
export const orderNumberParams = z.object({
  orderNumber: z
    .string()
    .trim()
    .regex(/^\d{8}-\d+$/, 'orderNumber is not valid.'),
});
export const orderStatusRequest = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}.` }),
});
export const orderMemoRequest = z.object({
  content: z.string().trim().min(1, "A memo reads 'label/amount'.").max(200),
});
export const personInChargeRequest = z.object({ staffId: z.uuid().nullable() });

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
  note: z.string().trim().min(1, 'Please write a note.').max(5000),
});

export const auditListResponse = envelope(
  z.object({
    auditList: z.array(
      z.object({
        id: z.number().int(),
        staffEmail: z.string().nullable(),
        action: z.string(),
        entity: z.string(),
        entityId: z.string(),
        before: z.unknown(),
        after: z.unknown(),
        createdAt: z.string(),
      }),
    ),
    totalCount: z.number().int(),
  }),
);

const money = (field: string) =>
  z.number({ error: `${field} must be a number.` }).nonnegative(`${field} cannot be negative.`);
export const adminOptionInput = z.object({
  uuid: z.uuid().optional(),
  optionNameKey1: z.string().trim().min(1, 'Option key 1 is required.').max(50),
  optionNameValue1: z.string().trim().min(1, 'Option value 1 is required.').max(100),
  optionNameKey2: z.string().trim().max(50).nullable().default(null),
  optionNameValue2: z.string().trim().max(100).nullable().default(null),
  priceKrw: money('priceKrw').int('priceKrw is in whole won.'),
  priceUsd: money('priceUsd'),
  comparedPriceKrw: money('comparedPriceKrw').int().nullable().default(null),
  comparedPriceUsd: money('comparedPriceUsd').nullable().default(null),
  stock: z.number().int('stock must be a whole number.').min(0, 'stock cannot be negative.'),
  minimumOrderQuantity: z.number().int().min(1, 'minimumOrderQuantity is at least 1.').default(1),
  isSoldOut: z.boolean().default(false),
  isDefault: z.boolean().default(false),
});
export type AdminOptionInput = z.infer<typeof adminOptionInput>;

export const adminProductInput = z.object({
  title: z.string().trim().min(1, 'Title is required.').max(300),
  vendor: z.string().trim().min(1, 'Vendor is required.').max(200),
  description: z.string().max(50_000).default(''),
  categoryId: z.number().int().min(1, 'Choose a category.'),
  artistIds: z.array(z.number().int().positive()).max(20).default([]),
  tags: z.array(z.enum(PRODUCT_TAGS)).max(4).default([]),
  releaseDate: z.iso.date({ error: 'releaseDate must be a date (YYYY-MM-DD).' }).nullable().default(null),
  salesStartAt: z.iso.datetime({ offset: true }).nullable().default(null),
  salesEndAt: z.iso.datetime({ offset: true }).nullable().default(null),
  eventType: z.string().trim().max(50).nullable().default(null),
  eventApplyStartAt: z.iso.datetime({ offset: true }).nullable().default(null),
  eventApplyEndAt: z.iso.datetime({ offset: true }).nullable().default(null),
  imageUrls: z.array(z.string().trim().min(1).max(1000)).max(20).default([]),
  options: z.array(adminOptionInput).min(1, 'A product needs at least one option.').max(200),
});
export type AdminProductInput = z.infer<typeof adminProductInput>;
export const adminProductListQuery = z.object({
  ...adminPageQuery,
  q: z.string().trim().max(100).optional(),
  categoryId: queryInt('categoryId', 1).optional(),
  stock: z.enum(['all', 'inStock', 'outOfStock']).default('all'),
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
});
export const adminProductListResponse = envelope(
  z.object({ productList: z.array(adminProductSummary), totalCount: z.number().int() }),
);
export const adminProduct = adminProductInput.extend({
  uuid: z.uuid(),
  options: z.array(adminOptionInput.extend({ uuid: z.uuid(), holdStock: z.number().int() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const adminProductResponse = envelope(adminProduct);

export const categoryInput = z.object({
  id: z.number().int().min(1).max(100_000),
  category: z.string().trim().min(1, 'Category name is required.').max(100),
  parentId: z.number().int().nullable().default(null),
  sortOrder: z.number().int().default(0),
});
export const artistCategoryInput = z.object({
  category: z.string().trim().min(1, 'Name is required.').max(100),
  sortOrder: z.number().int().default(0),
});
export const artistInput = z.object({
  artistCategoryId: z.number().int().positive(),
  artistNameEN: z.string().trim().min(1, 'English name is required.').max(100),
  artistNameKO: z.string().trim().min(1, 'Korean name is required.').max(100),
});
export const numericIdParams = z.object({ id: queryInt('id', 1) });

export const csvImportResult = z.object({
  products: z.number().int(),
  options: z.number().int(),
});
export const csvImportProblem = z.object({ row: z.number().int(), message: z.string() });
