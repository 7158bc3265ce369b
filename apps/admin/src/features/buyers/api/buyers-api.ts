import type { AccountStatus, adminBuyer, adminBuyerDetail } from '@kshop/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminGet, adminRequest } from '../../../lib/api-client';

export type AdminBuyer = z.infer<typeof adminBuyer>;
export type AdminBuyerDetail = z.infer<typeof adminBuyerDetail>;
export type BuyerFilter = { page: number; limit: number; status?: string; korean?: string; q?: string };

export type Decision = 'approve' | 'reject' | 'suspend' | 'reinstate';

/** The moves the API allows from each status (it answers 409 otherwise); the page offers only these. */
export const DECISIONS_FROM: Record<AccountStatus, Decision[]> = {
  PENDING: ['approve', 'reject'],
  APPROVED: ['suspend', 'reject'],
  REJECTED: ['approve'],
  SUSPENDED: ['reinstate'],
};

const buyersKey = ['admin', 'buyers'] as const;

export const useBuyerList = (filter: BuyerFilter) =>
  useQuery({
    queryKey: [...buyersKey, 'list', filter],
    queryFn: ({ signal }) =>
      adminGet<{ buyerList: AdminBuyer[]; totalCount: number }>('/buyers', filter, signal),
    placeholderData: keepPreviousData,
  });

export const useBuyer = (id: string) =>
  useQuery({
    queryKey: [...buyersKey, 'detail', id],
    queryFn: ({ signal }) => adminGet<AdminBuyerDetail>(`/buyers/${id}`, undefined, signal),
  });

export function useDecideBuyer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, reason }: { decision: Decision; reason: string }) =>
      adminRequest<null>(`/buyers/${id}/${decision}`, { method: 'POST', body: { reason } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: buyersKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
  });
}
