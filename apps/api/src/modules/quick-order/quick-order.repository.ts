import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { productOptions, products } from '../../db/schema.js';

/**
 * The options of products not deleted whose SKU is one of `skus` (stored in upper case, so the caller upper-cases)
 * or whose barcode is exactly one of `barcodes`, with what the cart's rules read of their product and whether it is
 * published (an unpublished one is named as not on sale, not as unknown).
 */
export function optionsByCode(db: Executor, skus: string[], barcodes: string[]) {
  return db
    .select({
      option: productOptions,
      product: {
        id: products.id,
        title: products.title,
        salesStartAt: products.salesStartAt,
        salesEndAt: products.salesEndAt,
        preorder: products.preorder,
        isPublished: products.isPublished,
      },
    })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(
      and(
        isNull(products.deletedAt),
        or(
          skus.length ? inArray(productOptions.sku, skus) : sql`false`,
          barcodes.length ? inArray(productOptions.barcode, barcodes) : sql`false`,
        ),
      ),
    )
    .orderBy(asc(productOptions.id));
}

export type CodedOption = Awaited<ReturnType<typeof optionsByCode>>[number];
