import { CATEGORY_ID, messages } from '@kshop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productArtists, productOptions, products } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { rowsOf } from '../../test/database-watch.js';

const PRICE_KEYS = new Set([
  'totalPrice',
  'comparedPrice',
  'productPrice',
  'totalSalesAmount',
  'currencyCode',
  'currencySymbol',
]);

/** Every price-bearing key anywhere in the JSON, with a non-null value. */
function pricesIn(value: unknown, found: string[] = [], at = '$'): string[] {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) pricesIn(v, found, `${at}[${i}]`);
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (PRICE_KEYS.has(key) && v !== null && v !== undefined) found.push(`${at}.${key}`);
      pricesIn(v, found, `${at}.${key}`);
    }
  }
  return found;
}

let shop: TestShop;
const get = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

describe('categories and artists', () => {
  it('answers the category tree with the fixed ids', async () => {
    const res = await get('/api/v1/category');
    expect(res.statusCode).toBe(200);
    const tree = body(res).data as { id: number; category: string; children: { id: number }[] }[];
    const ids = tree.map((c) => c.id);
    for (const id of [CATEGORY_ID.kAlbum, CATEGORY_ID.kMagazine, CATEGORY_ID.events, CATEGORY_ID.kMerch]) {
      expect(ids).toContain(id);
    }
    const merch = tree.find((c) => c.id === CATEGORY_ID.kMerch)!;
    expect(merch.children.map((c) => c.id)).toEqual(
      expect.arrayContaining([CATEGORY_ID.lightStick, CATEGORY_ID.photoBook, CATEGORY_ID.seasonsGreetings]),
    );
  });

  it('lists artist categories and their artists with English and Korean names', async () => {
    const categories = body(await get('/api/v1/artist/category')).data.artistCategoryList as { id: number }[];
    expect(categories.length).toBeGreaterThan(0);
    let total = 0;
    for (const category of categories) {
      const artists = body(await get(`/api/v1/artist/list/${category.id}`)).data.artistList;
      for (const artist of artists) {
        expect(artist.artistNameEN).toMatch(/\S/);
        expect(artist.artistNameKO).toMatch(/\S/);
      }
      total += artists.length;
    }
    expect(total).toBeGreaterThanOrEqual(20);
  });

  it('rejects an artist category that is not a number', async () => {
    const res = await get('/api/v1/artist/list/abc');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toMatch(/categoryId/);
  });
});

