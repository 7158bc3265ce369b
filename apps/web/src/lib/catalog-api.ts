import type {
  Artist,
  ArtistCategory,
  CategoryNode,
  PreorderFilter,
  ProductListData,
  ProductTag,
  Sort,
  StockStatus,
} from '@kshop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';

/** Reads shared by several features: product lists, the category tree and artists. */

export type ProductListParams = {
  page: number;
  limit: number;
  sort: Sort;
  stockStatus: StockStatus;
  categoryId?: number;
  artistId?: number;
  tag?: ProductTag;
  /** 'open': only pre-orders still taking orders. */
  preorder?: PreorderFilter;
};

const STATIC_STALE_MS = 10 * 60 * 1000;

export const productListQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: ['products', 'list', params],
    queryFn: ({ signal }) => apiGet<ProductListData>('/product/list', params, signal),
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => apiGet<CategoryNode[]>('/category', undefined, signal),
    staleTime: STATIC_STALE_MS,
  });

export const artistCategoriesQuery = () =>
  queryOptions({
    queryKey: ['artist-categories'],
    queryFn: async ({ signal }) =>
      (await apiGet<{ artistCategoryList: ArtistCategory[] }>('/artist/category', undefined, signal))
        .artistCategoryList,
    staleTime: STATIC_STALE_MS,
  });

export const artistsQuery = (artistCategoryId: number) =>
  queryOptions({
    queryKey: ['artists', artistCategoryId],
    queryFn: async ({ signal }) =>
      (await apiGet<{ artistList: Artist[] }>(`/artist/list/${artistCategoryId}`, undefined, signal))
        .artistList,
    staleTime: STATIC_STALE_MS,
  });

export function findCategory(nodes: readonly CategoryNode[], id: number): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const child = findCategory(node.children, id);
    if (child) return child;
  }
  return undefined;
}
