import {
  type CategoryNode,
  CURRENCY_SYMBOL,
  type CurrencyCode,
  fromMinorUnits,
  listingTag,
  messages,
  type ProductDetailData,
  type ProductListData,
  type ProductListQuery,
  type ProductOptionDetail,
  type ProductSearchQuery,
  SOLD_OUT_TAG,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import type { productOptions } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { searchWords } from '../../lib/search-words.js';
import { orderableQuantity, preorderLeft } from '../preorders/preorder-rules.js';
import { MemberPrices, type PriceViewer } from '../pricing/pricing.service.js';
import * as repo from './catalog.repository.js';
import * as tree from './catalogue-tree.repository.js';
import type { ProductFilter } from './product-filter.js';

export const NO_IMAGE_URL = '/media/demo/no-image-1.svg';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Price in the viewer's currency, in major units; null for a guest. */
function price(currency: CurrencyCode | null, krw: number | null, usd: number | null): number | null {
  if (!currency) return null;
  const minor = currency === 'KRW' ? krw : usd;
  return minor === null ? null : fromMinorUnits(minor, currency);
}

const displayTags = (tags: string[], inStock: boolean) => (inStock ? tags : [...tags, SOLD_OUT_TAG]);

export async function categoryTree(db: Executor): Promise<CategoryNode[]> {
  const rows = await tree.listCategories(db);
  const nodes = new Map<number, CategoryNode>(
    rows.map((r) => [r.id, { id: r.id, category: r.name, children: [] }]),
  );
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export const artistCategoryList = (db: Executor) => tree.listArtistCategories(db);
export const artistList = (db: Executor, artistCategoryId: number) => tree.listArtists(db, artistCategoryId);

function toCard(row: repo.ProductCardRow, currency: CurrencyCode | null, prices: MemberPrices | null) {
  const { product: p, option: o } = row;
  return {
    productUuid: p.id,
    optionUuid: o.id,
    categoryId: p.categoryId,
    title: p.title,
    vendor: p.vendor,
    thumbnailUrl: p.imageUrl ?? NO_IMAGE_URL,
    releaseDate: p.releaseDate,
    tags: displayTags(p.tags, p.inStock),
    statusId: p.statusId,
    nationCode2: p.nationCode2,
    // A member's own price: their group's, for one piece (decision 0021).
    totalPrice: prices && currency ? fromMinorUnits(prices.unitMinor(o, 1), currency) : null,
    comparedPrice: price(currency, o.comparedPriceKrw, o.comparedPriceUsd),
    minimumOrderQuantity: o.minimumOrderQuantity,
    orderMultiple: o.orderMultiple,
    currencyCode: currency,
    currencySymbol: currency ? CURRENCY_SYMBOL[currency] : null,
    totalSalesQuantity: p.totalSalesQuantity,
    totalSalesAmount: price(currency, p.totalSalesAmountKrw, p.totalSalesAmountUsd),
    salesStartAt: iso(p.salesStartAt),
    salesEndAt: iso(p.salesEndAt),
    eventType: p.eventType,
    eventApplyStartAt: iso(p.eventApplyStartAt),
    eventApplyEndAt: iso(p.eventApplyEndAt),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    softDeletedAt: iso(p.deletedAt),
  };
}

async function cards(
  db: Executor,
  filter: ProductFilter,
  viewer: PriceViewer | null,
): Promise<ProductListData> {
  const { rows, totalCount } = await repo.listProductCards(db, filter);
  const prices = viewer
    ? await MemberPrices.load(
        db,
        viewer,
        rows.map((r) => r.option.id),
        false,
      )
    : null;
  const currency = viewer?.currency ?? null;
  return { productOptionList: rows.map((row) => toCard(row, currency, prices)), totalCount };
}

export function productList(db: Executor, query: ProductListQuery, viewer: PriceViewer | null) {
  return cards(
    db,
    {
      categoryId: query.categoryId,
      artistId: query.artistId,
      tag: listingTag(query.categoryId, query.tag),
      stockStatus: query.stockStatus,
      openPreorders: query.preorder === 'open',
      sort: query.sort,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    },
    viewer,
  );
}

export function productSearch(db: Executor, query: ProductSearchQuery, viewer: PriceViewer | null) {
  const keywords = searchWords(query.keyword);
  return cards(
    db,
    {
      keywords,
      stockStatus: query.stockStatus,
      sort: query.sort,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    },
    viewer,
  );
}

function toOptionDetail(
  o: typeof productOptions.$inferSelect,
  currency: CurrencyCode | null,
  prices: MemberPrices | null,
  preorder: { taken: number } | null,
): ProductOptionDetail {
  // A pre-order's options offer what their caps leave: there is no stock yet (issue 34).
  const stock = orderableQuantity(o, preorder !== null, preorder?.taken ?? 0);
  const totalPrice = prices && currency ? fromMinorUnits(prices.unitMinor(o, 1), currency) : null;
  return {
    uuid: o.id,
    optionNameKey1: o.optionNameKey1,
    optionNameKey2: o.optionNameKey2,
    optionNameValue1: o.optionNameValue1,
    optionNameValue2: o.optionNameValue2,
    isDefault: o.isDefault,
    isSoldOut: o.isSoldOut || stock <= 0,
    minimumOrderQuantity: o.minimumOrderQuantity,
    orderMultiple: o.orderMultiple,
    maxPerOrder: o.maxPerOrder,
    stock,
    ...(preorder
      ? { preorderLeft: preorderLeft(o.preorderCap, preorder.taken), preorderBuyerCap: o.preorderBuyerCap }
      : {}),
    productPrice:
      totalPrice === null
        ? null
        : {
            totalPrice,
            comparedPrice: price(currency, o.comparedPriceKrw, o.comparedPriceUsd),
            volumeTiers: prices?.tiers(o) ?? [],
          },
  };
}

/**
 * The image a product's detail page shows largest on its first screen (the first of `thumbnailUrlArray`, as
 * `productDetail` lists them), with the product's id, or undefined for an option nobody can see. Images carry
 * no price.
 */
export async function detailLeadImage(
  db: Executor,
  optionId: string,
): Promise<{ productId: string; image: string } | undefined> {
  const found = await repo.imagesOfListedOption(db, optionId);
  if (!found) return undefined;
  return { productId: found.productId, image: found.imageUrls[0] ?? NO_IMAGE_URL };
}

export async function productDetail(
  db: Executor,
  optionId: string,
  viewer: PriceViewer | null,
): Promise<ProductDetailData> {
  const found = await repo.findProductByOption(db, optionId);
  if (!found) throw notFound(messages.http.productNotFound, 'PRODUCT_NOT_FOUND');
  const { product: p, options } = found;
  const currency = viewer?.currency ?? null;
  const prices = viewer
    ? await MemberPrices.load(
        db,
        viewer,
        options.map((o) => o.id),
      )
    : null;
  const optionList = options.map((o) =>
    toOptionDetail(o, currency, prices, p.preorder ? { taken: o.preorderTaken } : null),
  );
  const currentOption = optionList.find((o) => o.uuid === optionId)!;
  return {
    product: {
      uuid: p.id,
      categoryId: p.categoryId,
      title: p.title,
      vendor: p.vendor,
      releaseDate: p.releaseDate,
      description: p.description,
      thumbnailUrlArray: JSON.stringify(p.imageUrls.length > 0 ? p.imageUrls : [NO_IMAGE_URL]),
      tags: displayTags(p.tags, p.inStock),
      salesStartAt: iso(p.salesStartAt),
      salesEndAt: iso(p.salesEndAt),
      preorder: p.preorder,
      shipsOn: p.shipsOn,
    },
    optionList,
    currentOption,
    totalPrice: currentOption.productPrice?.totalPrice ?? null,
    currencyCode: currency,
    currencySymbol: currency ? CURRENCY_SYMBOL[currency] : null,
  };
}
