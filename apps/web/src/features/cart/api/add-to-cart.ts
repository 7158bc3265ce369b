import { apiRequest } from '../../../lib/api-client';

export type CartAddItem = { productOptionUuid: string; quantity: number };

/** POST /api/v1/cart. Failures surface as ApiError; the caller maps them to the spec's messages. */
export async function addToCart(items: readonly CartAddItem[]): Promise<void> {
  await apiRequest<unknown>('/cart', { method: 'POST', body: { productOptionAndQuantityList: items } });
}
