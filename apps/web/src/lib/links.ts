/** Storefront URLs built in one place, so every link of spec section 2 is spelled the same way. */

const withQuery = (path: string, query: Record<string, string | number | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

export { productDetailPath } from '@kshop/contract';

export const categoryPath = (categoryId: number, categoryName?: string) =>
  withQuery(`/productlist/${categoryId}`, { categoryName });

export const tagPath = (tag: 'new' | 'pre', categoryName: string) =>
  withQuery('/productlist/0', { tag, categoryName });

export const artistPath = (artistId: number, artistName: string) =>
  withQuery('/productlist/0', { artistId, artistName });

export const searchPath = (keyword: string) => withQuery('/search', { keyword: keyword.trim() });

export const NEW_PATH = tagPath('new', 'NEW');
export const PRE_ORDER_PATH = tagPath('pre', 'PRE-ORDER');
