import { productDetailPathId, uuidText } from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import type { AnswerCache } from '../../lib/answer-cache.js';
import { detailLeadImage } from './catalog.service.js';
import { detailTags } from './catalogue-changes.js';

const optionId = uuidText();

/**
 * The image a storefront page path should start loading with its HTML: a product detail page's main image,
 * the page's largest paint, which the page would otherwise only find once its script has read the product.
 * Kept in the catalogue's answer cache (dropped with every catalogue change and every change to what its
 * product shows); an unknown or unlisted option is not kept, so made-up paths cannot push real answers out of
 * the cache.
 */
export function pageLeadImage(db: Executor, cache: AnswerCache) {
  return async (url: string): Promise<string | undefined> => {
    const id = optionId.safeParse(productDetailPathId(url.split(/[?#]/, 1)[0] ?? ''));
    if (!id.success) return undefined;
    const key = `page lead image|${id.data}`;
    const kept = cache.read(key);
    if (kept) return kept.toString();
    const loaded = await cache
      .loadTagged(key, async () => {
        const lead = await detailLeadImage(db, id.data);
        // Thrown, not kept: the load is shared by concurrent requests but nothing is stored.
        if (lead === undefined) throw new Error('not listed');
        // Kept with the product's tag, so a change to what the product shows drops it with its detail.
        return { payload: Buffer.from(lead.image), tags: detailTags(lead.productId, []) };
      })
      .catch(() => undefined);
    return loaded?.toString();
  };
}
