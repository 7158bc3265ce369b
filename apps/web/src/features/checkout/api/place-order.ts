import type { OrderCreateRequest } from '@kshop/contract';
import { apiRequest } from '../../../lib/api-client';

export type PlacedOrder = { uuid: string; orderNumber: string };

/** POST /api/v1/order. 409 answers carry the spec's 'Prices have changed...' / 'Not enough stock left...'. */
export const placeOrder = (order: OrderCreateRequest) =>
  apiRequest<PlacedOrder>('/order', { method: 'POST', body: order });
