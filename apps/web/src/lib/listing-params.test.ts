import { describe, expect, it } from 'vitest';
import { productListParams } from './listing-params';

const params = (query: string) => new URLSearchParams(query);

describe('productListParams', () => {
  it('filters by tag=pre on category 0, the PRE-ORDER list', () => {
    expect(productListParams('0', params('tag=pre&categoryName=PRE-ORDER'))).toMatchObject({
      categoryId: 0,
      tag: 'pre',
    });
  });

  it('shows the whole category when tag=pre comes with another category', () => {
    const list = productListParams('9', params('tag=pre&page=2'));
    expect(list.categoryId).toBe(9);
    expect(list.tag).toBeUndefined();
    expect(list.page).toBe(2);
  });

  it('keeps the other tags', () => {
    expect(productListParams('0', params('tag=new')).tag).toBe('new');
    expect(productListParams('9', params('tag=sale')).tag).toBe('sale');
    expect(productListParams('0', params('tag=free')).tag).toBeUndefined();
  });

  it('reads a category id that is not a whole number as not found', () => {
    expect(productListParams('abc', params('tag=pre')).categoryId).toBeNaN();
  });
});
