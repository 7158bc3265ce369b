import type { ProductDetailData } from '@kshop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { productDetailApiPath } from './product-detail-reads';

export { parseImageList } from './product-detail-reads';

export const productDetailQuery = (optionUuid: string) =>
  queryOptions({
    queryKey: ['products', 'detail', optionUuid],
    queryFn: ({ signal }) => apiGet<ProductDetailData>(productDetailApiPath(optionUuid), undefined, signal),
  });
