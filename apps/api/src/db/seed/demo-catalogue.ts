import type { Executor } from '../client.js';
import { refreshProductDerived } from '../derived.js';
import { productArtists, productOptions, products } from '../schema.js';
import { insertRowsAsJson } from './bulk-insert.js';
import { ensureDemoArtists } from './demo-artists.js';
import { DEFAULT_CATALOGUE_SEED, generateCatalogue } from './generate-catalogue.js';

export const DEFAULT_DEMO_PRODUCTS = 180;

export type InsertCatalogueOptions = {
  count: number;
  /** Products generated and written per transaction. */
  batchSize?: number;
  seed?: number;
  /** Index of the first product: a second run with the same seed continues where the first stopped. */
  startIndex?: number;
  now?: Date;
  onBatch?: (written: number) => void;
};

export type CatalogueSummary = { products: number; options: number };

/**
 * Writes generated products in batches, one transaction each, so a benchmark can fill the shop with
 * 100,000 products without holding them all in memory. The demo artists are created when missing.
 */
export async function insertGeneratedProducts(
  db: Executor,
  options: InsertCatalogueOptions,
): Promise<CatalogueSummary> {
  const { count, seed = DEFAULT_CATALOGUE_SEED, startIndex = 0, now = new Date(), onBatch } = options;
  const batchSize = Math.max(1, options.batchSize ?? 1000);
  const artistIds = await ensureDemoArtists(db);
  const summary: CatalogueSummary = { products: 0, options: 0 };

  for (let offset = 0; offset < count; offset += batchSize) {
    const batch = generateCatalogue(Math.min(batchSize, count - offset), seed, now, startIndex + offset);
    await db.transaction(async (tx) => {
      await insertRowsAsJson(
        tx,
        products,
        batch.map((g) => g.product),
      );
      await insertRowsAsJson(
        tx,
        productOptions,
        batch.flatMap((g) => g.options),
      );
      await insertRowsAsJson(
        tx,
        productArtists,
        batch.flatMap((g) =>
          g.artistNames.map((name) => ({ productId: g.product.id, artistId: artistIds.get(name)! })),
        ),
      );
      await refreshProductDerived(
        tx,
        batch.map((g) => g.product.id),
      );
    });
    summary.products += batch.length;
    summary.options += batch.reduce((sum, g) => sum + g.options.length, 0);
    onBatch?.(summary.products);
  }
  return summary;
}

/** The demo shop's artists and products, in one transaction; the same rows for the same seed and date. */
export async function seedDemoCatalogue(
  db: Executor,
  options: { products?: number; seed?: number; now?: Date } = {},
): Promise<CatalogueSummary> {
  const count = options.products ?? DEFAULT_DEMO_PRODUCTS;
  return db.transaction((tx) =>
    insertGeneratedProducts(tx, { count, batchSize: count, seed: options.seed, now: options.now }),
  );
}
