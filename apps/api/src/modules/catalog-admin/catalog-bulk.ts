import {
  availableStock,
  type BulkEditRequest,
  type BulkEditResult,
  fromMinorUnits,
  MONEY_MAX,
  type StockLevels,
  soldOutReasonOf,
  toMinorUnits,
} from '@kshop/contract';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { refreshProductDerived } from '../../db/derived.js';
import { lockOptionsOfProducts, lockProducts } from '../../db/row-locks.js';
import { artists, productArtists, productOptions, products } from '../../db/schema.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './catalog-admin.repository.js';

type ProductRow = typeof products.$inferSelect;
type OptionRow = typeof productOptions.$inferSelect;
type Change = { option: string | null; field: string; before: unknown; after: unknown };
type ProductPlan = {
  product: ProductRow;
  productValues: Partial<typeof products.$inferInsert>;
  optionValues: { id: string; values: Partial<typeof productOptions.$inferInsert> }[];
  changes: Change[];
};

const optionName = (o: OptionRow) =>
  [o.optionNameValue1, o.optionNameValue2].filter((v) => v !== null && v !== '').join(' / ');

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/**
 * A price moved by a percentage, in minor units (whole won, cents): rounded to the nearest `step` (₩100 is a step
 * of 100) and never below one step (a price of nothing stays nothing).
 */
export function priceByPercent(minor: number, percent: number, step = 1): number {
  if (minor === 0) return 0;
  return Math.max(step, Math.round((minor * (100 + percent)) / 100 / step) * step);
}

type PercentChange = Extract<BulkEditRequest, { action: 'pricePercent' }>;

function planPrices(product: ProductRow, options: OptionRow[], change: PercentChange): ProductPlan {
  const plan: ProductPlan = { product, productValues: {}, optionValues: [], changes: [] };
  const percent = change.value;
  const currencies = change.currencies ?? (['KRW', 'USD'] as const);
  for (const o of options) {
    const values: Partial<typeof productOptions.$inferInsert> = {};
    for (const currency of currencies) {
      const step = change.roundTo?.[currency] ?? 1;
      const [priceKey, comparedKey] =
        currency === 'KRW'
          ? (['priceKrw', 'comparedPriceKrw'] as const)
          : (['priceUsd', 'comparedPriceUsd'] as const);
      const price = priceByPercent(o[priceKey], percent, step);
      if (price > toMinorUnits(MONEY_MAX[currency], currency)) {
        throw badRequest(
          `'${product.title}' (${optionName(o)}) would cost more than the highest price allowed.`,
          'PRICE_TOO_HIGH',
        );
      }
      // A compared ("was") price moves with its price and never falls below it.
      const before = o[comparedKey];
      const compared = before === null ? null : Math.max(price, priceByPercent(before, percent, step));
      for (const [key, from, to] of [
        [priceKey, o[priceKey], price],
        [comparedKey, before, compared],
      ] as const) {
        if (from === to) continue;
        (values as Record<string, number | null>)[key] = to;
        plan.changes.push({
          option: optionName(o),
          field: key,
          before: from === null ? null : fromMinorUnits(from, currency),
          after: to === null ? null : fromMinorUnits(to, currency),
        });
      }
    }
    if (Object.keys(values).length) plan.optionValues.push({ id: o.id, values });
  }
  return plan;
}

function planOne(input: BulkEditRequest, product: ProductRow, options: OptionRow[]): ProductPlan {
  const plan: ProductPlan = { product, productValues: {}, optionValues: [], changes: [] };
  switch (input.action) {
    case 'soldOut':
    case 'inStock': {
      const soldOut = input.action === 'soldOut';
      for (const o of options) {
        if (o.isSoldOut === soldOut) continue;
        plan.optionValues.push({ id: o.id, values: { isSoldOut: soldOut } });
        plan.changes.push({ option: optionName(o), field: 'isSoldOut', before: o.isSoldOut, after: soldOut });
      }
      return plan;
    }
    case 'setTags':
    case 'clearTags': {
      const tags = input.action === 'setTags' ? [...new Set(input.value)] : [];
      if (!sameTags(product.tags, tags)) {
        plan.productValues.tags = tags;
        plan.changes.push({ option: null, field: 'tags', before: product.tags, after: tags });
      }
      return plan;
    }
    case 'category':
      if (product.categoryId !== input.value) {
        plan.productValues.categoryId = input.value;
        plan.changes.push({
          option: null,
          field: 'categoryId',
          before: product.categoryId,
          after: input.value,
        });
      }
      return plan;
    case 'pricePercent':
      return planPrices(product, options, input);
  }
}

