import type { CartData } from '@kshop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** The cart lives in the query cache under this key; the cart page, checkout and Add to Cart share it. */
export const CART_QUERY_KEY = ['cart'] as const;

/**
 * Cart changes still on their way to the server. A read waits for them, so leaving the cart for checkout right
 * after a click (the change is sent as the page closes) cannot show or order the old quantity.
 */
const writesInFlight = new Set<Promise<unknown>>();

function tracked<T>(write: Promise<T>): Promise<T> {
  writesInFlight.add(write);
  const done = () => writesInFlight.delete(write);
  write.then(done, done);
  return write;
}

export const cartQuery = () =>
  queryOptions({
    queryKey: CART_QUERY_KEY,
    queryFn: async ({ signal }) => {
      await Promise.allSettled([...writesInFlight]);
      return apiGet<CartData>('/cart', undefined, signal);
    },
    // Stock and prices move while the buyer is away; every visit to the cart or checkout reads it again.
    staleTime: 0,
  });

/** PATCH /api/v1/cart: a bound the server refuses comes back as ApiError 400 with the spec's message. */
export async function updateCartQuantity(cartUuid: string, quantity: number): Promise<void> {
  await tracked(apiRequest<unknown>('/cart', { method: 'PATCH', body: { cartUuid, quantity } }));
}

/** DELETE /api/v1/cart with the line in the body. */
export async function removeCartItem(cartUuid: string): Promise<void> {
  await tracked(apiRequest<unknown>('/cart', { method: 'DELETE', body: { cartUuid } }));
}
