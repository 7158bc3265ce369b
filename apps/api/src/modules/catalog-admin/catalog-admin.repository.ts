import { and, asc, desc, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  artistCategories,
  artists,
  categories,
  productArtists,
  productOptions,
  products,
} from '../../db/schema.js';
import { containsPattern } from '../../lib/like.js';
import { categorySubtree } from '../catalog/product-filter.js';

export type ProductRow = typeof products.$inferSelect;
export type OptionRow = typeof productOptions.$inferSelect;

export type AdminProductFilter = {
  q?: string;
  categoryId?: number;
  stock: 'all' | 'inStock' | 'outOfStock' | 'lowStock';
  publication?: 'all' | 'published' | 'draft';
  limit: number;
  offset: number;
};

/**
 * An option is low when it can still be sold (not flagged sold out, some stock available) but no more than
 * its threshold is available; one with nothing available is sold out, not low.
 */
export const lowStockOption = sql`(not ${productOptions.isSoldOut}
  and ${productOptions.stock} - ${productOptions.holdStock} > 0
  and ${productOptions.stock} - ${productOptions.holdStock} <= ${productOptions.lowStockThreshold})`;
const hasLowStockOption = sql`exists (select 1 from product_options o where o.product_id = ${products.id}
  and not o.is_sold_out and o.stock - o.hold_stock > 0 and o.stock - o.hold_stock <= o.low_stock_threshold)`;

export async function searchProducts(db: Executor, f: AdminProductFilter) {
  const conditions: SQL[] = [isNull(products.deletedAt)];
  if (f.q) {
    const like = containsPattern(f.q);
    conditions.push(
      or(
        ilike(products.title, like),
        ilike(products.vendor, like),
        ilike(products.searchText, like),
        // A SKU or barcode finds its product (exactly, or a part of it).
        sql`exists (select 1 from product_options so where so.product_id = ${products.id}
          and (so.sku ilike ${like} or so.barcode ilike ${like}))`,
      )!,
    );
  }
  if (f.categoryId) conditions.push(eq(products.categoryId, f.categoryId));
  if (f.stock === 'inStock' || f.stock === 'outOfStock')
    conditions.push(eq(products.inStock, f.stock === 'inStock'));
  if (f.stock === 'lowStock') conditions.push(hasLowStockOption);
  if (f.publication === 'published') conditions.push(eq(products.isPublished, true));
  if (f.publication === 'draft') conditions.push(eq(products.isPublished, false));
  const rows = await db
    .select({
      product: products,
      optionCount:
        sql<number>`(select count(*) from product_options o where o.product_id = products.id)`.mapWith(
          Number,
        ),
      totalCount: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(products)
    .where(and(...conditions))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(f.limit)
    .offset(f.offset);
  return { rows, totalCount: rows[0]?.totalCount ?? 0 };
}

export async function findProduct(db: Executor, id: string) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  if (!product) return null;
  const options = await db
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, id))
    .orderBy(asc(productOptions.sortOrder), asc(productOptions.createdAt));
  const links = await db
    .select({ artistId: productArtists.artistId })
    .from(productArtists)
    .where(eq(productArtists.productId, id));
  return { product, options, artistIds: links.map((l) => l.artistId).sort((a, b) => a - b) };
}

export const insertProduct = (db: Executor, row: typeof products.$inferInsert) =>
  db.insert(products).values(row).returning();

export const updateProduct = (db: Executor, id: string, values: Partial<typeof products.$inferInsert>) =>
  db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id));

export const insertOption = (db: Executor, row: typeof productOptions.$inferInsert) =>
  db.insert(productOptions).values(row);

export const updateOption = (db: Executor, id: string, values: Partial<typeof productOptions.$inferInsert>) =>
  db
    .update(productOptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(productOptions.id, id));

export const deleteOptionsExcept = (db: Executor, productId: string, keep: string[]) =>
  db
    .delete(productOptions)
    .where(
      keep.length
        ? and(eq(productOptions.productId, productId), notInArray(productOptions.id, keep))
        : eq(productOptions.productId, productId),
    );

