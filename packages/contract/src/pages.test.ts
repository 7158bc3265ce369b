import { describe, expect, it } from 'vitest';
import { productDetailPath, productDetailPathId } from './pages.js';

describe('product detail page path', () => {
  const id = '7d1e2f3a-0b4c-4d5e-8f60-718293a4b5c6';

  it('is read back from the path it builds, with or without a trailing slash', () => {
    expect(productDetailPath(id)).toBe(`/productdetail/${id}`);
    expect(productDetailPathId(productDetailPath(id))).toBe(id);
    expect(productDetailPathId(`/productdetail/${id}/`)).toBe(id);
    expect(productDetailPathId(productDetailPath('a/b c'))).toBe('a/b c');
  });

  it('names no option for any other path or a malformed escape', () => {
    for (const path of [
      '/',
      '/productdetail',
      '/productdetail/',
      `/productdetail/${id}/more`,
      `/x/productdetail/${id}`,
      '/productdetail/%E0%A4%A',
    ])
      expect(productDetailPathId(path)).toBeUndefined();
  });
});
