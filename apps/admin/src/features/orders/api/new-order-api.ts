import type {
  adminBuyer,
  adminBuyerDetail,
  BuyerOrderOption,
  CurrencyCode,
  TakenOrderRequest,
} from '@kshop/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminGet, adminRequest } from '../../../lib/api-client';

export type ApprovedBuyer = z.infer<typeof adminBuyer>;
export type BuyerDetail = z.infer<typeof adminBuyerDetail>;
export type { BuyerOrderOption } from '@kshop/contract';

/** Approved buyers whose company name, e-mail or registration number contains the words. */
export const useApprovedBuyers = (q: string) =>
  useQuery({
    queryKey: ['admin', 'buyers', 'approved', q],
    queryFn: ({ signal }) =>
      adminGet<{ buyerList: ApprovedBuyer[]; totalCount: number }>(
        '/buyers',
        { status: 'APPROVED', q, limit: 10 },
        signal,
      ),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** The chosen buyer with its saved addresses. */
export const useBuyerForOrder = (buyerId: string | null) =>
  useQuery({
    queryKey: ['admin', 'buyers', 'detail', buyerId],
    queryFn: ({ signal }) => adminGet<BuyerDetail>(`/buyers/${buyerId}`, undefined, signal),
    enabled: buyerId !== null,
  });

/** Options for the buyer: available stock now, quantity rules and the unit price in its currency. */
export const useOrderOptions = (buyerId: string | null, q: string) =>
  useQuery({
    queryKey: ['admin', 'order-options', buyerId, q],
    queryFn: ({ signal }) =>
      adminGet<{ currencyCode: CurrencyCode; optionList: BuyerOrderOption[] }>(
        `/buyers/${buyerId}/order-options`,
        { q },
        signal,
      ),
    enabled: buyerId !== null && q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

export const usePlaceTakenOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: TakenOrderRequest) =>
      adminRequest<{ uuid: string; orderNumber: string }>('/orders', { method: 'POST', body: order }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'order-options'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
  });
};
