import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ProductListPage } from '../features/catalog/routes/product-list-page';
import { HomePage } from '../features/home/routes/home-page';
import { ProductDetailPage } from '../features/product-detail/routes/product-detail-page';
import { productDetail, productItem, productOption } from '../test/fixtures';
import { envelope, renderWithProviders } from '../test/render';
import { initialReads, initialReadUrl } from './initial-reads';

const detail = productDetail([
  productOption({ uuid: '33333333-3333-4333-8333-333333333333', optionNameValue1: 'A' }),
]);
const list = { productOptionList: [productItem({ thumbnailUrl: '/media/demo/first-1.svg' })], totalCount: 1 };

/** The product reads a page makes when it opens at `address`, once there are at least `count`. */
async function readsOfPage(address: string, pattern: string, page: ReactElement, count: number) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/product/detail/')) return envelope(detail);
    if (url.includes('/product/list')) return envelope(list);
    return envelope([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(
    <Routes>
      <Route path={pattern} element={page} />
    </Routes>,
    { route: address },
  );
  const productReads = () =>
    fetchMock.mock.calls.map(([url]) => url).filter((url) => url.includes('/product/'));
  await waitFor(() => expect(productReads().length).toBeGreaterThanOrEqual(count));
  await screen.findAllByRole('heading');
  return productReads();
}

const earlyUrls = (address: string) => {
  const url = new URL(address, 'http://shop.test');
  return initialReads(url.pathname, url.search).reads.map(initialReadUrl);
};

describe('the reads index.html starts before the app runs', () => {
  it('are the product lists the home page asks for', async () => {
    const asked = await readsOfPage('/', '/', <HomePage />, 3);
    expect(initialReads('/', '').page).toBe('home');
    expect(earlyUrls('/').sort()).toEqual(asked.sort());
  });

  it.each([
    '/productlist/0',
    '/productlist/9?categoryName=K-MERCH&page=2&sort=bestSelling&stockStatus=inStock',
    '/productlist/0?tag=pre&categoryName=PRE-ORDER',
    '/productlist/0?artistId=7&artistName=NOVA9',
  ])('are the list %s asks for', async (address) => {
    const asked = await readsOfPage(address, '/productlist/:categoryId', <ProductListPage />, 1);
    expect(initialReads(new URL(address, 'http://shop.test').pathname, '').page).toBe('list');
    expect(earlyUrls(address)).toEqual(asked);
  });

  it('are the product and the You may also like list a detail page asks for', async () => {
    const address = '/productdetail/33333333-3333-4333-8333-333333333333';
    const asked = await readsOfPage(address, '/productdetail/:optionUuid', <ProductDetailPage />, 2);
    expect(earlyUrls(address).sort()).toEqual(asked.sort());
  });

  it('name the first screen’s largest image: the first card of a list, the first image of a detail', () => {
    const [listRead] = initialReads('/productlist/0', '').reads;
    expect(listRead?.leadImage?.(list)).toBe('/media/demo/first-1.svg');
    const [detailRead] = initialReads('/productdetail/33333333-3333-4333-8333-333333333333', '').reads;
    expect(detailRead?.leadImage?.(detail)).toBe(JSON.parse(detail.product.thumbnailUrlArray)[0]);
  });

  it('are none for other pages and for a list that is not a category', () => {
    expect(initialReads('/cart', '')).toEqual({ page: 'other', reads: [] });
    expect(initialReads('/productlist/abc', '')).toEqual({ page: 'other', reads: [] });
    expect(initialReads('/productdetail/%E0%A4%A', '')).toEqual({ page: 'other', reads: [] });
  });
});
