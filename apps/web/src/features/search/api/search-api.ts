import type { ProductListData, Sort, StockStatus } from '@kshop/contract';
import { apiGet } from '../../../lib/api-client';
import { queryOptions } from '../../../lib/query';

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
