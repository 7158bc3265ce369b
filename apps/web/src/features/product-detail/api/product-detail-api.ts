import type { ProductDetailData } from '@kshop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const productDetailQuery = (optionUuid: string) =>
  queryOptions({
    queryKey: ['products', 'detail', optionUuid],
    queryFn: ({ signal }) =>
      apiGet<ProductDetailData>(`/product/detail/${encodeURIComponent(optionUuid)}`, undefined, signal),
  });

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
