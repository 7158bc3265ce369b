import {
  decodedSegment,
  type ProductDetailData,
  type ProductListData,
  productDetailPathId,
} from '@kshop/contract';
import { HOME_SECTIONS } from '../features/home/home-sections';
import {
  parseImageList,
  productDetailApiPath,
  YOU_MAY_ALSO_LIKE_PARAMS,
} from '../features/product-detail/api/product-detail-reads';
import { buildUrl } from '../lib/api-url';
import type { ProductListParams } from '../lib/catalog-api';
import { productListParams } from '../lib/listing-params';

/** The pages whose first screen the static shell draws and whose reads start before the app runs. */
export type FirstPage = 'home' | 'list' | 'detail' | 'other';

/** A read of a first page: a product list or a product detail, as the page's query asks for it. */
export type InitialRead = (
  | { kind: 'list'; params: ProductListParams }
  | { kind: 'detail'; optionUuid: string }
) & {
  /** The image the answer puts largest on the first screen, worth fetching before the app asks for it. */
  leadImage?: (data: unknown) => string | undefined;
  /** Where the static shell's first screen keeps that image's place (a CSS selector inside the page's screen). */
  leadImageSlot?: string;
};

/** The API address of a read, spelled as the API client spells it. */
export const initialReadUrl = (read: InitialRead): string =>
  read.kind === 'list'
    ? buildUrl('/product/list', read.params)
    : buildUrl(productDetailApiPath(read.optionUuid));

const LIST_PATH = /^\/productlist\/([^/]+)\/?$/;

/**
 * Which first page an address opens and the API reads that page makes at once, exactly as its components make
 * them (the same parameter builders), so the answers fetched early are the ones the app uses.
 */
export function initialReads(pathname: string, search: string): { page: FirstPage; reads: InitialRead[] } {
  if (pathname === '/') {
    return {
      page: 'home',
      reads: HOME_SECTIONS.map((section) => ({ kind: 'list', params: section.params })),
    };
  }
  const categoryId = decodedSegment(LIST_PATH.exec(pathname)?.[1] ?? '');
  if (categoryId) {
    const params = productListParams(categoryId, new URLSearchParams(search));
    if (!Number.isSafeInteger(params.categoryId)) return { page: 'other', reads: [] };
    const leadImage = (data: unknown) => (data as ProductListData).productOptionList[0]?.thumbnailUrl;
    return {
      page: 'list',
      reads: [{ kind: 'list', params, leadImage, leadImageSlot: '.product-card__media' }],
    };
  }
  const optionUuid = productDetailPathId(pathname);
  if (optionUuid) {
    const leadImage = (data: unknown) =>
      parseImageList((data as ProductDetailData).product.thumbnailUrlArray)[0];
    return {
      page: 'detail',
      reads: [
        { kind: 'detail', optionUuid, leadImage, leadImageSlot: '.gallery__main' },
        { kind: 'list', params: YOU_MAY_ALSO_LIKE_PARAMS },
      ],
    };
  }
  return { page: 'other', reads: [] };
}
