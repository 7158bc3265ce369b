import { apiRequest } from '../../../lib/api-client';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';

export type CartAddItem = { productOptionUuid: string; quantity: number };

/**
 * POST /api/v1/cart. Each call is one click with its own Idempotency-Key, so a request the network repeats
 * adds nothing twice. Failures surface as ApiError; the caller maps them to the spec's messages. With
 * `addToExisting` (the product page's grid) what is already in the cart gets the quantity added to its line.
 */
export async function addToCart(
  items: readonly CartAddItem[],
  { addToExisting = false, idempotencyKey = newIdempotencyKey() } = {},
): Promise<void> {
  await apiRequest<unknown>('/cart', {
    method: 'POST',
    body: { productOptionAndQuantityList: items, ...(addToExisting ? { addToExisting } : {}) },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
