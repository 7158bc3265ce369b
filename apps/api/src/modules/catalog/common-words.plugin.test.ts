import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshProductDerived } from '../../db/derived.js';
import { insertGeneratedProducts } from '../../db/seed/index.js';
import { body, createTestShop, type TestShop } from '../../test/app.js';
import { KEEP_COUNTED_ABOVE, keptKeywordCount } from './catalog.repository.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const rowsOf = async <T>(query: Parameters<TestShop['db']['execute']>[0]) =>
  ((await shop.db.execute(query)) as unknown as { rows: T[] }).rows;

describe("the catalogue's commonest words, kept counted by the shop", () => {
  it('are none on the demo catalogue, and a word that an import makes common is kept before its first search', async () => {
    await shop.app.commonWords.idle();
    expect(await rowsOf(sql`select words from search_keywords`)).toEqual([]);

    // More products than the threshold, every one of them a 'Deluxe Box' edition.
    await insertGeneratedProducts(shop.db, { count: KEEP_COUNTED_ABOVE + 50, startIndex: 20_000 });
    await shop.db.execute(
      sql`update products set title = 'Deluxe Box ' || title where title not like 'Deluxe %'`,
    );
    await refreshProductDerived(shop.db);
    const [matching] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from products where deleted_at is null and is_published and search_text like '%deluxe%'`,
    );
    const n = matching!.n;
    expect(n).toBeGreaterThan(KEEP_COUNTED_ABOVE);
    expect(await keptKeywordCount(shop.db, ['deluxe'], 'all')).toBeUndefined();

    shop.app.commonWords.refresh();
    await shop.app.commonWords.idle();
    expect(await keptKeywordCount(shop.db, ['deluxe'], 'all')).toBe(n);
    const kept = await rowsOf<{ words: string[]; ready: boolean }>(
      sql`select words, ready from search_keywords order by words`,
    );
    expect(kept.every((k) => k.ready)).toBe(true);
    // The pair of words side by side is kept too.
    expect(kept.map((k) => k.words)).toEqual(
      expect.arrayContaining([['deluxe'], ['box'], ['box', 'deluxe']]),
    );
    expect(await keptKeywordCount(shop.db, ['box', 'deluxe'], 'all')).toBe(n);

    const res = await shop.app.inject({ url: '/api/v1/product/search?keyword=Deluxe&page=1&limit=20' });
    expect(res.statusCode).toBe(200);
    expect(body(res).data.totalCount).toBe(n);
  });
});
