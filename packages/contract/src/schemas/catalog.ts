import { z } from 'zod';
import { CURRENCIES, PREORDER_FILTERS, PRODUCT_TAGS } from '../constants.js';
import { envelope, listingQuery, queryInt, uuidParam } from './common.js';
import { INT_RANGE, safeText, TEXT_MAX } from './primitives.js';

export type CategoryNode = { id: number; category: string; children: CategoryNode[] };
export const categoryNode: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({ id: z.number().int(), category: z.string(), children: z.array(categoryNode) }),
);
export const categoryListResponse = envelope(z.array(categoryNode));

export const artistCategory = z.object({ id: z.number().int(), category: z.string() });
export type ArtistCategory = z.infer<typeof artistCategory>;
export const artistCategoryListResponse = envelope(z.object({ artistCategoryList: z.array(artistCategory) }));

export const artist = z.object({ id: z.number().int(), artistNameEN: z.string(), artistNameKO: z.string() });
export type Artist = z.infer<typeof artist>;
export const artistListParams = z.object({ categoryId: queryInt('categoryId', 0) });
export const artistListResponse = envelope(z.object({ artistList: z.array(artist) }));

const currencyCode = z.enum(CURRENCIES);

/** One card of a product list: a product represented by its default option. Prices are null for guests. */
export const productListItem = z.object({
  productUuid: z.uuid(),
  optionUuid: z.uuid(),
  categoryId: z.number().int(),
  title: z.string(),
  vendor: z.string(),
  thumbnailUrl: z.string(),
  releaseDate: z.string().nullable(),
  tags: z.array(z.string()),
  statusId: z.number().int(),
  nationCode2: z.string(),
  totalPrice: z.number().nullable(),
  comparedPrice: z.number().nullable(),
  /** The card's option's quantity rules (issue 35: a member adds from the list at its minimum, in its multiples). */
  minimumOrderQuantity: z.number().int(),
  orderMultiple: z.number().int(),
  currencyCode: currencyCode.nullable(),
  currencySymbol: z.string().nullable(),
  totalSalesQuantity: z.number().int(),
  totalSalesAmount: z.number().nullable(),
  salesStartAt: z.string().nullable(),
  salesEndAt: z.string().nullable(),
  eventType: z.string().nullable(),
  eventApplyStartAt: z.string().nullable(),
  eventApplyEndAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  softDeletedAt: z.string().nullable(),
});
export type ProductListItem = z.infer<typeof productListItem>;

export const productListQuery = z.object({
  ...listingQuery,
  categoryId: queryInt('categoryId', 0, INT_RANGE.categoryId.max).optional(),
  artistId: queryInt('artistId', 1).optional(),
  tag: z.enum(PRODUCT_TAGS, { error: `tag must be one of ${PRODUCT_TAGS.join(', ')}.` }).optional(),
  /** `open`: only pre-orders still taking orders now (absent: every product). */
  preorder: z
    .enum(PREORDER_FILTERS, { error: `preorder must be one of ${PREORDER_FILTERS.join(', ')}.` })
    .optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const productSearchQuery = z.object({
  ...listingQuery,
  keyword: safeText({
    max: TEXT_MAX.label,
    required: 'keyword is required.',
    tooLong: `keyword must be at most ${TEXT_MAX.label} characters.`,
  }),
});
export type ProductSearchQuery = z.infer<typeof productSearchQuery>;

export const productListData = z.object({
  productOptionList: z.array(productListItem),
  totalCount: z.number().int(),
});
export type ProductListData = z.infer<typeof productListData>;
export const productListResponse = envelope(productListData);

export const productDetailParams = z.object({ optionUuid: uuidParam('optionUuid') });

export const productOptionDetail = z.object({
  uuid: z.uuid(),
  optionNameKey1: z.string(),
  optionNameKey2: z.string().nullable(),
  optionNameValue1: z.string(),
  optionNameValue2: z.string().nullable(),
  isDefault: z.boolean(),
  isSoldOut: z.boolean(),
  minimumOrderQuantity: z.number().int(),
  /** Quantity rules (issue 12): ordered in multiples of this, and at most maxPerOrder (null: no limit). */
  orderMultiple: z.number().int().optional(),
  maxPerOrder: z.number().int().nullable().optional(),
  /** Available stock: stock minus what open orders hold. */
  stock: z.number().int(),
  /**
   * On a pre-order product (issue 34): how many more units can be taken in all (null: no limit), and the most
   * one company may pre-order (null: no cap). Absent on other products.
   */
  preorderLeft: z.number().int().nullable().optional(),
  preorderBuyerCap: z.number().int().nullable().optional(),
  productPrice: z
    .object({
      totalPrice: z.number(),
      comparedPrice: z.number().nullable(),
      /**
       * The member's volume tiers (decision 0021): from `minQuantity` pieces on a line, `discountPercent` off
       * and `price` each, in the viewer's currency. Members only, like every price.
       */
      volumeTiers: z
        .array(z.object({ minQuantity: z.number().int(), discountPercent: z.number(), price: z.number() }))
        .optional(),
    })
    .nullable(),
});
export type ProductOptionDetail = z.infer<typeof productOptionDetail>;

export const productDetailData = z.object({
  product: z.object({
    uuid: z.uuid(),
    categoryId: z.number().int(),
    title: z.string(),
    vendor: z.string(),
    releaseDate: z.string().nullable(),
    description: z.string(),
    /** A JSON text list of image URLs, e.g. '["/files/…/1.svg"]'. */
    thumbnailUrlArray: z.string(),
    tags: z.array(z.string()),
    /**
     * The order window (issue 34; `windowState` tells where it stands: answers are kept, so the time is the
     * reader's) and a pre-order's planned ship date.
     */
    salesStartAt: z.string().nullable().optional(),
    salesEndAt: z.string().nullable().optional(),
    preorder: z.boolean().optional(),
    shipsOn: z.string().nullable().optional(),
  }),
  optionList: z.array(productOptionDetail),
  currentOption: productOptionDetail,
  totalPrice: z.number().nullable(),
  currencyCode: currencyCode.nullable(),
  currencySymbol: z.string().nullable(),
});
export type ProductDetailData = z.infer<typeof productDetailData>;
export const productDetailResponse = envelope(productDetailData);
