import type { OrderCreateRequest } from '@kshop/contract';
import { apiRequest } from '../../../lib/api-client';
import { IDEMPOTENCY_KEY_HEADER } from '../../../lib/idempotency-key';

export type PlacedOrder = { uuid: string; orderNumber: string };

/**
 * POST /api/v1/order with the checkout attempt's Idempotency-Key: sent again with the same key, the order
 * is placed once and the first answer comes back. 409 answers carry the spec's 'Prices have changed...' /
 * 'Not enough stock left...'.
 */
export const placeOrder = (order: OrderCreateRequest, idempotencyKey: string) =>
  apiRequest<PlacedOrder>('/order', {
    method: 'POST',
    body: order,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
