import type { StockAlertData, StockAlertListData } from '@kshop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** "Notify me": which options of a product the member waits for, and asking or no longer asking. */
export const stockAlertsQuery = (optionUuid: string) =>
  queryOptions({
    queryKey: ['products', 'detail', optionUuid, 'notify'],
    queryFn: ({ signal }) =>
      apiGet<StockAlertListData>(
        `/product/detail/${encodeURIComponent(optionUuid)}/notify`,
        undefined,
        signal,
      ),
  });

export const setStockAlert = (optionUuid: string, subscribed: boolean) =>
  apiRequest<StockAlertData>(`/product/option/${encodeURIComponent(optionUuid)}/notify`, {
    method: subscribed ? 'POST' : 'DELETE',
  });
