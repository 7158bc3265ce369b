import type { AdminOptionInput, AdminProductInput, CategoryNode } from '@kshop/contract';
import { CATALOGUE_MESSAGES as C, fromMinorUnits, toMinorUnits } from '@kshop/contract';
import type { Db, Executor } from '../../db/client.js';
import { refreshProductDerived } from '../../db/derived.js';
import { lockOptionsOfProducts, lockProducts } from '../../db/row-locks.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { sanitizeDescription } from '../../lib/sanitize.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import { fileIdFromUrl } from '../../lib/storage/storage.js';
import type { UntrustedWork } from '../../workers/untrusted-pool.js';
import { recordAudit } from '../audit/audit.repository.js';
import { type CheckedUpload, checkUpload, claimFile } from '../files/files.service.js';
import * as repo from './catalog-admin.repository.js';
import { duplicateArtistName } from './catalog-bulk.js';

const DEMO_IMAGE = /^\/media\/demo\/[a-z0-9-]+\.svg$/;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const productNotFound = () => notFound(C.productNotFound, 'PRODUCT_NOT_FOUND');

export async function productList(db: Executor, filter: repo.AdminProductFilter) {
  const { rows, totalCount } = await repo.searchProducts(db, filter);
  return {
    productList: rows.map(({ product: p, optionCount }) => ({
      uuid: p.id,
      title: p.title,
      vendor: p.vendor,
      categoryId: p.categoryId,
      tags: p.tags,
      inStock: p.inStock,
      optionCount,
      thumbnailUrl: p.imageUrls[0] ?? null,
      createdAt: p.createdAt.toISOString(),
      isPublished: p.isPublished,
    })),
    totalCount,
  };
}

function optionView(o: repo.OptionRow) {
  return {
    uuid: o.id,
    sku: o.sku,
    barcode: o.barcode,
    weightGrams: o.weightGrams,
    optionNameKey1: o.optionNameKey1,
    optionNameValue1: o.optionNameValue1,
    optionNameKey2: o.optionNameKey2,
    optionNameValue2: o.optionNameValue2,
    priceKrw: fromMinorUnits(o.priceKrw, 'KRW'),
    priceUsd: fromMinorUnits(o.priceUsd, 'USD'),
    comparedPriceKrw: o.comparedPriceKrw === null ? null : fromMinorUnits(o.comparedPriceKrw, 'KRW'),
    comparedPriceUsd: o.comparedPriceUsd === null ? null : fromMinorUnits(o.comparedPriceUsd, 'USD'),
    stock: o.stock,
    holdStock: o.holdStock,
    minimumOrderQuantity: o.minimumOrderQuantity,
    orderMultiple: o.orderMultiple,
    maxPerOrder: o.maxPerOrder,
    isSoldOut: o.isSoldOut,
    isDefault: o.isDefault,
    lowStockThreshold: o.lowStockThreshold,
    preorderCap: o.preorderCap,
    preorderBuyerCap: o.preorderBuyerCap,
    preorderTaken: o.preorderTaken,
  };
}

/** The option a SKU names (SKUs are unique and upper case), or undefined. */
export const optionBySku = (db: Executor, sku: string) => repo.optionBySku(db, sku);

