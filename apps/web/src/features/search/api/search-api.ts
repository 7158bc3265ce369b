import type { ProductListData, Sort, StockStatus } from '@kshop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export type SearchParams = {
  keyword: string;
  page: number;
  limit: number;
  sort: Sort;
  stockStatus: StockStatus;
};

export const productSearchQuery = (params: SearchParams) =>
  queryOptions({
    queryKey: ['products', 'search', params],
    queryFn: ({ signal }) => apiGet<ProductListData>('/product/search', params, signal),
  });
