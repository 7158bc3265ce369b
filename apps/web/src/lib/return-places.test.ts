import { beforeEach, describe, expect, it } from 'vitest';
import { afterLoginPath, continueShoppingPath, loginReturnFrom, rememberPlace } from './return-places';

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

  it("logging in returns to the shop's page the buyer was sent from, else home", () => {
    expect(afterLoginPath(undefined)).toBe('/');
    expect(afterLoginPath(null)).toBe('/');
    expect(afterLoginPath({ from: 42 })).toBe('/');
    expect(afterLoginPath(loginReturnFrom({ pathname: '/productdetail/abc', search: '?x=1' }))).toBe(
      '/productdetail/abc?x=1',
    );
    expect(afterLoginPath({ from: '/cart' })).toBe('/cart');
    // Never another site, and never back to a page about the session.
    for (const from of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      '/login',
      '/Signup/',
      '/findpassword?x',
    ])
      expect(afterLoginPath({ from })).toBe('/');
  });
});