export async function replaceArtists(db: Executor, productId: string, artistIds: number[]) {
  await db.delete(productArtists).where(eq(productArtists.productId, productId));
  if (artistIds.length)
    await db.insert(productArtists).values(artistIds.map((artistId) => ({ productId, artistId })));
}

export const existingArtistIds = async (db: Executor, ids: number[]) =>
  ids.length
    ? (await db.select({ id: artists.id }).from(artists).where(inArray(artists.id, ids))).map((r) => r.id)
    : [];

export const categoryIds = async (db: Executor) =>
  (await db.select({ id: categories.id }).from(categories)).map((r) => r.id);

/** The products of a category and of every category below it. */
export const productsUnderCategory = async (db: Executor, categoryId: number) =>
  (
    await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.categoryId} = any(${categorySubtree(categoryId)})`)
  ).map((r) => r.id);

export const allCategories = (db: Executor) =>
  db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));

export const upsertCategory = (db: Executor, row: typeof categories.$inferInsert) =>
  db
    .insert(categories)
    .values(row)
    .onConflictDoUpdate({
      target: categories.id,
      set: { name: row.name, parentId: row.parentId, sortOrder: row.sortOrder },
    });

export async function categoryInUse(db: Executor, id: number) {
  const [child] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, id))
    .limit(1);
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.categoryId, id))
    .limit(1);
  return Boolean(child || product);
}

/** Deletes a category; answers the deleted rows (none when it did not exist). */
export const deleteCategory = (db: Executor, id: number) =>
  db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });

export const insertArtistCategory = (db: Executor, name: string, sortOrder: number) =>
  db.insert(artistCategories).values({ name, sortOrder }).returning();
export const updateArtistCategory = (db: Executor, id: number, name: string, sortOrder: number) =>
  db.update(artistCategories).set({ name, sortOrder }).where(eq(artistCategories.id, id)).returning();
export const insertArtist = (db: Executor, row: typeof artists.$inferInsert) =>
  db.insert(artists).values(row).returning();
export const updateArtist = (db: Executor, id: number, row: Partial<typeof artists.$inferInsert>) =>
  db.update(artists).set(row).where(eq(artists.id, id)).returning();
export const productsOfArtist = async (db: Executor, artistId: number) =>
  (
    await db
      .select({ id: productArtists.productId })
      .from(productArtists)
      .where(eq(productArtists.artistId, artistId))
  ).map((r) => r.id);

/** Every live product with its options and artists, for the CSV export. */
export async function exportRows(db: Executor) {
  return db
    .select({
      product: products,
      option: productOptions,
      artistIds: sql<string>`coalesce((select string_agg(pa.artist_id::text, ';' order by pa.artist_id) from product_artists pa where pa.product_id = products.id), '')`,
    })
    .from(products)
    .innerJoin(productOptions, eq(productOptions.productId, products.id))
    .where(isNull(products.deletedAt))
    .orderBy(
      asc(products.createdAt),
      asc(products.id),
      asc(productOptions.sortOrder),
      asc(productOptions.createdAt),
    );
}

/** The options that have these SKUs, whichever product they belong to. */
export const optionsBySku = (db: Executor, skus: string[]) =>
  skus.length
    ? db
        .select({ id: productOptions.id, productId: productOptions.productId, sku: productOptions.sku })
        .from(productOptions)
        .where(inArray(productOptions.sku, skus))
    : Promise.resolve([]);

/** The option a SKU names, with its product's title; drafts included, removed products not. */
export async function optionBySku(db: Executor, sku: string) {
  const [row] = await db
    .select({
      productOptionUuid: productOptions.id,
      productId: products.id,
      productTitle: products.title,
      optionNameValue1: productOptions.optionNameValue1,
      optionNameValue2: productOptions.optionNameValue2,
      sku: productOptions.sku,
    })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(eq(productOptions.sku, sku), isNull(products.deletedAt)))
    .limit(1);
  return row;
}

export const productsByIds = (db: Executor, ids: string[]) =>
  ids.length
    ? db
        .select()
        .from(products)
        .where(and(inArray(products.id, ids), isNull(products.deletedAt)))
    : Promise.resolve([]);