describe('product list for a guest', () => {
  it('pages through the whole catalogue without a single price', async () => {
    const first = body(await get('/api/v1/product/list?page=1&limit=20'));
    expect(first.statusCode).toBe(200);
    expect(first.data.productOptionList).toHaveLength(20);
    expect(first.data.totalCount).toBeGreaterThanOrEqual(150);
    const second = body(await get('/api/v1/product/list?page=2&limit=20'));
    const firstIds = new Set(first.data.productOptionList.map((p: { productUuid: string }) => p.productUuid));
    expect(
      second.data.productOptionList.some((p: { productUuid: string }) => firstIds.has(p.productUuid)),
    ).toBe(false);
    const all = body(await get('/api/v1/product/list?limit=100&page=1'));
    expect(pricesIn(first)).toEqual([]);
    expect(pricesIn(second)).toEqual([]);
    expect(pricesIn(all)).toEqual([]);
  });

  it('reports the total past the last page', async () => {
    const res = body(await get('/api/v1/product/list?page=999&limit=20'));
    expect(res.data.productOptionList).toEqual([]);
    expect(res.data.totalCount).toBeGreaterThanOrEqual(150);
  });

  it('sorts by latest and by best selling', async () => {
    const latest = body(await get('/api/v1/product/list?sort=latest&limit=50')).data.productOptionList;
    const created = latest.map((p: { createdAt: string }) => Date.parse(p.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const best = body(await get('/api/v1/product/list?sort=bestSelling&limit=50')).data.productOptionList;
    const sold = best.map((p: { totalSalesQuantity: number }) => p.totalSalesQuantity);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
    expect(sold[0]).toBeGreaterThan(sold.at(-1));
  });

  it('sorts by release date: from the Korean day on soonest first, then the past newest first, then none', async () => {
    // Some products released today, yesterday and on one coming day, some without a date.
    const seoulToday = sql`(now() at time zone 'Asia/Seoul')::date`;
    await shop.db.execute(sql`update products p set release_date = case k.i % 4
        when 0 then null when 1 then ${seoulToday} when 2 then ${seoulToday} - 1 else ${seoulToday} + 3 end
      from (select id, row_number() over (order by md5(id::text)) as i from products) k
      where k.id = p.id and k.i <= 24`);
    const inOrder = async (where: ReturnType<typeof sql>) =>
      (
        await rowsOf<{ id: string }>(
          shop.db,
          sql`select id from products where deleted_at is null and is_published and ${where}
            order by release_date is null, release_date < ${seoulToday}, abs(release_date - ${seoulToday}), id`,
        )
      ).map((row) => row.id);
    const cases = [
      { url: '/api/v1/product/list?sort=releaseDate', where: sql`true` },
      {
        url: `/api/v1/product/list?sort=releaseDate&categoryId=${CATEGORY_ID.kAlbum}&stockStatus=inStock`,
        where: sql`category_id in (${CATEGORY_ID.kAlbum}, 5, 6, 7, 8) and in_stock`,
      },
      {
        url: '/api/v1/product/search?sort=releaseDate&keyword=album',
        where: sql`search_text like '%album%'`,
      },
    ];
    for (const { url, where } of cases) {
      const expected = await inOrder(where);
      expect(expected.length, url).toBeGreaterThan(40);
      const first = body(await get(`${url}&limit=20`)).data;
      expect(first.totalCount, url).toBe(expected.length);
      expect(first.productOptionList.map((p: { productUuid: string }) => p.productUuid)).toEqual(
        expected.slice(0, 20),
      );
      // The last page and the one before it are read from the end, in the mirrored order.
      const pages = Math.ceil(expected.length / 20);
      for (const page of [pages - 1, pages]) {
        const deep = body(await get(`${url}&limit=20&page=${page}`)).data;
        expect(deep.totalCount, url).toBe(expected.length);
        expect(
          deep.productOptionList.map((p: { productUuid: string }) => p.productUuid),
          `${url} page ${page}`,
        ).toEqual(expected.slice((page - 1) * 20, page * 20));
      }
    }
    const list = body(await get('/api/v1/product/list?sort=releaseDate&limit=100')).data.productOptionList;
    const [today] = await rowsOf<{ day: string }>(shop.db, sql`select ${seoulToday}::text as day`);
    expect(list[0].releaseDate).toBe(today!.day);
  });

  it('filters by stock status using the derived sold-out tag', async () => {
    const inStock = body(await get('/api/v1/product/list?stockStatus=inStock&limit=100')).data;
    const outOfStock = body(await get('/api/v1/product/list?stockStatus=outOfStock&limit=100')).data;
    const all = body(await get('/api/v1/product/list?stockStatus=all&limit=1')).data;
    expect(outOfStock.totalCount).toBeGreaterThan(0);
    expect(inStock.totalCount + outOfStock.totalCount).toBe(all.totalCount);
    expect(inStock.productOptionList.every((p: { tags: string[] }) => !p.tags.includes('sold out'))).toBe(
      true,
    );
    expect(outOfStock.productOptionList.every((p: { tags: string[] }) => p.tags.includes('sold out'))).toBe(
      true,
    );
  });

  it('includes sub-categories when listing a parent category', async () => {
    const merch = body(await get(`/api/v1/product/list?categoryId=${CATEGORY_ID.kMerch}&limit=100`)).data;
    const categoryIds = new Set(merch.productOptionList.map((p: { categoryId: number }) => p.categoryId));
    expect(categoryIds.has(CATEGORY_ID.lightStick)).toBe(true);
    const sticks = body(
      await get(`/api/v1/product/list?categoryId=${CATEGORY_ID.lightStick}&limit=100`),
    ).data;
    expect(sticks.totalCount).toBeGreaterThan(0);
    expect(
      sticks.productOptionList.every((p: { categoryId: number }) => p.categoryId === CATEGORY_ID.lightStick),
    ).toBe(true);
    expect(merch.totalCount).toBeGreaterThan(sticks.totalCount);
  });

  it('filters by tag and by artist', async () => {
    const pre = body(await get('/api/v1/product/list?categoryId=0&tag=pre&limit=100')).data;
    expect(pre.totalCount).toBeGreaterThan(0);
    expect(pre.productOptionList.every((p: { tags: string[] }) => p.tags.includes('pre'))).toBe(true);

    const [link] = await shop.db.select().from(productArtists).limit(1);
    const byArtist = body(await get(`/api/v1/product/list?artistId=${link!.artistId}&limit=100`)).data;
    const linked = await shop.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(productArtists)
      .where(eq(productArtists.artistId, link!.artistId));
    expect(byArtist.totalCount).toBe(linked[0]!.n);
  });

  it("ignores tag=pre with a category other than 0, as the spec allows 'pre' only for category 0", async () => {
    const merch = body(await get(`/api/v1/product/list?categoryId=${CATEGORY_ID.kMerch}&limit=100`)).data;
    const merchPre = body(
      await get(`/api/v1/product/list?categoryId=${CATEGORY_ID.kMerch}&tag=pre&limit=100`),
    ).data;
    expect(merch.productOptionList.some((p: { tags: string[] }) => !p.tags.includes('pre'))).toBe(true);
    expect(merchPre.totalCount).toBe(merch.totalCount);
    expect(merchPre.productOptionList.map((p: { productUuid: string }) => p.productUuid)).toEqual(
      merch.productOptionList.map((p: { productUuid: string }) => p.productUuid),
    );
  });

  it.each([
    ['page=0', /page/],
    ['page=abc', /page/],
    ['limit=1000', /limit/],
    ['sort=cheapest', /sort/],
    ['stockStatus=some', /stockStatus/],
    ['tag=free', /tag/],
    ['categoryId=-1', /categoryId/],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await get(`/api/v1/product/list?${query}`);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ statusCode: 400, data: null });
    expect(body(res).message).toMatch(field);
  });
});

