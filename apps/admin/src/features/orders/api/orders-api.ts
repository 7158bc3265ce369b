import type {
  AdminOrderDetail,
  AdminOrderViewCounts,
  adminOrderSummary,
  BackorderChoice,
  OrderStatus,
} from '@kshop/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminGet, adminRequest } from '../../../lib/api-client';

export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;
export type { AdminOrderDetail } from '@kshop/contract';
export type OrderFilter = {
  page: number;
  limit: number;
  status?: string;
  from?: string;
  to?: string;
  buyer?: string;
  orderNumber?: string;
  sort?: 'date' | 'amount' | 'status';
  dir?: 'asc' | 'desc';
  /** 'me': only the orders the signed-in staff member is in charge of. */
  assigned?: 'me';
  /** A quick view: 'today' or 'needs-action'. */
  view?: string;
};

const ordersKey = ['admin', 'orders'] as const;
type OrderList = { orderList: AdminOrderSummary[]; totalCount: number; viewCounts?: AdminOrderViewCounts };

export const useOrderList = (filter: OrderFilter) =>
  useQuery({
    queryKey: [...ordersKey, 'list', filter],
    queryFn: ({ signal }) => adminGet<OrderList>('/orders', filter, signal),
    placeholderData: keepPreviousData,
  });

export const useOrder = (orderNumber: string) =>
  useQuery({
    queryKey: [...ordersKey, 'detail', orderNumber],
    queryFn: ({ signal }) => adminGet<AdminOrderDetail>(`/orders/${orderNumber}`, undefined, signal),
  });

function useOrderMutation<Variables>(send: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
  });
}

/** carrier and trackingNumber go with SHIPPED only: the last parcel (everything still open). */
export type OrderMove = { status: OrderStatus; reason?: string; carrier?: string; trackingNumber?: string };

export const useMoveOrder = (orderNumber: string) =>
  useOrderMutation((move: OrderMove) =>
    adminRequest<null>(`/orders/${orderNumber}/status`, { method: 'POST', body: move }),
  );

export const useAddMemo = (orderNumber: string) =>
  useOrderMutation((content: string) =>
    adminRequest<null>(`/orders/${orderNumber}/memos`, { method: 'POST', body: { content } }),
  );

export const useChangeMemo = (orderNumber: string) =>
  useOrderMutation(({ memoUuid, content }: { memoUuid: string; content: string }) =>
    adminRequest<null>(`/orders/${orderNumber}/memos/${memoUuid}`, { method: 'PATCH', body: { content } }),
  );

export const useVoidMemo = (orderNumber: string) =>
  useOrderMutation((memoUuid: string) =>
    adminRequest<null>(`/orders/${orderNumber}/memos/${memoUuid}/void`, { method: 'POST' }),
  );

export const useAssignPersonInCharge = (orderNumber: string) =>
  useOrderMutation((staffId: string | null) =>
    adminRequest<null>(`/orders/${orderNumber}/person-in-charge`, { method: 'POST', body: { staffId } }),
  );

/** This order's short pre-order units: kept on backorder, cut, or (null) as the buyer chose on their account. */
export const useSetBackorderChoice = (orderNumber: string) =>
  useOrderMutation((choice: BackorderChoice | null) =>
    adminRequest<{ choice: BackorderChoice | null }>(`/orders/${orderNumber}/backorder-choice`, {
      method: 'PUT',
      body: { choice },
    }),
  );