/** Reads the chosen products and their options, checks the request, and works out every change. */
async function planBulk(db: Executor, input: BulkEditRequest): Promise<ProductPlan[]> {
  const ids = [...new Set(input.productIds)];
  const found = await repo.productsByIds(db, ids);
  if (found.length !== ids.length) {
    const missing = ids.filter((id) => !found.some((p) => p.id === id));
    throw notFound(
      missing.length === 1
        ? `Product ${missing[0]} does not exist.`
        : `${missing.length} of the chosen products do not exist: ${missing.slice(0, 5).join(', ')}.`,
      'PRODUCT_NOT_FOUND',
    );
  }
  if (input.action === 'category' && !(await repo.categoryIds(db)).includes(input.value)) {
    throw badRequest('Choose a category that exists.', 'CATEGORY');
  }
  const options = await db
    .select()
    .from(productOptions)
    .where(inArray(productOptions.productId, ids))
    .orderBy(asc(productOptions.sortOrder), asc(productOptions.createdAt));
  return found
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((p) =>
      planOne(
        input,
        p,
        options.filter((o) => o.productId === p.id),
      ),
    );
}

const summary = (plans: ProductPlan[]): BulkEditResult => {
  const changed = plans.filter((p) => p.changes.length > 0);
  return {
    productList: changed.map((p) => ({ uuid: p.product.id, title: p.product.title, changes: p.changes })),
    changed: changed.length,
    unchanged: plans.length - changed.length,
  };
};

/** What a bulk edit would change, product by product; nothing is written or locked. */
export async function previewBulkEdit(db: Executor, input: BulkEditRequest) {
  return summary(await planBulk(db, input));
}

/**
 * Applies a bulk edit in one transaction, in the lock order: the chosen products by id, then all their
 * options by id, before anything is read; then one audit entry per product that changed.
 */
export async function applyBulkEdit(db: Db, input: BulkEditRequest, staffId: string, log?: TransactionLog) {
  return inTransaction(
    db,
    async (tx) => {
      const ids = [...new Set(input.productIds)];
      await lockProducts(tx, ids);
      await lockOptionsOfProducts(tx, ids);
      const plans = await planBulk(tx, input);
      const changed = plans.filter((p) => p.changes.length > 0);
      for (const plan of changed) {
        if (Object.keys(plan.productValues).length)
          await repo.updateProduct(tx, plan.product.id, plan.productValues);
        for (const o of plan.optionValues) await repo.updateOption(tx, o.id, o.values);
      }
      await refreshProductDerived(
        tx,
        changed.map((p) => p.product.id),
      );
      for (const plan of changed) {
        await recordAudit(tx, {
          staffId,
          action: `product.bulk.${input.action}`,
          entity: 'product',
          entityId: plan.product.id,
          before: { title: plan.product.title, changes: plan.changes.map(({ after: _a, ...c }) => c) },
          after: {
            ...('value' in input ? { value: input.value } : {}),
            changes: plan.changes.map(({ before: _b, ...c }) => c),
          },
        });
      }
      return summary(plans);
    },
    { log },
  );
}

const soldOutOption = sql`(${productOptions.isSoldOut} or ${productOptions.stock} - ${productOptions.holdStock} <= 0)`;

