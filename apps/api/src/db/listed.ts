import { type SQL, sql } from 'drizzle-orm';
import { products } from './schema.js';

/**
 * A product the storefront shows, sells and counts: neither deleted nor a draft. Written as the list
 * indexes' own predicate (migration 0016) so that their partial indexes still answer the lists.
 */
export const listedProduct = (): SQL => sql`(${products.deletedAt} is null and ${products.isPublished})`;
