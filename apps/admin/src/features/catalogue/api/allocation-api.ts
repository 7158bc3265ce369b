import type {
  AllocationCommitRequest,
  AllocationQuery,
  AllocationView,
  GoodsReceiptRequest,
  GoodsReceiptView,
} from '@kshop/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminRequest } from '../../../lib/api-client';
import { catalogueKey } from './catalogue-api';

const allocationKey = (optionId: string | undefined) => [...catalogueKey, 'allocation', optionId] as const;
const optionPath = (optionId: string) => `/product-options/${encodeURIComponent(optionId)}`;

/** How the option's goods on hand would be shared among its waiting pre-orders by a rule; nothing changes. */
export const useAllocationPreview = (optionId: string | undefined, query: AllocationQuery) =>
  useQuery({
    queryKey: [...allocationKey(optionId), query],
    queryFn: ({ signal }) => adminGet<AllocationView>(`${optionPath(optionId!)}/allocation`, query, signal),
    enabled: Boolean(optionId),
    placeholderData: keepPreviousData,
  });

/** After a receipt or a commit every preview of the option (any rule) and the label order are out of date. */
function useAllocationMutation<Variables, Answer>(send: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKey }),
  });
}

/** Goods that arrived for the option: its stock rises, and when they fill every waiting line they are allocated. */
export const useRecordReceipt = (optionId: string) =>
  useAllocationMutation((receipt: GoodsReceiptRequest) =>
    adminRequest<GoodsReceiptView>(`${optionPath(optionId)}/receipts`, { method: 'POST', body: receipt }),
  );

/** Commits the allocation as previewed; the API answers 409 when its basis changed since. */
export const useCommitAllocation = (optionId: string) =>
  useAllocationMutation((commit: AllocationCommitRequest) =>
    adminRequest<AllocationView>(`${optionPath(optionId)}/allocation`, { method: 'POST', body: commit }),
  );

/** After a refused commit the preview is fetched again, whatever the error. */
export const useReloadAllocation = (optionId: string | undefined) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: allocationKey(optionId) });
};
