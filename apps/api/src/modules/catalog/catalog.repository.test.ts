import { SORTS, type Sort, type StockStatus } from '@kshop/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.js';
import { refreshProductDerived } from '../../db/derived.js';
import { categories, productArtists, productListCounts, productOptions, products } from '../../db/schema.js';
import { insertGeneratedProducts, seedOnFirstStart } from '../../db/seed/index.js';
import { freshDatabase } from '../../test/database.js';
import { driftedFacetRows } from '../../test/races.js';
import { listProductCards, pageWindow } from './catalog.repository.js';
import { compactListCounts, compactListSpans, LIST_COUNT_ROWS_TO_COMPACT } from './kept-counts.repository.js';
import type { ProductFilter } from './product-filter.js';
import {
  commonCatalogueWords,
  compactKeywordCounts,
  countMatches,
  halvesBoundaryOf,
  keepCommonWordsCounted,
  keepKeywordCounted,
  keptKeywordCount,
  keywordKey,
} from './search.repository.js';

let database: Database;
const db = () => database.db;

/** The day in Korea, as the database reads it: the release-date order's "today". */
const SEOUL_TODAY = sql`(now() at time zone 'Asia/Seoul')::date`;

beforeAll(async () => {
  database = await freshDatabase();
  await seedOnFirstStart(database.db, { demoData: true, reportAccounts: false });
  // The demo catalogue's release dates lie before and after today; some products get none, some today's
  // or yesterday's, and some share a coming, a recent or the oldest date, so that the release-date order
  // meets every case, and pages read from either end cut through products of the same date.
  await database.db.execute(sql`update products p set release_date = case
      when k.i % 12 = 0 then null when k.i % 6 = 1 then ${SEOUL_TODAY} when k.i % 6 = 2 then ${SEOUL_TODAY} - 1
      when k.i % 6 = 3 then ${SEOUL_TODAY} + 9 when k.i % 6 = 4 then ${SEOUL_TODAY} - 30
      else date '2000-01-01' end
    from (select id, row_number() over (order by md5(id::text)) as i from products) k
    where k.id = p.id and k.i <= 60`);
});
afterAll(() => database?.close());

const STOCK_STATUSES: StockStatus[] = ['all', 'inStock', 'outOfStock'];
const TAGS = [undefined, 'pre', 'new', 'sale', 'hot'] as const;

/** A category and every category below it, read from the table as the storefront's menu shows it. */
async function subtreeOf(categoryId: number): Promise<number[]> {
  const rows = await db().select({ id: categories.id, parentId: categories.parentId }).from(categories);
  const ids = [categoryId];
  for (let i = 0; i < ids.length; i++) {
    for (const row of rows) if (row.parentId === ids[i]) ids.push(row.id);
  }
  return ids;
}

/**
 * Each order as a plain query has it. Release date: from `today` on soonest first, then the past newest
 * first (each by its distance from today), then no date; ties by id.
 */
const PLAIN_ORDERS: Record<Sort, (today: SQL) => SQL> = {
  latest: () => sql`created_at desc, id asc`,
  bestSelling: () => sql`total_sales_quantity desc, created_at desc, id asc`,
  releaseDate: (today) => sql`release_date is null, release_date < ${today},
    abs(release_date - ${today}), id asc`,
};

/**
 * The matching products' ids in list order, by a plain query of their own; `today` ('2026-11-22') is the
 * release-date order's day, the Korean day by default.
 */
