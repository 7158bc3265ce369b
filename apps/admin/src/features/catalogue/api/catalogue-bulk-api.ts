import type { AdminArtist, BulkEditRequest, BulkEditResult, StockLevels } from '@kshop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminGet, adminRequest } from '../../../lib/api-client';
import { catalogueKey } from './catalogue-api';

/** Bulk edits of products, stock levels and the artist table (issue 12). */

export const previewBulkEdit = (request: BulkEditRequest) =>
  adminRequest<BulkEditResult>('/products/bulk/preview', { method: 'POST', body: request });

export const applyBulkEdit = (request: BulkEditRequest) =>
  adminRequest<BulkEditResult>('/products/bulk', { method: 'POST', body: request });

export const useStockLevels = (limit = 10) =>
  useQuery({
    queryKey: [...catalogueKey, 'stock-levels', limit],
    queryFn: ({ signal }) => adminGet<StockLevels>('/products/stock-levels', { limit }, signal),
  });

export const useArtistTable = (q: string) =>
  useQuery({
    queryKey: [...catalogueKey, 'artist-table', q],
    queryFn: ({ signal }) =>
      adminGet<{ artistList: AdminArtist[]; totalCount: number }>(
        '/artists',
        { q: q || undefined, limit: 100 },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const deleteArtist = (id: number) => adminRequest<null>(`/artists/${id}`, { method: 'DELETE' });
