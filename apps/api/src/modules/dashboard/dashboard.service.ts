import { availableStock, type Dashboard } from '@kshop/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { buyers, productOptions, products } from '../../db/schema.js';
import { countNew } from '../contact/contact.repository.js';
import { countByStatus } from '../orders/order-search.repository.js';
import { latePreorders } from './late-preorders.js';

const LOW_STOCK = 10;

/**
 * What needs attention: accounts to approve, orders by status, new inquiries, options running low, pre-orders
 * still unshipped days after their release.
 */
export async function dashboard(db: Executor): Promise<Dashboard> {
  const [pending] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(buyers)
    .where(and(eq(buyers.status, 'PENDING'), isNull(buyers.deletedAt)));
  const low = await db
    .select({ option: productOptions, title: products.title })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(
      and(
        isNull(products.deletedAt),
        eq(productOptions.isSoldOut, false),
        sql`${productOptions.stock} - ${productOptions.holdStock} <= ${LOW_STOCK}`,
      ),
    )
    .orderBy(asc(sql`${productOptions.stock} - ${productOptions.holdStock}`), asc(products.title))
    .limit(20);
  return {
    pendingAccounts: pending?.n ?? 0,
    ordersByStatus: Object.fromEntries((await countByStatus(db)).map((r) => [r.status, r.n])),
    newInquiries: await countNew(db),
    lowStock: low.map(({ option: o, title }) => ({
      optionUuid: o.id,
      productUuid: o.productId,
      title,
      option: [o.optionNameValue1, o.optionNameValue2].filter(Boolean).join(' / '),
      available: availableStock(o.stock, o.holdStock),
    })),
    latePreorders: await latePreorders(db),
  };
}
