import type { Sort, StockStatus } from '@kshop/contract';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { artistCategories, artists, categories, productOptions, products } from '../../db/schema.js';
import { containsPattern } from '../../lib/like.js';
import { TtlCache } from '../../lib/ttl-cache.js';

export const listCategories = (db: Executor) =>
  db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));

export const listArtistCategories = (db: Executor) =>
  db
    .select({ id: artistCategories.id, category: artistCategories.name })
    .from(artistCategories)
    .orderBy(asc(artistCategories.sortOrder), asc(artistCategories.id));

export const listArtists = (db: Executor, artistCategoryId: number) =>
  db
    .select({ id: artists.id, artistNameEN: artists.nameEn, artistNameKO: artists.nameKo })
    .from(artists)
    .where(eq(artists.artistCategoryId, artistCategoryId))
    .orderBy(asc(artists.nameEn));

export type ProductFilter = {
  categoryId?: number;
  artistId?: number;
  tag?: string;
  /** Lower-cased words that must all appear in the product's search text. */
  keywords?: string[];
  stockStatus: StockStatus;
  sort: Sort;
  limit: number;
  offset: number;
};

function filterConditions(filter: ProductFilter): SQL[] {
  const conditions: SQL[] = [isNull(products.deletedAt)];
  if (filter.categoryId !== undefined && filter.categoryId !== 0) {
    conditions.push(sql`${products.categoryId} in (
      with recursive tree as (
        select id from categories where id = ${filter.categoryId}
        union all
        select c.id from categories c join tree on c.parent_id = tree.id)
      select id from tree)`);
  }
  // Correlated subqueries name the outer column in the SQL text: Drizzle leaves a column unqualified when
  // a query reads one table, and inside the subquery that name would mean the subquery's own column.
  if (filter.artistId !== undefined) {
    conditions.push(
      sql`exists (select 1 from product_artists pa where pa.product_id = products.id and pa.artist_id = ${filter.artistId})`,
    );
  }
  if (filter.tag) conditions.push(sql`${filter.tag} = any(${products.tags})`);
  for (const word of filter.keywords ?? []) {
    conditions.push(sql`${products.searchText} like ${containsPattern(word)}`);
  }
  if (filter.stockStatus === 'inStock') conditions.push(eq(products.inStock, true));
  if (filter.stockStatus === 'outOfStock') conditions.push(eq(products.inStock, false));
  return conditions;
}

const cardColumns = {
  id: products.id,
  categoryId: products.categoryId,
  title: products.title,
  vendor: products.vendor,
  imageUrl: sql<string | null>`${products.imageUrls}[1]`,
  releaseDate: products.releaseDate,
  tags: products.tags,
  inStock: products.inStock,
  statusId: products.statusId,
  nationCode2: products.nationCode2,
  totalSalesQuantity: products.totalSalesQuantity,
  totalSalesAmountKrw: products.totalSalesAmountKrw,
  totalSalesAmountUsd: products.totalSalesAmountUsd,
  salesStartAt: products.salesStartAt,
  salesEndAt: products.salesEndAt,
  eventType: products.eventType,
  eventApplyStartAt: products.eventApplyStartAt,
  eventApplyEndAt: products.eventApplyEndAt,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  deletedAt: products.deletedAt,
};

// Counting every match is the costly part of a list on a large catalogue; a count a few seconds old is
// good enough for the pagination, so it is kept per filter for a moment.
const countsByDatabase = new WeakMap<Executor, TtlCache<number>>();
function countsOf(db: Executor) {
  const known = countsByDatabase.get(db);
  if (known) return known;
  const counts = new TtlCache<number>(5_000);
  countsByDatabase.set(db, counts);
  return counts;
}

/** One page of products, each represented by its default option, and how many match in all. */
export async function listProductCards(db: Executor, filter: ProductFilter) {
  const order =
    filter.sort === 'bestSelling'
      ? [desc(products.totalSalesQuantity), desc(products.createdAt), asc(products.id)]
      : [desc(products.createdAt), asc(products.id)];
  const where = and(...filterConditions(filter));
  const rows = await db
    .select({
      product: cardColumns,
      option: {
        id: productOptions.id,
        priceKrw: productOptions.priceKrw,
        priceUsd: productOptions.priceUsd,
        comparedPriceKrw: productOptions.comparedPriceKrw,
        comparedPriceUsd: productOptions.comparedPriceUsd,
      },
    })
    .from(products)
    .innerJoin(
      productOptions,
      and(eq(productOptions.productId, products.id), eq(productOptions.isDefault, true)),
    )
    .where(where)
    .orderBy(...order)
    .limit(filter.limit)
    .offset(filter.offset);
  const { limit: _limit, offset: _offset, sort: _sort, ...countKey } = filter;
  const totalCount = await countsOf(db).getOrLoad(JSON.stringify(countKey), async () => {
    // Every product has exactly one default option (the writers keep it so), so products alone are counted.
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where);
    return count?.n ?? 0;
  });
  return { rows, totalCount };
}

export type ProductCardRow = Awaited<ReturnType<typeof listProductCards>>['rows'][number];

export async function findProductByOption(db: Executor, optionId: string) {
  const [row] = await db
    .select({ product: products })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(eq(productOptions.id, optionId), isNull(products.deletedAt)))
    .limit(1);
  if (!row) return null;
  const options = await db
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, row.product.id))
    .orderBy(asc(productOptions.sortOrder), asc(productOptions.createdAt));
  return { product: row.product, options };
}
