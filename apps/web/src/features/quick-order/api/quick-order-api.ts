import type {
  QuickOrderAddData,
  QuickOrderCheckData,
  QuickOrderFileData,
  QuickOrderRequest,
} from '@kshop/contract';
import { apiRequest } from '../../../lib/api-client';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';

export type QuickOrderLines = QuickOrderRequest['lines'];

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** POST /api/v1/quick-order/check: each line's product, quantity to add and outcome; writes nothing. */
export const checkQuickOrder = (lines: QuickOrderLines) =>
  apiRequest<QuickOrderCheckData>('/quick-order/check', { method: 'POST', body: { lines } });

/**
 * POST /api/v1/quick-order/add with the click's own Idempotency-Key, so a request the network repeats adds
 * nothing twice.
 */
export const addQuickOrder = (lines: QuickOrderLines, idempotencyKey: string = newIdempotencyKey()) =>
  apiRequest<QuickOrderAddData>('/quick-order/add', {
    method: 'POST',
    body: { lines },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/**
 * POST /api/v1/quick-order/file with the file as the body. Its type is named from its extension: browsers call a
 * CSV anything from text/csv to application/vnd.ms-excel, or nothing.
 */
export const checkQuickOrderFile = (file: File) =>
  apiRequest<QuickOrderFileData>('/quick-order/file', {
    method: 'POST',
    body: new Blob([file], { type: /\.xlsx$/i.test(file.name) ? XLSX : 'text/csv' }),
  });
