import type { ProductDetailData } from '@kshop/contract';
import { apiGet } from '../../../lib/api-client';
import { queryOptions } from '../../../lib/query';
import { productDetailApiPath } from './product-detail-reads';

export { parseImageList } from './product-detail-reads';

export const productDetailQuery = (optionUuid: string) =>
  queryOptions({
    queryKey: ['products', 'detail', optionUuid],
    queryFn: ({ signal }) => apiGet<ProductDetailData>(productDetailApiPath(optionUuid), undefined, signal),
  });