async function expectedIds(
  filter: Omit<ProductFilter, 'limit' | 'offset'>,
  today?: string,
): Promise<string[]> {
  const where = [sql`deleted_at is null and is_published`];
  if (filter.categoryId) {
    const ids = await subtreeOf(filter.categoryId);
    where.push(sql`category_id in (${sql.join(ids, sql`, `)})`);
  }
  if (filter.tag) where.push(sql`tags @> array[${filter.tag}]::text[]`);
  if (filter.stockStatus === 'inStock') where.push(sql`in_stock`);
  if (filter.stockStatus === 'outOfStock') where.push(sql`not in_stock`);
  for (const word of filter.keywords ?? []) where.push(sql`strpos(search_text, ${word}) > 0`);
  if (filter.artistId !== undefined) {
    where.push(sql`id in (select product_id from product_artists where artist_id = ${filter.artistId})`);
  }
  const order = PLAIN_ORDERS[filter.sort](today ? sql`${today}::date` : SEOUL_TODAY);
  const result = (await db().execute(
    sql`select id from products where ${sql.join(where, sql` and `)} order by ${order}`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

async function everyFilter() {
  const categoryIds = [0, ...(await db().select({ id: categories.id }).from(categories)).map((c) => c.id)];
  const groups = [
    ...categoryIds.map((categoryId) => ({ categoryId, artistId: undefined as number | undefined })),
    ...[1, 2, 7].flatMap((artistId) => [0, 1, 9].map((categoryId) => ({ categoryId, artistId }))),
  ];
  return groups.flatMap((group) =>
    TAGS.flatMap((tag) => STOCK_STATUSES.map((stockStatus) => ({ ...group, tag, stockStatus }))),
  );
}

/** Lists every category, tag and stock state, also with some artists, and checks each total. */
async function expectExactListCounts() {
  const wrong: string[] = [];
  for (const filter of await everyFilter()) {
    const { totalCount } = await listProductCards(db(), { ...filter, sort: 'latest', limit: 1, offset: 0 });
    const expected = (await expectedIds({ ...filter, sort: 'latest' })).length;
    if (totalCount !== expected) wrong.push(`${JSON.stringify(filter)}: ${totalCount} != ${expected}`);
  }
  expect(wrong).toEqual([]);
}

describe('list totals kept by the product triggers', () => {
  it('equal a plain count for every category, tag and stock state after the seed', async () => {
    await expectExactListCounts();
  });

  it('stay exact through adding, editing, selling out, deleting and restoring products', async () => {
    await insertGeneratedProducts(db(), { count: 40, startIndex: 5_000, batchSize: 15 });
    const [a, b, c] = await db().select({ id: products.id }).from(products).orderBy(products.id).limit(3);
    await db().transaction(async (tx) => {
      await tx
        .update(products)
        .set({ categoryId: 24, tags: ['sale', 'hot'] })
        .where(eq(products.id, a!.id));
      await tx.update(products).set({ deletedAt: new Date() }).where(eq(products.id, b!.id));
      await tx
        .update(productOptions)
        .set({ stock: 0, holdStock: 0 })
        .where(eq(productOptions.productId, c!.id));
      await refreshProductDerived(tx, [a!.id, b!.id, c!.id]);
    });
    await expectExactListCounts();

    // A product's artists change as the back office saves them: links replaced, then the refresh.
    await db().transaction(async (tx) => {
      await tx.delete(productArtists).where(eq(productArtists.productId, a!.id));
      await tx.insert(productArtists).values([
        { productId: a!.id, artistId: 7 },
        { productId: a!.id, artistId: 1 },
      ]);
      await refreshProductDerived(tx, [a!.id]);
    });
    const [moved] = await db()
      .select({ artistIds: products.artistIds })
      .from(products)
      .where(eq(products.id, a!.id));
    expect(moved!.artistIds).toEqual([1, 7]);
    await expectExactListCounts();

    await db().update(products).set({ deletedAt: null }).where(eq(products.id, b!.id));
    await db()
      .update(productOptions)
      .set({ stock: 10, isSoldOut: false })
      .where(eq(productOptions.productId, c!.id));
    await refreshProductDerived(db(), [c!.id]);
    await expectExactListCounts();
  });

  it('are summed into one row per group without changing any total', async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(productListCounts);
    await compactListCounts(db());
    const after = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(productListCounts);
    expect(after[0]!.n).toBeLessThan(before[0]!.n);
    const groups = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(
        sql`(select distinct category_id, in_stock, tags, artist_ids from products where deleted_at is null) as groups`,
      );
    expect(after[0]!.n).toBe(groups[0]!.n);
    await expectExactListCounts();
  });

  it('are compacted by a list that sums too many change rows', async () => {
    const [product] = await db()
      .select({ id: products.id, inStock: products.inStock })
      .from(products)
      .where(sql`deleted_at is null and category_id = 13`)
      .limit(1);
    // Each flip of the stock state appends two change rows to the photo book groups.
    for (let flip = 0; flip < LIST_COUNT_ROWS_TO_COMPACT / 2 + 2; flip++) {
      await db()
        .update(products)
        .set({ inStock: flip % 2 === 0 ? !product!.inStock : product!.inStock })
        .where(eq(products.id, product!.id));
    }
    const rowsIn = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(productListCounts)
          .where(eq(productListCounts.categoryId, 13))
      )[0]!.n;
    expect(await rowsIn()).toBeGreaterThan(LIST_COUNT_ROWS_TO_COMPACT);
    const { totalCount } = await listProductCards(db(), {
      categoryId: 13,
      stockStatus: 'all',
      sort: 'latest',
      limit: 1,
      offset: 0,
    });
    expect(totalCount).toBe(
      (await expectedIds({ categoryId: 13, stockStatus: 'all', sort: 'latest' })).length,
    );
    const groups = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(
        sql`(select distinct in_stock, tags, artist_ids from products where deleted_at is null and category_id = 13) as groups`,
      );
    // One row per group once compacted; the list did not wait for it.
    await expect.poll(rowsIn, { timeout: 5_000 }).toBe(groups[0]!.n);
    await expectExactListCounts();
  });
});

describe('pages past the middle, read from the end', () => {
  it('choose the same rows as counting from the start', () => {
    expect(pageWindow(0, 20, 100)).toEqual({ backward: false, offset: 0, limit: 20 });
    expect(pageWindow(40, 20, 100)).toEqual({ backward: false, offset: 40, limit: 20 });
    expect(pageWindow(60, 20, 100)).toEqual({ backward: true, offset: 20, limit: 20 });
    // The last page holds the 5 rows left: read from the end, it takes exactly those.
    expect(pageWindow(80, 20, 85)).toEqual({ backward: true, offset: 0, limit: 5 });
    expect(pageWindow(100, 20, 100)).toEqual({ backward: false, offset: 100, limit: 20 });
    expect(pageWindow(500, 20, 100)).toEqual({ backward: false, offset: 500, limit: 20 });
  });

  it('give every page as the plain offset query does, ties in the sort keys broken by id', async () => {
    // Ties: products created at the very same moment, some with the same sales too.
    const tied = await db()
      .select({ id: products.id })
      .from(products)
      .where(sql`deleted_at is null`)
      .orderBy(sql`md5(id::text)`)
      .limit(30);
    await db()
      .update(products)
      .set({ createdAt: new Date('2026-03-01T00:00:00.123Z'), totalSalesQuantity: 7 })
      .where(
        inArray(
          products.id,
          tied.map((t) => t.id),
        ),
      );
    const filters: Omit<ProductFilter, 'limit' | 'offset' | 'sort'>[] = [
      { stockStatus: 'all' },
      { categoryId: 1, stockStatus: 'inStock' },
      { categoryId: 0, tag: 'new', stockStatus: 'all' },
      { stockStatus: 'all', keywords: ['album'] },
      { stockStatus: 'inStock', keywords: ['album', 'ver'] },
      { stockStatus: 'outOfStock' },
      { categoryId: 0, artistId: 1, stockStatus: 'all' },
    ];
    const limit = 7;
    for (const sort of SORTS) {
      for (const filter of filters) {
        const expected = await expectedIds({ ...filter, sort });
        expect(expected.length).toBeGreaterThan(limit);
        const pages = Math.ceil(expected.length / limit);
        for (let page = 0; page <= pages; page++) {
          // A search walks the list index or, with few matches, picks among them: both on every page.
          // A list's page starts at its week of creation (spanWalk 0) or walks from the nearer end.
          const fewMatches = page % 2 === 0 ? 0 : expected.length;
          const spanWalk = page % 2 === 0 ? 0 : Number.POSITIVE_INFINITY;
          const { rows, totalCount } = await listProductCards(
            db(),
            { ...filter, sort, limit, offset: page * limit },
            { fewMatches, spanWalk },
          );
          expect(totalCount, JSON.stringify({ filter, sort })).toBe(expected.length);
          expect(
            rows.map((row) => row.product.id),
            JSON.stringify({ filter, sort, page }),
          ).toEqual(expected.slice(page * limit, (page + 1) * limit));
        }
      }
    }
  });
});

describe('every sort of the contract', () => {
  /** Lists, facets and searches: each takes its own path to a page. */
  const PATHS: Omit<ProductFilter, 'limit' | 'offset' | 'sort'>[] = [
    { stockStatus: 'all' },
    { categoryId: 1, stockStatus: 'all' },
    { categoryId: 9, stockStatus: 'inStock' },
    { stockStatus: 'outOfStock' },
    { categoryId: 0, artistId: 2, stockStatus: 'all' },
    { categoryId: 0, tag: 'new', stockStatus: 'all' },
    { stockStatus: 'all', keywords: ['album'] },
    { stockStatus: 'inStock', keywords: ['ver'] },
  ];

  it('answers the first page and a deep page read from the end on every path as a plain query orders them', async () => {
    // An artist and a tag at once walk the list indexes of every product: the commonest pair.
    const [pair] = await queryRows<{ artist_id: number; tag: string }>(
      db(),
      sql`select a as artist_id, t as tag from products, unnest(artist_ids) a, unnest(tags) t
        where deleted_at is null and is_published group by 1, 2 order by count(*) desc, 1, 2 limit 1`,
    );
    const both = { categoryId: 0, artistId: pair!.artist_id, tag: pair!.tag, stockStatus: 'all' } as const;
    for (const sort of SORTS) {
      for (const filter of [...PATHS, both]) {
        const expected = await expectedIds({ ...filter, sort });
        const label = JSON.stringify({ sort, filter });
        expect(expected.length, label).toBeGreaterThanOrEqual(3);
        // The first page; the last and the one before it lie past the middle: read from the end in the
        // mirrored order (the last one shorter when the total is not a multiple of the page).
        const limit = Math.min(5, Math.floor(expected.length / 3));
        const last = (Math.ceil(expected.length / limit) - 1) * limit;
        for (const offset of new Set([0, last - limit, last])) {
          for (const options of [
            { spanWalk: 0, fewMatches: 0 },
            { spanWalk: Number.POSITIVE_INFINITY, fewMatches: expected.length },
          ]) {
            const { rows, totalCount } = await listProductCards(
              db(),
              { ...filter, sort, limit, offset },
              options,
            );
            expect(totalCount, label).toBe(expected.length);
            expect(
              rows.map((row) => row.product.id),
              `${label} offset ${offset} ${JSON.stringify(options)}`,
            ).toEqual(expected.slice(offset, offset + limit));
          }
        }
      }
    }
  });

  /** Every product of a list in the repository's release-date order, page by page. */
  async function releaseDates(filter: Omit<ProductFilter, 'limit' | 'offset' | 'sort'>, today?: string) {
    const dates: (string | null)[] = [];
    for (let offset = 0; ; offset += 100) {
      const { rows, totalCount } = await listProductCards(
        db(),
        { ...filter, sort: 'releaseDate', limit: 100, offset },
        today ? { today } : {},
      );
      dates.push(...rows.map((row) => row.product.releaseDate));
      if (offset + 100 >= totalCount) return dates;
    }
  }

  it('puts releases from the Korean day on first, soonest first, then past ones newest first, then none', async () => {
    const [row] = await queryRows<{ today: string }>(db(), sql`select ${SEOUL_TODAY}::text as today`);
    const today = row!.today;
    for (const filter of [{ stockStatus: 'all' }, { stockStatus: 'all', keywords: ['a'] }] as Omit<
      ProductFilter,
      'limit' | 'offset' | 'sort'
    >[]) {
      const dates = await releaseDates(filter);
      const coming = dates.filter((date) => date !== null && date >= today);
      const past = dates.filter((date) => date !== null && date < today);
      const none = dates.filter((date) => date === null);
      expect(coming.length).toBeGreaterThan(0);
      expect(past.length).toBeGreaterThan(0);
      expect(none.length).toBeGreaterThan(0);
      expect(coming[0]).toBe(today);
      expect(dates).toEqual([...[...coming].sort(), ...[...past].sort().reverse(), ...none]);
    }
    // On a day before every release, every dated product is a coming one.
    const early = await releaseDates({ stockStatus: 'all' }, '2000-01-01');
    const dated = early.filter((date) => date !== null);
    expect(early).toEqual([...[...dated].sort(), ...early.filter((date) => date === null)]);
    expect(early).toHaveLength((await expectedIds({ stockStatus: 'all', sort: 'releaseDate' })).length);
  });
});

describe('a search counted in two halves', () => {
  it('counts what one statement counts, for every word and stock state', async () => {
    const boundary = await halvesBoundaryOf(db(), 0);
    expect(boundary).not.toBeNull();
    // The demo catalogue lies on both sides of the boundary, so each half counts some of it.
    const [sides] = await queryRows<{ before: number; after: number }>(
      db(),
      sql`select count(*) filter (where created_at < ${boundary}::timestamptz)::int as before,
        count(*) filter (where created_at >= ${boundary}::timestamptz)::int as after
        from products where deleted_at is null and is_published`,
    );
    expect(sides!.before).toBeGreaterThan(0);
    expect(sides!.after).toBeGreaterThan(0);
    for (const keywords of [['album'], ['a'], ['album', 'ver'], ['zqxj']]) {
      for (const stockStatus of STOCK_STATUSES) {
        const where = sql.join(
          [
            sql`deleted_at is null and is_published`,
            ...keywords.map((word) => sql`search_text like ${`%${word}%`}`),
            ...(stockStatus === 'all' ? [] : [stockStatus === 'inStock' ? sql`in_stock` : sql`not in_stock`]),
          ],
          sql` and `,
        );
        const expected = (await expectedIds({ stockStatus, keywords, sort: 'latest' })).length;
        const label = JSON.stringify({ keywords, stockStatus });
        expect(await countMatches(db(), where, 0), label).toBe(expected);
        expect(await countMatches(db(), where, Number.POSITIVE_INFINITY), label).toBe(expected);
      }
    }
    // Above the catalogue's size the count stays one statement.
    expect(await halvesBoundaryOf(db(), 1_000_000)).toBeNull();
  });
});

describe('week spans and sales bands of the lists', () => {
  type SpanRow = { span: number; category_id: number; in_stock: boolean; n: number };
  const read = async (query: SQL) =>
    ((await db().execute(query)) as unknown as { rows: SpanRow[] }).rows
      .map((row) => `${row.span}/${row.category_id}/${row.in_stock}: ${Number(row.n)}`)
      .sort();

  /** Every category's and stock state's products per week and per sales band, kept and by a plain query. */
  async function expectExactSpans() {
    const keptWeeks = await read(sql`select week as span, category_id, in_stock, sum(n)::int as n
      from product_list_spans group by 1, 2, 3 having sum(n) <> 0`);
    const countedWeeks = await read(sql`select floor(extract(epoch from created_at) / 604800)::int as span,
      category_id, in_stock, count(*)::int as n
      from products where deleted_at is null and is_published group by 1, 2, 3`);
    expect(keptWeeks).toEqual(countedWeeks);
    // Band b holds the sales q with b^2 <= 4q < (b + 1)^2: counted here without the trigger's square root.
    const keptBands = await read(sql`select band as span, category_id, in_stock, sum(n)::int as n
      from product_list_bands group by 1, 2, 3 having sum(n) <> 0`);
    const countedBands = await read(sql`select b.band as span, category_id, in_stock, count(*)::int as n
      from products p cross join lateral (select max(k) as band from generate_series(0, 2000) k
        where k * k <= 4 * greatest(p.total_sales_quantity, 0)) b
      where deleted_at is null and is_published group by 1, 2, 3`);
    expect(keptBands).toEqual(countedBands);
  }

  it('hold every listed product in its week and sales band, and give the plain offset pages once compacted', async () => {
    await expectExactSpans();
    // Sales move a few products between bands, and one far up.
    await db().execute(sql`update products set total_sales_quantity = total_sales_quantity + 37
      where id in (select id from products order by md5(id::text) limit 9)`);
    await db().execute(sql`update products set total_sales_quantity = 4000
      where id = (select id from products order by md5(id::text) desc limit 1)`);
    await expectExactSpans();
    await compactListSpans(db(), 'latest');
    await compactListSpans(db(), 'bestSelling');
    await expectExactSpans();
    const limit = 6;
    for (const sort of SORTS) {
      for (const filter of [
        { stockStatus: 'all' },
        { categoryId: 9, stockStatus: 'all' },
        { categoryId: 1, stockStatus: 'outOfStock' },
      ] as Omit<ProductFilter, 'limit' | 'offset' | 'sort'>[]) {
        const expected = await expectedIds({ ...filter, sort });
        for (let offset = 0; offset < expected.length + limit; offset += limit) {
          const { rows } = await listProductCards(db(), { ...filter, sort, limit, offset }, { spanWalk: 0 });
          expect(
            rows.map((row) => row.product.id),
            JSON.stringify({ filter, sort, offset }),
          ).toEqual(expected.slice(offset, offset + limit));
        }
      }
    }
  });
});

describe("the artists' and tags' own rows (facets)", () => {
  /** Every listed product's facet rows, as kept by the trigger and as derived from products. */
  async function expectExactFacets() {
    const [kept] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from product_list_facets`,
    );
    expect(kept!.n).toBeGreaterThan(0);
    expect(await driftedFacetRows(db())).toEqual([]);
  }

  /** Every page of some artists' and tags' lists, in both orders, against the plain offset query. */
  async function expectPlainPages() {
    const limit = 2;
    const filters: Omit<ProductFilter, 'limit' | 'offset' | 'sort'>[] = [
      { categoryId: 0, artistId: 2, stockStatus: 'all' },
      { categoryId: 1, artistId: 1, stockStatus: 'inStock' },
      { categoryId: 0, tag: 'sale', stockStatus: 'all' },
      { categoryId: 0, tag: 'hot', stockStatus: 'outOfStock' },
      // Both at once walk the list index of every product.
      { categoryId: 0, artistId: 1, tag: 'new', stockStatus: 'all' },
    ];
    for (const sort of SORTS) {
      for (const filter of filters) {
        const expected = await expectedIds({ ...filter, sort });
        expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(limit);
        for (let offset = 0; offset < expected.length + limit; offset += limit) {
          const { rows, totalCount } = await listProductCards(db(), { ...filter, sort, limit, offset });
          expect(totalCount).toBe(expected.length);
          expect(
            rows.map((row) => row.product.id),
            JSON.stringify({ filter, sort, offset }),
          ).toEqual(expected.slice(offset, offset + limit));
        }
      }
    }
  }

  it('hold each listed product once per artist and tag, through sales, edits, drafts, deletes and new products', async () => {
    await expectExactFacets();
    await expectPlainPages();
    const some = await db()
      .select({ id: products.id })
      .from(products)
      .where(sql`deleted_at is null and is_published and cardinality(artist_ids) > 0`)
      .orderBy(sql`md5(id::text)`)
      .limit(8);
    const [a, b, c, d, e, f, g, h] = some.map((row) => row.id);
    // Sales move products in the best-selling order; the same tag twice still makes one row.
    await db().execute(sql`update products set total_sales_quantity = total_sales_quantity + 41
      where id in (${a}, ${b})`);
    await db()
      .update(products)
      .set({ tags: ['sale', 'sale', 'hot'], categoryId: 24 })
      .where(eq(products.id, c!));
    // Another artist, as the back office saves one: links replaced, then the refresh.
    await db().transaction(async (tx) => {
      await tx.delete(productArtists).where(eq(productArtists.productId, d!));
      await tx.insert(productArtists).values([
        { productId: d!, artistId: 2 },
        { productId: d!, artistId: 1 },
      ]);
      await refreshProductDerived(tx, [d!]);
    });
    await db().update(products).set({ isPublished: false }).where(eq(products.id, e!));
    await db().update(products).set({ deletedAt: new Date() }).where(eq(products.id, f!));
    await db().update(productOptions).set({ stock: 0, holdStock: 0 }).where(eq(productOptions.productId, g!));
    await refreshProductDerived(db(), [g!]);
    await db()
      .update(products)
      .set({ createdAt: new Date('2026-03-01T00:00:00.123Z') })
      .where(eq(products.id, h!));
    // A change of nothing a list reads rewrites no facet row (the rows keep their place in the table).
    const places = async () =>
      (
        (await db().execute(
          sql`select ctid::text as place from product_list_facets where product_id = ${a} order by 1`,
        )) as unknown as { rows: { place: string }[] }
      ).rows.map((row) => row.place);
    const before = await places();
    expect(before.length).toBeGreaterThan(0);
    await db().update(products).set({ title: 'Renamed' }).where(eq(products.id, a!));
    expect(await places()).toEqual(before);
    await insertGeneratedProducts(db(), { count: 30, startIndex: 6_000, batchSize: 12 });
    await expectExactFacets();
    await expectPlainPages();

    await db().update(products).set({ isPublished: true }).where(eq(products.id, e!));
    await db().update(products).set({ deletedAt: null }).where(eq(products.id, f!));
    await db().execute(sql`delete from products where id = ${b}`);
    await expectExactFacets();
    await expectPlainPages();
  });
});

describe('search keywords kept counted', () => {
  const KEYWORDS = [['album'], ['ver', 'album'], ['b'], ['50%'], ['zzzz']];

  /** Every kept keyword's count, for every stock state, against a plain query of the products. */
  async function expectExactKeywordCounts(keywordLists: string[][] = KEYWORDS) {
    const wrong: string[] = [];
    for (const keywords of keywordLists) {
      for (const stockStatus of STOCK_STATUSES) {
        const kept = await keptKeywordCount(db(), [...keywords].sort(), stockStatus);
        const expected = (await expectedIds({ keywords, stockStatus, sort: 'latest' })).length;
        if (kept !== expected) wrong.push(`${keywords.join(' ')} ${stockStatus}: ${kept} != ${expected}`);
      }
      // Its matches per day and per sales band, kept and by a plain query (band as the lists' test has it).
      const words = sql`array[${sql.join(
        [...keywords].sort().map((word) => sql`${word}`),
        sql`, `,
      )}]::text[]`;
      const spans = async (query: SQL) =>
        ((await db().execute(query)) as unknown as { rows: { span: string }[] }).rows
          .map((row) => row.span)
          .sort();
      const matching = sql`p.deleted_at is null and p.is_published
        and (select bool_and(strpos(p.search_text, w) > 0) from unnest(${words}) w)`;
      expect(
        await spans(sql`select concat_ws('/', day, in_stock, sum(n)) as span from search_keyword_spans
          where words = ${words} group by day, in_stock having sum(n) <> 0`),
        `${keywords} days`,
      ).toEqual(
        await spans(sql`select concat_ws('/', floor(extract(epoch from created_at) / 86400), in_stock, count(*))
          as span from products p where ${matching} group by floor(extract(epoch from created_at) / 86400), in_stock`),
      );
      expect(
        await spans(sql`select concat_ws('/', band, in_stock, sum(n)) as span from search_keyword_bands
          where words = ${words} group by band, in_stock having sum(n) <> 0`),
        `${keywords} bands`,
      ).toEqual(
        await spans(sql`select concat_ws('/', b.band, p.in_stock, count(*)) as span from products p
          cross join lateral (select max(k) as band from generate_series(0, 2000) k
            where k * k <= 4 * greatest(p.total_sales_quantity, 0)) b
          where ${matching} group by b.band, p.in_stock`),
      );
    }
    expect(wrong).toEqual([]);
  }

  it('count every match once ready, and follow adding, renaming, selling out, deleting and drafting products', async () => {
    expect(await keptKeywordCount(db(), ['album'], 'all')).toBeUndefined();
    for (const keywords of KEYWORDS) expect(await keepKeywordCounted(db(), keywords)).toBe(true);
    expect(
      (await expectedIds({ keywords: ['album'], stockStatus: 'all', sort: 'latest' })).length,
    ).toBeGreaterThan(10);
    await expectExactKeywordCounts();

    await insertGeneratedProducts(db(), { count: 30, startIndex: 7_000, batchSize: 11 });
    await expectExactKeywordCounts();

    const [a, b, c, d] = await db()
      .select({ id: products.id })
      .from(products)
      .where(sql`deleted_at is null and search_text like '%album%'`)
      .orderBy(products.id)
      .limit(4);
    await db().transaction(async (tx) => {
      await tx.update(products).set({ title: 'Plain 50% poster' }).where(eq(products.id, a!.id));
      await tx.update(products).set({ deletedAt: new Date() }).where(eq(products.id, b!.id));
      await tx
        .update(productOptions)
        .set({ stock: 0, holdStock: 0 })
        .where(eq(productOptions.productId, c!.id));
      await tx.update(products).set({ isPublished: false }).where(eq(products.id, d!.id));
      await refreshProductDerived(tx, [a!.id, b!.id, c!.id, d!.id]);
    });
    // A change of sales figures alone changes no keyword's count (only its bands, for products moved).
    const rowsBefore = await db().execute(sql`select count(*)::int as n from search_keyword_counts`);
    await db().update(products).set({ totalSalesQuantity: sql`total_sales_quantity + 1` });
    const rowsAfter = await db().execute(sql`select count(*)::int as n from search_keyword_counts`);
    expect((rowsAfter as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(
      (rowsBefore as unknown as { rows: { n: number }[] }).rows[0]!.n,
    );
    await expectExactKeywordCounts();

    await db()
      .update(products)
      .set({ deletedAt: null, isPublished: true })
      .where(inArray(products.id, [b!.id, d!.id]));
    await db().delete(products).where(eq(products.id, a!.id));
    await expectExactKeywordCounts();

    for (const keywords of KEYWORDS) await compactKeywordCounts(db(), [...keywords].sort());
    await expectExactKeywordCounts();
    await expectPlainSearchPages();
  });

  /**
   * Every page of kept keywords' searches, walked from the day or band each page lies in (spanWalk 0, never
   * among the few matches), against the plain offset query.
   */
  async function expectPlainSearchPages() {
    const limit = 3;
    for (const sort of SORTS) {
      for (const filter of [
        { keywords: ['album'], stockStatus: 'all' },
        { keywords: ['ver', 'album'], stockStatus: 'inStock' },
        { keywords: ['b'], stockStatus: 'outOfStock' },
      ] as Omit<ProductFilter, 'limit' | 'offset' | 'sort'>[]) {
        const expected = await expectedIds({ ...filter, sort });
        expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(limit);
        for (let offset = 0; offset < expected.length + limit; offset += limit) {
          const { rows } = await listProductCards(
            db(),
            { ...filter, sort, limit, offset },
            { spanWalk: 0, fewMatches: 0 },
          );
          expect(
            rows.map((row) => row.product.id),
            JSON.stringify({ filter, sort, offset }),
          ).toEqual(expected.slice(offset, offset + limit));
        }
      }
    }
  }

  it('walk a deep page from its day or sales band, after sales move products between bands', async () => {
    await db().execute(sql`update products set total_sales_quantity = total_sales_quantity + 29
      where id in (select id from products where search_text like '%album%' order by md5(id::text) limit 7)`);
    await db().execute(sql`update products set created_at = created_at - interval '3 days'
      where id in (select id from products where search_text like '%album%' order by md5(id::text) desc limit 5)`);
    await expectExactKeywordCounts();
    await expectPlainSearchPages();
  });

  it('are kept by a search that finds more products than the threshold, and then answer its total', async () => {
    const filter: ProductFilter = {
      keywords: ['stick'],
      stockStatus: 'inStock',
      sort: 'latest',
      limit: 5,
      offset: 0,
    };
    const expected = await expectedIds(filter);
    expect(expected.length).toBeGreaterThan(5);
    const first = await listProductCards(db(), filter, { keepAbove: 5 });
    expect(first.totalCount).toBe(expected.length);
    await expect
      .poll(() => keptKeywordCount(db(), ['stick'], 'inStock'), { timeout: 5_000 })
      .toBe(expected.length);
    // A keyword with fewer matches is counted each time, not kept.
    await listProductCards(db(), { ...filter, keywords: ['zqxj'] }, { keepAbove: 5 });
    const kept = (await db().execute(
      sql`select words from search_keywords where words = array['zqxj']::text[]`,
    )) as unknown as { rows: unknown[] };
    expect(kept.rows).toEqual([]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'wait for a writer that began before the keyword, and then count its change too',
    async () => {
      const { default: pg } = await import('pg');
      const url = (database as Database & { url?: string }).url!;
      const writer = new pg.Client({ connectionString: url });
      await writer.connect();
      try {
        const [product] = await db()
          .select({ id: products.id })
          .from(products)
          .where(sql`deleted_at is null and is_published and search_text like '%light%'`)
          .limit(1);
        await writer.query('begin');
        await writer.query('select 1');
        // The writer's transaction is older than the keyword: it may have written without counting it.
        expect(await keepKeywordCounted(db(), ['light'], { waitMs: 300 })).toBe(false);
        expect(await keptKeywordCount(db(), ['light'], 'all')).toBeUndefined();
        await writer.query('update products set deleted_at = now() where id = $1', [product!.id]);
        const keeping = keepKeywordCounted(db(), ['light'], { waitMs: 5_000 });
        await new Promise((resolve) => setTimeout(resolve, 200));
        await writer.query('commit');
        expect(await keeping).toBe(true);
        const expected = await expectedIds({ keywords: ['light'], stockStatus: 'all', sort: 'latest' });
        expect(await keptKeywordCount(db(), ['light'], 'all')).toBe(expected.length);
        await db().update(products).set({ deletedAt: null }).where(eq(products.id, product!.id));
        expect(await keptKeywordCount(db(), ['light'], 'all')).toBe(expected.length + 1);
        // Its days and bands too: the writer's change, appended before the keyword was counted, is in them.
        await expectExactKeywordCounts([['light']]);
      } finally {
        await writer.end();
      }
    },
  );
});

describe("the catalogue's commonest words, kept counted ahead of their first search", () => {
  const keptKeywords = async () =>
    Number(
      (
        (await db().execute(sql`select count(*)::int as n from search_keywords`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

  it('are the words and side-by-side pairs in the most listed products, not kept yet, and count exactly once kept', async () => {
    const keptNow = await keptKeywords();
    const common = await commonCatalogueWords(db(), { above: 5, most: 40 });
    expect(common.length).toBeGreaterThan(4);
    expect(common.some((words) => words.length === 2)).toBe(true);
    const counts: number[] = [];
    for (const words of common) {
      expect(words).toEqual(keywordKey(words));
      expect(await keptKeywordCount(db(), words, 'all')).toBeUndefined();
      counts.push((await expectedIds({ keywords: words, stockStatus: 'all', sort: 'latest' })).length);
    }
    // A word found in more than `above` products matches at least as many as a pattern.
    expect(counts.every((n) => n > 5)).toBe(true);

    const most = common.slice(0, 4);
    expect(await keepCommonWordsCounted(db(), { above: 5, most: 40, keptAtMost: keptNow + 4 })).toBe(4);
    for (const words of most) {
      for (const stockStatus of STOCK_STATUSES) {
        const expected = (await expectedIds({ keywords: words, stockStatus, sort: 'latest' })).length;
        expect(await keptKeywordCount(db(), words, stockStatus)).toBe(expected);
      }
    }
    // Kept words are not offered again; the next run keeps the rest of the same most frequent ones.
    expect(await commonCatalogueWords(db(), { above: 5, most: 40 })).toEqual(common.slice(4));
    expect(await keepCommonWordsCounted(db(), { above: 5, most: 40 })).toBe(common.length - 4);
    expect(await commonCatalogueWords(db(), { above: 5, most: 40 })).toEqual([]);
    // A word in too few products is never offered.
    expect(await commonCatalogueWords(db(), { above: 1_000_000 })).toEqual([]);
  });
});

describe('kept keywords when as many are kept as may be', () => {
  const keptCount = async () =>
    (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from search_keywords`))[0]!.n;
  const words = (list: readonly string[]) =>
    sql`array[${sql.join(
      list.map((word) => sql`${word}`),
      sql`, `,
    )}]::text[]`;
  const searchedDaysAgo = (list: readonly string[] | null, days: number) =>
    db().execute(sql`update search_keywords set last_searched_at = now() - make_interval(days => ${days})
      where ${list ? sql`words = ${words(list)}` : sql`true`}`);
  const searchedRecently = async (list: readonly string[]) =>
    (
      await queryRows<{ recent: boolean }>(
        db(),
        sql`select last_searched_at > now() - interval '1 minute' as recent from search_keywords
          where words = ${words(list)}`,
      )
    )[0]!.recent;
  /** The keyword's rows left in the three kept tables. */
  const rowsOf = async (list: readonly string[]) =>
    (
      await queryRows<{ n: number }>(
        db(),
        sql`select ((select count(*) from search_keyword_counts where words = ${words(list)})
          + (select count(*) from search_keyword_spans where words = ${words(list)})
          + (select count(*) from search_keyword_bands where words = ${words(list)}))::int as n`,
      )
    )[0]!.n;
  const expectExact = async (list: string[]) => {
    for (const stockStatus of STOCK_STATUSES) {
      const expected = (await expectedIds({ keywords: list, stockStatus, sort: 'latest' })).length;
      expect(await keptKeywordCount(db(), list, stockStatus), `${list} ${stockStatus}`).toBe(expected);
    }
  };

  it("give the place of the one searched longest ago, if nobody searched it for a day, to a buyer's new keyword", async () => {
    expect(await keepKeywordCounted(db(), ['o'])).toBe(true);
    expect(await keepKeywordCounted(db(), ['e'])).toBe(true);
    const full = await keptCount();
    expect(await rowsOf(['o'])).toBeGreaterThan(0);

    // Every keyword searched within the day: a new keyword is not kept, and nothing is dropped.
    await searchedDaysAgo(null, 0);
    expect(await keepKeywordCounted(db(), ['i'], { keptAtMost: full })).toBe(true);
    expect(await keptKeywordCount(db(), ['i'], 'all')).toBeUndefined();
    expect(await keptCount()).toBe(full);

    // 'e' last searched two days ago, 'o' three: 'o' goes with its rows, 'i' takes its place.
    await searchedDaysAgo(['e'], 2);
    await searchedDaysAgo(['o'], 3);
    expect(await keepKeywordCounted(db(), ['i'], { keptAtMost: full })).toBe(true);
    expect(await keptKeywordCount(db(), ['o'], 'all')).toBeUndefined();
    expect(await rowsOf(['o'])).toBe(0);
    expect(await keptCount()).toBe(full);
    await expectExact(['i']);
    await expectExact(['e']);

    // Reading 'e' noted its search; idle again, it gives its place back to 'o'. A writer that read 'o' before it
    // was dropped may append a row for it afterwards: kept again, 'o' still counts exactly.
    await expect.poll(() => searchedRecently(['e']), { timeout: 5_000 }).toBe(true);
    await searchedDaysAgo(['e'], 2);
    await db().execute(
      sql`insert into search_keyword_counts (words, in_stock, n) values (${words(['o'])}, true, 3)`,
    );
    expect(await keepKeywordCounted(db(), ['o'], { keptAtMost: full })).toBe(true);
    expect(await keptKeywordCount(db(), ['e'], 'all')).toBeUndefined();
    await expectExact(['o']);
    await insertGeneratedProducts(db(), { count: 5, startIndex: 9_000 });
    await expectExact(['o']);
    await expectExact(['i']);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'count exactly when kept again after a writer appended a row for them while they were dropped',
    async () => {
      const { default: pg } = await import('pg');
      const writer = new pg.Client({ connectionString: (database as Database & { url?: string }).url! });
      await writer.connect();
      try {
        // Read by SQL until 'o' is dropped: a search's read would note its search (`noteSearched`) meanwhile.
        const kept = async (list: readonly string[]) =>
          (
            await queryRows<{ n: number }>(
              db(),
              sql`select count(*)::int as n from search_keywords where words = ${words(list)} and ready`,
            )
          )[0]!.n === 1;
        expect(await keepKeywordCounted(db(), ['o'])).toBe(true);
        expect(await kept(['o'])).toBe(true);
        const full = await keptCount();
        const [product] = await db()
          .select({ id: products.id })
          .from(products)
          .where(sql`deleted_at is null and is_published and search_text like '%o%'`)
          .limit(1);
        const before = await rowsOf(['o']);
        // The writer's statement reads 'o' as kept and appends its change for it; it commits after 'o' is dropped.
        await writer.query('begin');
        await writer.query('update products set deleted_at = now() where id = $1', [product!.id]);
        await searchedDaysAgo(null, 0);
        await searchedDaysAgo(['o'], 5);
        const keeping = keepKeywordCounted(db(), ['u'], { keptAtMost: full, waitMs: 5_000 });
        await expect.poll(() => kept(['o']), { timeout: 5_000 }).toBe(false);
        await writer.query('commit');
        expect(await keeping).toBe(true);
        expect(await rowsOf(['o'])).toBeGreaterThan(0);
        expect(before).toBeGreaterThan(0);

        await searchedDaysAgo(['u'], 5);
        expect(await keepKeywordCounted(db(), ['o'], { keptAtMost: full })).toBe(true);
        await expectExact(['o']);
        await db().update(products).set({ deletedAt: null }).where(eq(products.id, product!.id));
        await expectExact(['o']);
      } finally {
        await writer.end();
      }
    },
  );

  it('note when a search last read a kept count, at most once in ten minutes per instance', async () => {
    expect(await keepKeywordCounted(db(), ['a'])).toBe(true);
    const lastSearched = () => searchedRecently(['a']);
    await searchedDaysAgo(['a'], 2);
    expect(await keptKeywordCount(db(), ['a'], 'all')).toBeGreaterThan(0);
    await expect.poll(lastSearched, { timeout: 5_000 }).toBe(true);

    await searchedDaysAgo(['a'], 2);
    expect(await keptKeywordCount(db(), ['a'], 'all')).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await lastSearched()).toBe(false);
  });
});
