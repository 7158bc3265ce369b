import { CATEGORY_ID, PAGE_SIZE } from '@kshop/contract';
import type { ProductListParams } from '../../lib/catalog-api';
import { categoryPath, PRE_ORDER_PATH } from '../../lib/links';

export type HomeSectionSpec = {
  title: string;
  viewAllTo: string;
  params: ProductListParams;
  layout: 'row' | 'grid';
};

const latest = { page: 1, sort: 'latest', stockStatus: 'all' } as const;

/** The home page's product strips (spec section 2), in order: the page and its early reads use this one list. */
export const HOME_SECTIONS: readonly HomeSectionSpec[] = [
  {
    title: 'PRE-ORDER',
    viewAllTo: PRE_ORDER_PATH,
    params: { ...latest, limit: PAGE_SIZE.homePreOrder },
    layout: 'row',
  },
  {
    title: 'K-MERCH',
    viewAllTo: categoryPath(CATEGORY_ID.kMerch, 'K-MERCH'),
    params: { ...latest, limit: PAGE_SIZE.homeSection, categoryId: CATEGORY_ID.kMerch },
    layout: 'grid',
  },
  {
    title: 'K-MAGAZINE',
    viewAllTo: categoryPath(CATEGORY_ID.kMagazine, 'K-MAGAZINE'),
    params: { ...latest, limit: PAGE_SIZE.homeSection, categoryId: CATEGORY_ID.kMagazine },
    layout: 'grid',
  },
];
