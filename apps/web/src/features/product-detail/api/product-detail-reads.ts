import { PAGE_SIZE } from '@kshop/contract';
import type { ProductListParams } from '../../../lib/catalog-api';

/** The reads of a product detail page, shared by the page and its early reads (src/app/initial-reads.ts). */

export const productDetailApiPath = (optionUuid: string) =>
  `/product/detail/${encodeURIComponent(optionUuid)}`;

export const YOU_MAY_ALSO_LIKE_PARAMS: ProductListParams = {
  page: 1,
  limit: PAGE_SIZE.youMayAlsoLike,
  sort: 'latest',
  stockStatus: 'all',
};

/** thumbnailUrlArray arrives as JSON text ('["/media/…/1.svg", …]'); anything unreadable means no images. */
export function parseImageList(thumbnailUrlArray: string): string[] {
  try {
    const parsed: unknown = JSON.parse(thumbnailUrlArray);
    return Array.isArray(parsed)
      ? parsed.filter((url): url is string => typeof url === 'string' && url !== '')
      : [];
  } catch {
    return [];
  }
}
