import type {
  adminProduct,
  adminProductSummary,
  OrderLineAddRequest,
  OrderLineChange,
} from '@kshop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminGet, adminRequest } from '../../../lib/api-client';

type ProductSummary = z.infer<typeof adminProductSummary>;
export type ProductWithOptions = z.infer<typeof adminProduct>;

/** After an edit the order, the lists and the dashboard read again; stock changed too. */
function useLineMutation<Variables>(send: (variables: Variables) => Promise<OrderLineChange>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'order-edits'] });
    },
  });
}

export const useChangeLine = (orderUuid: string) =>
  useLineMutation(({ lineUuid, quantity }: { lineUuid: string; quantity: number }) =>
    adminRequest<OrderLineChange>(`/orders/${orderUuid}/lines/${lineUuid}`, {
      method: 'PATCH',
      body: { quantity },
    }),
  );

export const useRemoveLine = (orderUuid: string) =>
  useLineMutation((lineUuid: string) =>
    adminRequest<OrderLineChange>(`/orders/${orderUuid}/lines/${lineUuid}`, { method: 'DELETE' }),
  );

export const useAddLine = (orderUuid: string) =>
  useLineMutation((line: OrderLineAddRequest) =>
    adminRequest<OrderLineChange>(`/orders/${orderUuid}/lines`, { method: 'POST', body: line }),
  );

/** Products matching the search, through the catalogue's own list (published ones, those an order may take). */
export const useProductSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'order-edits', 'products', q],
    queryFn: ({ signal }) =>
      adminGet<{ productList: ProductSummary[]; totalCount: number }>(
        '/products',
        { q, page: 1, limit: 10, publication: 'published' },
        signal,
      ),
    enabled: q !== '',
  });

/** One product with its options' prices and stock, once chosen. */
export const useProductOptions = (productId: string | null) =>
  useQuery({
    queryKey: ['admin', 'order-edits', 'product', productId],
    queryFn: ({ signal }) => adminGet<ProductWithOptions>(`/products/${productId}`, undefined, signal),
    enabled: productId !== null,
  });
