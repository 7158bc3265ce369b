import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { refreshProductDerived } from '../../db/derived.js';
import { insertGeneratedProducts } from '../../db/seed/index.js';
import { body, createTestShop, type TestShop } from '../../test/app.js';
import { LIST_COUNT_ROWS_TO_COMPACT } from './kept-counts.repository.js';
import { KEEP_COUNTED_ABOVE, keptKeywordCount } from './search.repository.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const rowsOf = <T>(query: SQL) => queryRows<T>(shop.db, query);

describe("the catalogue's upkeep", () => {
  it('keeps no word counted on the demo catalogue, and a word that an import makes common before its first search', async () => {
    await shop.app.catalogueUpkeep.idle();
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

    shop.app.catalogueUpkeep.refresh();
    await shop.app.catalogueUpkeep.idle();
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

  it('compacts the kept counts that writes appended rows to, and every total stays exact', async () => {
    // 300 products' stock flipped and flipped back, one statement each: nothing changes, but every statement
    // appends its rows to the list counts, the spans and the kept keywords' counts.
    const listed = await rowsOf<{ id: number }>(
      sql`select id from products where deleted_at is null and is_published order by id limit 300`,
    );
    expect(listed).toHaveLength(300);
    for (let pass = 0; pass < 2; pass++) {
      for (const { id } of listed) {
        await shop.db.execute(sql`update products set in_stock = not in_stock where id = ${id}`);
      }
    }
    const appended = async () => {
      const [row] = await rowsOf<{
        counts: number;
        latest: number;
        bands: number;
        keywords: number;
      }>(sql`select
        (select count(*)::int from product_list_counts where not compacted) as counts,
        (select count(*)::int from product_list_spans where not compacted) as latest,
        (select count(*)::int from product_list_bands where not compacted) as bands,
        (select count(*)::int from search_keyword_counts where not compacted and words = array['deluxe']) as keywords`);
      return row;
    };
    const before = Object.values((await appended()) ?? {});
    expect(before).toHaveLength(4);
    for (const rows of before) expect(rows).toBeGreaterThan(LIST_COUNT_ROWS_TO_COMPACT);

    shop.app.catalogueUpkeep.refresh();
    await shop.app.catalogueUpkeep.idle();
    expect(await appended()).toEqual({ counts: 0, latest: 0, bands: 0, keywords: 0 });

    const [plain] = await rowsOf<{ all: number; in_stock: number; deluxe_in_stock: number }>(sql`select
      count(*)::int as all, (count(*) filter (where in_stock))::int as in_stock,
      (count(*) filter (where in_stock and search_text like '%deluxe%'))::int as deluxe_in_stock
      from products where deleted_at is null and is_published`);
    const total = async (url: string) => {
      const res = await shop.app.inject({ url });
      expect(res.statusCode).toBe(200);
      return body(res).data.totalCount;
    };
    expect(await total('/api/v1/product/list?page=1&limit=20')).toBe(plain?.all);
    expect(await total('/api/v1/product/list?page=1&limit=20&stockStatus=inStock')).toBe(plain?.in_stock);
    expect(await keptKeywordCount(shop.db, ['deluxe'], 'inStock')).toBe(plain?.deluxe_in_stock);
  });
});
