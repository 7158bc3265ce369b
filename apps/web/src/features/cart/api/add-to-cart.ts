import { apiRequest } from '../../../lib/api-client';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';

export type CartAddItem = { productOptionUuid: string; quantity: number };

/**
 * POST /api/v1/cart. Each call is one click with its own Idempotency-Key, so a request the network repeats
 * adds nothing twice. Failures surface as ApiError; the caller maps them to the spec's messages.
 */
export async function addToCart(
  items: readonly CartAddItem[],
  idempotencyKey: string = newIdempotencyKey(),
): Promise<void> {
  await apiRequest<unknown>('/cart', {
    method: 'POST',
    body: { productOptionAndQuantityList: items },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
