import { type OrderDetail, type OrderSummary, PAGE_SIZE } from '@kshop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Every order read sits under this key, so placing an order can refresh them all at once. */
export const ORDERS_QUERY_KEY = ['orders'] as const;

export type OrderListData = { orderList: OrderSummary[]; totalCount: number };

export const orderListQuery = (page: number) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'list', page],
    queryFn: ({ signal }) =>
      apiGet<OrderListData>('/order/list', { page, limit: PAGE_SIZE.orderHistory }, signal),
  });

export const orderDetailQuery = (orderUuid: string) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'detail', orderUuid],
    queryFn: ({ signal }) =>
      apiGet<OrderDetail>(`/order/detail/${encodeURIComponent(orderUuid)}`, undefined, signal),
  });
