import { describe, expect, it } from 'vitest';
import { productListQuery, productSearchQuery } from './catalog.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('productListQuery', () => {
  it('defaults to page 1, 20 per page, latest first, every stock status', () => {
    expect(productListQuery.parse({})).toEqual({ page: 1, limit: 20, sort: 'latest', stockStatus: 'all' });
  });

  it('reads query-string numbers and the spec values', () => {
    expect(
      productListQuery.parse({
        page: '3',
        limit: '8',
        sort: 'bestSelling',
        stockStatus: 'outOfStock',
        categoryId: '9',
        artistId: '12',
        tag: 'pre',
      }),
    ).toEqual({
      page: 3,
      limit: 8,
      sort: 'bestSelling',
      stockStatus: 'outOfStock',
      categoryId: 9,
      artistId: 12,
      tag: 'pre',
    });
    expect(productListQuery.parse({ categoryId: '0', stockStatus: 'inStock' })).toMatchObject({
      categoryId: 0,
      stockStatus: 'inStock',
    });
  });

  it.each([
    ['sort', { sort: 'popular' }],
    ['stockStatus', { stockStatus: 'soldOut' }],
    ['page', { page: '0' }],
    ['page', { page: 'abc' }],
    ['page', { page: '1.5' }],
    ['limit', { limit: '0' }],
    ['limit', { limit: '101' }],
    ['categoryId', { categoryId: '-1' }],
    ['artistId', { artistId: 'x' }],
    ['tag', { tag: 'sold out' }],
    ['preorder', { preorder: 'closed' }],
  ])('rejects a bad %s with a message naming it', (field, input) => {
    const result = productListQuery.safeParse(input);
    expect(result.success).toBe(false);
    expect(messageOf(result)).toContain(field);
  });
});

describe('productListQuery pre-order filter', () => {
  it('takes preorder=open with the other filters, and leaves it out by default', () => {
    expect(productListQuery.parse({ preorder: 'open', categoryId: '0', tag: 'pre' })).toMatchObject({
      preorder: 'open',
      categoryId: 0,
      tag: 'pre',
    });
    expect(productListQuery.parse({}).preorder).toBeUndefined();
  });

  it('refuses any other value with a message naming the choices', () => {
    for (const preorder of ['closed', 'true', '', 'OPEN']) {
      expect(messageOf(productListQuery.safeParse({ preorder }))).toBe('preorder must be one of open.');
    }
  });
});

describe('productSearchQuery', () => {
  it('requires a keyword', () => {
    expect(messageOf(productSearchQuery.safeParse({}))).toBe('keyword is required.');
    expect(messageOf(productSearchQuery.safeParse({ keyword: '' }))).toBe('keyword is required.');
    expect(messageOf(productSearchQuery.safeParse({ keyword: '   ' }))).toBe('keyword is required.');
  });

  it('takes the listing defaults with the keyword', () => {
    expect(productSearchQuery.parse({ keyword: ' nova9 ' })).toEqual({
      keyword: 'nova9',
      page: 1,
      limit: 20,
      sort: 'latest',
      stockStatus: 'all',
    });
  });
});