describe('search', () => {
  it('finds products by a word of the title, by vendor and by Korean artist name', async () => {
    const [product] = await shop.db.select().from(products).limit(1);
    const byTitle = body(
      await get(`/api/v1/product/search?keyword=${encodeURIComponent(product!.title)}&limit=100`),
    ).data;
    expect(byTitle.productOptionList.map((p: { productUuid: string }) => p.productUuid)).toContain(
      product!.id,
    );
    const byVendor = body(
      await get(`/api/v1/product/search?keyword=${encodeURIComponent(product!.vendor)}&limit=100`),
    ).data;
    expect(byVendor.totalCount).toBeGreaterThan(0);
    expect(byVendor.productOptionList.every((p: { vendor: string }) => p.vendor === product!.vendor)).toBe(
      true,
    );

    const [artistRow] = await rowsOf<{ name_ko: string; n: number }>(
      shop.db,
      sql`select a.name_ko, count(*)::int as n from artists a join product_artists pa on pa.artist_id = a.id
      group by a.id order by n desc limit 1`,
    );
    const byKorean = body(
      await get(`/api/v1/product/search?keyword=${encodeURIComponent(artistRow!.name_ko)}&limit=100`),
    );
    expect(byKorean.data.totalCount).toBe(artistRow!.n);
    expect(pricesIn(byKorean)).toEqual([]);
  });

  it('needs every word and treats wildcards literally', async () => {
    const none = body(await get('/api/v1/product/search?keyword=%25')).data;
    expect(none.totalCount).toBe(0);
    const nonsense = body(await get('/api/v1/product/search?keyword=album%20zzqxv')).data;
    expect(nonsense.totalCount).toBe(0);
  });

  it('requires a keyword', async () => {
    const res = await get('/api/v1/product/search?keyword=');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('keyword is required.');
  });
});

describe('product detail', () => {
  it('opens any option of a product without prices for a guest', async () => {
    const [option] = await shop.db
      .select()
      .from(productOptions)
      .where(eq(productOptions.isDefault, false))
      .limit(1);
    const res = await get(`/api/v1/product/detail/${option!.id}`);
    expect(res.statusCode).toBe(200);
    const data = body(res).data;
    expect(data.currentOption.uuid).toBe(option!.id);
    expect(data.optionList.length).toBeGreaterThan(1);
    expect(JSON.parse(data.product.thumbnailUrlArray)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\//)]),
    );
    expect(pricesIn(body(res))).toEqual([]);
  });

  it('answers 404 for an unknown option and 400 for a malformed id', async () => {
    const missing = await get('/api/v1/product/detail/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe(messages.http.productNotFound);
    const malformed = await get('/api/v1/product/detail/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed).message).toMatch(/optionUuid/);
  });
});

describe('prices by member', () => {
  it('shows won to a Korean company and dollars to a global one, from the stored minor units', async () => {
    const [option] = await shop.db
      .select()
      .from(productOptions)
      .where(eq(productOptions.isDefault, true))
      .limit(1);
    const korea = body(
      await get(`/api/v1/product/detail/${option!.id}`, await shop.loginAs(DEMO.korea)),
    ).data;
    expect(korea.currencySymbol).toBe('₩');
    expect(korea.totalPrice).toBe(option!.priceKrw);
    const global = body(
      await get(`/api/v1/product/detail/${option!.id}`, await shop.loginAs(DEMO.global)),
    ).data;
    expect(global.currencySymbol).toBe('US$');
    expect(global.currencyCode).toBe('USD');
    expect(global.totalPrice).toBe(option!.priceUsd / 100);

    const list = body(await get('/api/v1/product/list?limit=5', await shop.loginAs(DEMO.global))).data;
    expect(
      list.productOptionList.every((p: { totalPrice: number | null }) => typeof p.totalPrice === 'number'),
    ).toBe(true);
  });

  it('refuses a member awaiting approval on list, search and detail', async () => {
    const pending = await shop.loginAs(DEMO.pending);
    const [option] = await shop.db.select().from(productOptions).limit(1);
    for (const url of [
      '/api/v1/product/list',
      '/api/v1/product/search?keyword=album',
      `/api/v1/product/detail/${option!.id}`,
    ]) {
      const res = await get(url, pending);
      expect(res.statusCode).toBe(403);
      expect(body(res)).toEqual({
        statusCode: 403,
        message: 'Your account is pending approval.',
        data: null,
      });
    }
  });

  it('treats a token that does not work as a guest', async () => {
    const res = await get('/api/v1/product/list?limit=5', { authorization: 'Bearer not-a-real-token' });
    expect(res.statusCode).toBe(200);
    expect(pricesIn(body(res))).toEqual([]);
  });
});