export async function productDetail(db: Executor, id: string) {
  const found = await repo.findProduct(db, id);
  if (!found) throw productNotFound();
  const { product: p } = found;
  return {
    uuid: p.id,
    title: p.title,
    vendor: p.vendor,
    description: p.description,
    categoryId: p.categoryId,
    artistIds: found.artistIds,
    tags: p.tags as AdminProductInput['tags'],
    releaseDate: p.releaseDate,
    salesStartAt: iso(p.salesStartAt),
    salesEndAt: iso(p.salesEndAt),
    preorder: p.preorder,
    shipsOn: p.shipsOn,
    eventType: p.eventType,
    eventApplyStartAt: iso(p.eventApplyStartAt),
    eventApplyEndAt: iso(p.eventApplyEndAt),
    imageUrls: p.imageUrls,
    options: found.options.map(optionView),
    isPublished: p.isPublished,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The rules a product's options follow; the first problem is answered with a clear 400. */
export function checkOptions(options: AdminOptionInput[]): AdminOptionInput[] {
  const withKey2 = options.filter((o) => o.optionNameKey2);
  if (withKey2.length !== 0 && withKey2.length !== options.length) {
    throw badRequest(C.secondKeyAllOrNone, 'OPTION_KEYS');
  }
  const keys = new Set(options.map((o) => `${o.optionNameKey1}\u0000${o.optionNameKey2 ?? ''}`));
  if (keys.size > 1) throw badRequest(C.sameKeys, 'OPTION_KEYS');
  for (const o of options) {
    if (o.optionNameKey2 && !o.optionNameValue2)
      throw badRequest(C.needsSecondValue(o.optionNameValue1, o.optionNameKey2 ?? ''), 'OPTION_VALUES');
    if (o.comparedPriceKrw !== null && o.comparedPriceKrw < o.priceKrw)
      throw badRequest(C.comparedPrice, 'COMPARED_PRICE');
    if (o.comparedPriceUsd !== null && o.comparedPriceUsd < o.priceUsd)
      throw badRequest(C.comparedPrice, 'COMPARED_PRICE');
    const cents = [o.priceUsd, o.comparedPriceUsd ?? 0].map((usd) => usd * 100);
    // 14.29 * 100 is 1428.9999999999998 in floating point: a hair off a whole cent is still whole.
    if (cents.some((c) => Math.abs(c - Math.round(c)) > 1e-6)) {
      throw badRequest(C.usdDecimals, 'PRICE_DECIMALS');
    }
  }
  const values = new Set(options.map((o) => `${o.optionNameValue1}\u0000${o.optionNameValue2 ?? ''}`));
  if (values.size !== options.length) throw badRequest(C.sameValues, 'OPTION_VALUES');
  const defaults = options.filter((o) => o.isDefault).length;
  if (defaults > 1) throw badRequest(C.oneDefault, 'OPTION_DEFAULT');
  return defaults === 1 ? options : options.map((o, i) => ({ ...o, isDefault: i === 0 }));
}

const optionColumns = (o: AdminOptionInput, sortOrder: number) => ({
  // Without a SKU an existing option keeps its own and a new one takes the next KS number.
  ...(o.sku ? { sku: o.sku } : {}),
  barcode: o.barcode ?? null,
  weightGrams: o.weightGrams ?? null,
  optionNameKey1: o.optionNameKey1,
  optionNameValue1: o.optionNameValue1,
  optionNameKey2: o.optionNameKey2 || null,
  optionNameValue2: o.optionNameKey2 ? o.optionNameValue2 : null,
  priceKrw: toMinorUnits(o.priceKrw, 'KRW'),
  priceUsd: toMinorUnits(o.priceUsd, 'USD'),
  comparedPriceKrw: o.comparedPriceKrw === null ? null : toMinorUnits(o.comparedPriceKrw, 'KRW'),
  comparedPriceUsd: o.comparedPriceUsd === null ? null : toMinorUnits(o.comparedPriceUsd, 'USD'),
  stock: o.stock,
  minimumOrderQuantity: o.minimumOrderQuantity,
  orderMultiple: o.orderMultiple,
  maxPerOrder: o.maxPerOrder,
  isSoldOut: o.isSoldOut,
  isDefault: o.isDefault,
  lowStockThreshold: o.lowStockThreshold,
  preorderCap: o.preorderCap,
  preorderBuyerCap: o.preorderBuyerCap,
  sortOrder,
});

/** A SKU names one option of the whole shop: twice in the form, or another option's, is a clear 400. */
async function checkSkus(tx: Executor, productId: string, options: AdminOptionInput[]) {
  const skus = options.flatMap((o) => (o.sku ? [o.sku] : []));
  const twice = skus.find((sku, i) => skus.indexOf(sku) !== i);
  if (twice) throw badRequest(C.skuTwice(twice), 'SKU_TAKEN');
  const taken = (await repo.optionsBySku(tx, skus)).find(
    (o) => !(o.productId === productId && options.some((sent) => sent.uuid === o.id && sent.sku === o.sku)),
  );
  if (taken) throw badRequest(C.skuTaken(taken.sku), 'SKU_TAKEN');
}

async function checkReferences(tx: Executor, input: AdminProductInput) {
  if (!(await repo.categoryIds(tx)).includes(input.categoryId))
    throw badRequest(C.categoryUnknown, 'CATEGORY');
  const known = await repo.existingArtistIds(tx, input.artistIds);
  const missing = input.artistIds.filter((id) => !known.includes(id));
  if (missing.length) throw badRequest(C.artistUnknown(missing.join(', ')), 'ARTIST');
  if (input.salesStartAt && input.salesEndAt && input.salesStartAt > input.salesEndAt) {
    throw badRequest(C.salesWindow, 'WINDOW');
  }
  if (input.eventApplyStartAt && input.eventApplyEndAt && input.eventApplyStartAt > input.eventApplyEndAt) {
    throw badRequest(C.eventWindow, 'WINDOW');
  }
}

/**
 * Images are the shop's demo images or product images uploaded by staff, checked here before the product's
 * transaction (an SVG is read through in the worker pool) and referenced in it.
 */
async function checkImages(
  db: Executor,
  storage: FileStorage,
  untrustedWork: UntrustedWork,
  urls: string[],
): Promise<CheckedUpload[]> {
  const checked: CheckedUpload[] = [];
  for (const url of urls) {
    if (DEMO_IMAGE.test(url)) continue;
    if (!fileIdFromUrl(url)) throw badRequest(C.notAnImage(url), 'IMAGE');
    checked.push(await checkUpload(db, storage, untrustedWork, url, 'PRODUCT_IMAGE', null));
  }
  return checked;
}

const productColumns = (input: AdminProductInput) => ({
  title: input.title,
  vendor: input.vendor,
  description: sanitizeDescription(input.description),
  categoryId: input.categoryId,
  tags: [...new Set(input.tags)],
  releaseDate: input.releaseDate,
  salesStartAt: input.salesStartAt ? new Date(input.salesStartAt) : null,
  salesEndAt: input.salesEndAt ? new Date(input.salesEndAt) : null,
  preorder: input.preorder,
  shipsOn: input.shipsOn,
  eventType: input.eventType || null,
  eventApplyStartAt: input.eventApplyStartAt ? new Date(input.eventApplyStartAt) : null,
  eventApplyEndAt: input.eventApplyEndAt ? new Date(input.eventApplyEndAt) : null,
  imageUrls: input.imageUrls,
  isPublished: input.isPublished,
});

/**
 * Writes a product and its options in one transaction (new when `id` is null). Options keep their ids
 * when sent back; one left out is removed unless open orders hold it; stock never drops below the hold.
 * An existing product is locked first, then its options in id order (the shop's lock order), so the
 * holds it checks cannot change under it.
 */
export async function saveProduct(
  db: Db,
  storage: FileStorage,
  untrustedWork: UntrustedWork,
  id: string | null,
  input: AdminProductInput,
  staffId: string,
  log?: TransactionLog,
) {
  const options = checkOptions(input.options);
  const images = await checkImages(db, storage, untrustedWork, input.imageUrls);
  return inTransaction(
    db,
    async (tx) => {
      if (id) {
        await lockProducts(tx, [id]);
        await lockOptionsOfProducts(tx, [id]);
      }
      await checkReferences(tx, input);
      for (const image of images) await claimFile(tx, image, null);
      const before = id ? await productDetail(tx, id) : null;
      let productId = id;
      if (productId) {
        await repo.updateProduct(tx, productId, productColumns(input));
      } else {
        const [row] = await repo.insertProduct(tx, productColumns(input));
        productId = row!.id;
      }
      const existing = id ? (await repo.findProduct(tx, id))!.options : [];
      const byId = new Map(existing.map((o) => [o.id, o]));
      for (const o of options) {
        if (o.uuid && !byId.has(o.uuid)) throw badRequest(C.optionOfAnother, 'OPTION_UNKNOWN');
        const held = o.uuid ? byId.get(o.uuid)!.holdStock : 0;
        if (o.stock < held) throw badRequest(C.stockBelowHold(held), 'STOCK_BELOW_HOLD');
        const taken = o.uuid ? byId.get(o.uuid)!.preorderTaken : 0;
        if (o.preorderCap !== null && o.preorderCap < taken)
          throw badRequest(C.capBelowTaken(taken), 'CAP_BELOW_TAKEN');
      }
      await checkSkus(tx, productId, options);
      const removed = existing.filter((e) => !options.some((o) => o.uuid === e.id));
      // Open orders hold a regular option's stock, and count a pre-order option's units (issue 34).
      const heldRemoved = removed.find((e) => e.holdStock > 0 || e.preorderTaken > 0);
      if (heldRemoved) throw conflict(C.optionHeld(heldRemoved.optionNameValue1), 'OPTION_HELD');
      await repo.deleteOptionsExcept(
        tx,
        productId,
        options.flatMap((o) => (o.uuid ? [o.uuid] : [])),
      );
      // The one-default rule is an index: clear defaults first, then write each option.
      for (const e of existing) if (e.isDefault) await repo.updateOption(tx, e.id, { isDefault: false });
      for (const [i, o] of options.entries()) {
        if (o.uuid) await repo.updateOption(tx, o.uuid, optionColumns(o, i));
        else await repo.insertOption(tx, { productId, ...optionColumns(o, i) });
      }
      await repo.replaceArtists(tx, productId, [...new Set(input.artistIds)]);
      await refreshProductDerived(tx, [productId]);
      const after = await productDetail(tx, productId);
      await recordAudit(tx, {
        staffId,
        action: id ? 'product.update' : 'product.create',
        entity: 'product',
        entityId: productId,
        before,
        after,
      });
      return after;
    },
    { log },
  );
}

export async function deleteProduct(db: Db, id: string, staffId: string, log?: TransactionLog) {
  await inTransaction(
    db,
    async (tx) => {
      await lockProducts(tx, [id]);
      await lockOptionsOfProducts(tx, [id]);
      const found = await repo.findProduct(tx, id);
      if (!found) throw productNotFound();
      if (found.options.some((o) => o.holdStock > 0 || o.preorderTaken > 0)) {
        throw new AppError(409, 'PRODUCT_HELD', C.productHeld);
      }
      await repo.updateProduct(tx, id, { deletedAt: new Date() });
      await recordAudit(tx, {
        staffId,
        action: 'product.delete',
        entity: 'product',
        entityId: id,
        before: { title: found.product.title },
      });
    },
    { log },
  );
}

export async function categoryTreeForStaff(
  db: Executor,
): Promise<(CategoryNode & { parentId: number | null; sortOrder: number })[]> {
  return (await repo.allCategories(db)).map((c) => ({
    id: c.id,
    category: c.name,
    parentId: c.parentId,
    sortOrder: c.sortOrder,
    children: [],
  }));
}

export async function saveCategory(
  db: Db,
  input: { id: number; category: string; parentId: number | null; sortOrder: number },
  staffId: string,
) {
  await inTransaction(db, async (tx) => {
    const ids = await repo.categoryIds(tx);
    if (input.parentId !== null && (!ids.includes(input.parentId) || input.parentId === input.id)) {
      throw badRequest(C.parentUnknown, 'CATEGORY_PARENT');
    }
    // Its products and those of the categories below search by its name and its parents' (migration 0038):
    // locked before the category row (decision 0010), their search text made again after it.
    const products = await lockProducts(tx, await repo.productsUnderCategory(tx, input.id));
    await repo.upsertCategory(tx, {
      id: input.id,
      name: input.category,
      parentId: input.parentId,
      sortOrder: input.sortOrder,
    });
    await refreshProductDerived(tx, products);
    await recordAudit(tx, {
      staffId,
      action: 'category.save',
      entity: 'category',
      entityId: String(input.id),
      after: input,
    });
  });
}

export async function removeCategory(db: Db, id: number, staffId: string) {
  await inTransaction(db, async (tx) => {
    if (await repo.categoryInUse(tx, id)) throw conflict(C.categoryInUse, 'CATEGORY_IN_USE');
    const [deleted] = await repo.deleteCategory(tx, id);
    if (!deleted) throw notFound(C.categoryNotFound, 'CATEGORY_NOT_FOUND');
    await recordAudit(tx, { staffId, action: 'category.delete', entity: 'category', entityId: String(id) });
  });
}

export async function saveArtistCategory(
  db: Db,
  id: number | null,
  input: { category: string; sortOrder: number },
  staffId: string,
) {
  return inTransaction(db, async (tx) => {
    const [row] = id
      ? await repo.updateArtistCategory(tx, id, input.category, input.sortOrder)
      : await repo.insertArtistCategory(tx, input.category, input.sortOrder);
    if (!row) throw notFound(C.artistCategoryNotFound);
    await recordAudit(tx, {
      staffId,
      action: 'artist-category.save',
      entity: 'artist-category',
      entityId: String(row.id),
      after: input,
    });
    return { id: row.id, category: row.name };
  });
}

/**
 * Renaming an artist changes what search finds, so the artist's products are refreshed with it; they are
 * locked in id order before the artist row, as the lock order puts products first.
 */
export async function saveArtist(
  db: Db,
  id: number | null,
  input: { artistCategoryId: number; artistNameEN: string; artistNameKO: string },
  staffId: string,
) {
  return inTransaction(db, async (tx) => {
    const productIds = id ? await lockProducts(tx, await repo.productsOfArtist(tx, id)) : [];
    const duplicate = await duplicateArtistName(tx, id, input);
    if (duplicate) throw duplicate;
    const values = {
      artistCategoryId: input.artistCategoryId,
      nameEn: input.artistNameEN,
      nameKo: input.artistNameKO,
    };
    const [row] = id ? await repo.updateArtist(tx, id, values) : await repo.insertArtist(tx, values);
    if (!row) throw notFound(C.artistNotFound);
    await refreshProductDerived(tx, productIds);
    await recordAudit(tx, {
      staffId,
      action: 'artist.save',
      entity: 'artist',
      entityId: String(row.id),
      after: input,
    });
    return { id: row.id, artistNameEN: row.nameEn, artistNameKO: row.nameKo };
  });
}
