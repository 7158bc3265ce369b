import type { ProductTag } from '@kshop/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { ProductListing } from '../../../components/listing/product-listing';
import { NotFound } from '../../../components/ui/not-found';
import { isApiError } from '../../../lib/api-client';
import { categoriesQuery, findCategory, productListQuery } from '../../../lib/catalog-api';
import { productListParams } from '../../../lib/listing-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AddFromCard } from '../../cart';
import { useClampedPage } from '../use-clamped-page';

const TAG_TITLES: Record<ProductTag, MessageDescriptor> = {
  pre: msg`PRE-ORDER`,
  new: msg`NEW`,
  sale: msg`SALE`,
  hot: msg`HOT`,
};
const ALL_PRODUCTS = msg`ALL PRODUCTS`;

/** /productlist/{categoryId}: a category, an artist (category 0 + artistId) or a tag (category 0 + tag). */
export function ProductListPage() {
  const { t, i18n } = useLingui();
  const { categoryId: rawCategoryId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const params = productListParams(rawCategoryId, searchParams);
  const { categoryId = Number.NaN, tag } = params;
  const valid = Number.isSafeInteger(categoryId);
  const query = useQuery({ ...productListQuery(params), enabled: valid, placeholderData: keepPreviousData });
  const categories = useQuery({ ...categoriesQuery(), enabled: valid && categoryId > 0 });

  const title =
    searchParams.get('categoryName') ||
    searchParams.get('artistName') ||
    (categoryId > 0 ? findCategory(categories.data ?? [], categoryId)?.category : undefined) ||
    (tag ? i18n._(TAG_TITLES[tag]) : undefined) ||
    (categoryId === 0 ? i18n._(ALL_PRODUCTS) : '');
  // A category id missing from the category tree is as unknown as one the server refuses.
  const unknownCategory =
    categoryId > 0 && categories.isSuccess && findCategory(categories.data, categoryId) === undefined;
  useDocumentTitle(unknownCategory ? t`Category not found` : title || undefined);
  const clamping = useClampedPage(query.data && !query.isPlaceholderData ? query.data.totalCount : undefined);

  if (!valid) return <NotFound />;
  if (unknownCategory || (isApiError(query.error) && query.error.statusCode === 404)) {
    return <NotFound title={t`Category not found`} message={t`This category does not exist.`} />;
  }
  if (clamping) return null;
  return (
    <ProductListing
      title={title || '\u00a0'}
      query={query}
      preorderFilter
      cardAction={(product) => <AddFromCard product={product} />}
    />
  );
}