async function stockRows(db: Executor, where: SQL, limit: number, order: SQL[]) {
  const rows = await db
    .select({
      option: productOptions,
      title: products.title,
      isPublished: products.isPublished,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(isNull(products.deletedAt), where))
    .orderBy(...order, asc(products.title), asc(productOptions.id))
    .limit(limit);
  return {
    rows: rows.map(({ option: o, title, isPublished }) => ({
      optionUuid: o.id,
      productUuid: o.productId,
      title,
      option: optionName(o),
      available: availableStock(o.stock, o.holdStock),
      threshold: o.lowStockThreshold,
      isPublished,
      isSoldOut: o.isSoldOut,
    })),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * Options running low (fewest available first) and options sold out (most recently changed first), as two
 * lists, so the sold-out never hide the low.
 */
export async function stockLevels(db: Executor, limit: number): Promise<StockLevels> {
  const low = await stockRows(db, repo.lowStockOption, limit, [
    asc(sql`${productOptions.stock} - ${productOptions.holdStock}`),
  ]);
  const soldOut = await stockRows(db, soldOutOption, limit, [desc(productOptions.updatedAt)]);
  return {
    low: low.rows.map(({ isSoldOut: _flag, ...row }) => row),
    lowCount: low.total,
    soldOut: soldOut.rows.map(({ isSoldOut, ...row }) => ({
      ...row,
      soldOutReason: soldOutReasonOf({ isSoldOut, available: row.available }),
    })),
    soldOutCount: soldOut.total,
  };
}

/** The artist table: every artist, or those whose English or Korean name holds `q`, with their products. */
export async function artistList(db: Executor, q: string | undefined, limit: number, offset: number) {
  const where = q
    ? or(ilike(artists.nameEn, containsPattern(q)), ilike(artists.nameKo, containsPattern(q)))
    : undefined;
  const rows = await db
    .select({
      artist: artists,
      productCount:
        sql<number>`(select count(*) from product_artists pa join products p on p.id = pa.product_id
        where pa.artist_id = "artists"."id" and p.deleted_at is null)`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(artists)
    .where(where)
    .orderBy(asc(artists.nameEn), asc(artists.id))
    .limit(limit)
    .offset(offset);
  return {
    artistList: rows.map(({ artist: a, productCount }) => ({
      id: a.id,
      artistCategoryId: a.artistCategoryId,
      artistNameEN: a.nameEn,
      artistNameKO: a.nameKo,
      productCount,
    })),
    totalCount: rows[0]?.total ?? 0,
  };
}

/**
 * The name another artist already has, compared as the unique indexes do (trimmed, case-insensitive),
 * as a 409 naming the field; null when both names are free.
 */
export async function duplicateArtistName(
  db: Executor,
  id: number | null,
  input: { artistNameEN: string; artistNameKO: string },
) {
  const other = id === null ? sql`true` : sql`${artists.id} <> ${id}`;
  for (const [column, value, label] of [
    [artists.nameEn, input.artistNameEN, 'English'],
    [artists.nameKo, input.artistNameKO, 'Korean'],
  ] as const) {
    const [clash] = await db
      .select({ id: artists.id })
      .from(artists)
      .where(and(sql`lower(btrim(${column})) = lower(btrim(${value}))`, other))
      .limit(1);
    if (clash)
      return conflict(
        `Another artist already has the ${label} name '${value.trim()}'.`,
        label === 'English' ? 'ARTIST_NAME_EN_TAKEN' : 'ARTIST_NAME_KO_TAKEN',
      );
  }
  return null;
}

/**
 * Removes an artist no product uses. The artist row is locked first (it is of the last level of the lock
 * order and nothing is locked after it), so a product save linking it either went first and is seen here,
 * or waits and then finds the artist gone.
 */
export async function deleteArtist(db: Db, id: number, staffId: string, log?: TransactionLog) {
  await inTransaction(
    db,
    async (tx) => {
      const [artist] = await tx.select().from(artists).where(eq(artists.id, id)).for('update');
      if (!artist) throw notFound('Artist not found.', 'ARTIST_NOT_FOUND');
      const [used] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(productArtists)
        .innerJoin(products, eq(products.id, productArtists.productId))
        .where(and(eq(productArtists.artistId, id), isNull(products.deletedAt)));
      if (used && used.n > 0)
        throw conflict(
          `${artist.nameEn} is the artist of ${used.n} product${used.n === 1 ? '' : 's'}; remove the artist from ${used.n === 1 ? 'it' : 'them'} first.`,
          'ARTIST_IN_USE',
        );
      await tx.delete(artists).where(eq(artists.id, id));
      await recordAudit(tx, {
        staffId,
        action: 'artist.delete',
        entity: 'artist',
        entityId: String(id),
        before: { artistNameEN: artist.nameEn, artistNameKO: artist.nameKo },
      });
    },
    { log },
  );
}
