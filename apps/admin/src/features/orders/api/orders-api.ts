import type { adminOrderSummary, OrderDetail, OrderStatus, staffMember } from '@kshop/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminGet, adminRequest } from '../../../lib/api-client';

export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;
export type AdminOrderDetail = OrderDetail & {
  personInChargeStaffId: string | null;
  businessRegistrationNumber: string;
  nextStatuses: OrderStatus[];
};
export type StaffMember = z.infer<typeof staffMember>;
export type OrderFilter = {
  page: number;
  limit: number;
  status?: string;
  from?: string;
  to?: string;
  buyer?: string;
  orderNumber?: string;
};

const ordersKey = ['admin', 'orders'] as const;
type OrderList = { orderList: AdminOrderSummary[]; totalCount: number };

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

/** The list row of one order: the only place the API names the person in charge (the detail has the id). */
export const useOrderSummary = (orderNumber: string) =>
  useQuery({
    queryKey: [...ordersKey, 'summary', orderNumber],
    queryFn: async ({ signal }) => {
      const { orderList } = await adminGet<OrderList>('/orders', { orderNumber, limit: 5 }, signal);
      return orderList.find((order) => order.orderNumber === orderNumber) ?? null;
    },
  });

/** Active staff for the person-in-charge picker; GET /staff is for owners only. */
export const useStaffChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'staff'],
    queryFn: ({ signal }) => adminGet<{ staffList: StaffMember[] }>('/staff', undefined, signal),
    enabled,
    select: (data) => data.staffList,
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

export const useMoveOrder = (orderNumber: string) =>
  useOrderMutation((status: OrderStatus) =>
    adminRequest<null>(`/orders/${orderNumber}/status`, { method: 'POST', body: { status } }),
  );

export const useAddMemo = (orderNumber: string) =>
  useOrderMutation((content: string) =>
    adminRequest<null>(`/orders/${orderNumber}/memos`, { method: 'POST', body: { content } }),
  );

export const useAssignPersonInCharge = (orderNumber: string) =>
  useOrderMutation((staffId: string | null) =>
    adminRequest<null>(`/orders/${orderNumber}/person-in-charge`, { method: 'POST', body: { staffId } }),
  );
