import { beforeEach, describe, expect, it } from 'vitest';
import { continueShoppingPath, rememberPlace } from './return-places';

beforeEach(() => sessionStorage.clear());

describe('where the buyer was', () => {
  it('Continue Shopping goes back to the last list or search, else home', () => {
    expect(continueShoppingPath()).toBe('/');
    rememberPlace('/productlist/12', '?sort=releaseDate&page=3');
    rememberPlace('/productdetail/abc', '');
    rememberPlace('/cart', '');
    expect(continueShoppingPath()).toBe('/productlist/12?sort=releaseDate&page=3');
    rememberPlace('/search', '?keyword=album');
    expect(continueShoppingPath()).toBe('/search?keyword=album');
  });
});
