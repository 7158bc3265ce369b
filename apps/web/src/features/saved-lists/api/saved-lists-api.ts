import type { QuickOrderAddData, SavedListData, SavedListSummary } from '@kshop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';

export type SavedLine = { productOptionUuid: string; quantity: number };

/** Every saved-list read lives under this key: a change to one list refreshes the index and the list. */
export const SAVED_LISTS_KEY = ['saved-lists'] as const;

export const savedListsQuery = () =>
  queryOptions({
    queryKey: [...SAVED_LISTS_KEY, 'index'],
    queryFn: ({ signal }) => apiGet<{ lists: SavedListSummary[] }>('/lists', undefined, signal),
  });

/** A list with its lines checked against the shop now: stock and prices move, so it is read on every visit. */
export const savedListQuery = (listUuid: string) =>
  queryOptions({
    queryKey: [...SAVED_LISTS_KEY, 'list', listUuid],
    queryFn: ({ signal }) => apiGet<SavedListData>(`/lists/${listUuid}`, undefined, signal),
    staleTime: 0,
  });

const once = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/** POST /api/v1/lists: a new list, empty, of the lines given, or of the cart (`fromCart`). */
export const createSavedList = (
  body: { name: string; lines?: SavedLine[]; fromCart?: boolean },
  idempotencyKey: string = newIdempotencyKey(),
) => apiRequest<SavedListSummary>('/lists', { method: 'POST', body, headers: once(idempotencyKey) });

/** POST /api/v1/lists/:uuid/lines: what the list holds of an option is added to. */
export const addToSavedList = (
  listUuid: string,
  lines: SavedLine[],
  idempotencyKey: string = newIdempotencyKey(),
) =>
  apiRequest<SavedListSummary>(`/lists/${listUuid}/lines`, {
    method: 'POST',
    body: { lines },
    headers: once(idempotencyKey),
  });

export const renameSavedList = (listUuid: string, name: string) =>
  apiRequest<SavedListSummary>(`/lists/${listUuid}`, { method: 'PATCH', body: { name } });

export const deleteSavedList = (listUuid: string) =>
  apiRequest<null>(`/lists/${listUuid}`, { method: 'DELETE' });

export const setSavedListLine = (listUuid: string, productOptionUuid: string, quantity: number) =>
  apiRequest<SavedListSummary>(`/lists/${listUuid}/lines/${productOptionUuid}`, {
    method: 'PUT',
    body: { quantity },
  });

export const removeSavedListLine = (listUuid: string, productOptionUuid: string) =>
  apiRequest<SavedListSummary>(`/lists/${listUuid}/lines/${productOptionUuid}`, { method: 'DELETE' });

/** POST /api/v1/lists/:uuid/cart: the whole list into the cart, as quick order adds. */
export const savedListToCart = (listUuid: string, idempotencyKey: string = newIdempotencyKey()) =>
  apiRequest<QuickOrderAddData>(`/lists/${listUuid}/cart`, { method: 'POST', headers: once(idempotencyKey) });
