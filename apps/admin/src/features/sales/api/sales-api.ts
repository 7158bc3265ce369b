import type { SalesGroup, SalesGrouped, SalesInterval, SalesSeries } from '@kshop/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminGet } from '../../../lib/api-client';

export type SalesRange = { from: string; to: string };

const salesKey = ['admin', 'sales'] as const;

export const useSalesSeries = (range: SalesRange, interval: SalesInterval) =>
  useQuery({
    queryKey: [...salesKey, 'series', range, interval],
    queryFn: ({ signal }) => adminGet<SalesSeries>('/sales/series', { ...range, interval }, signal),
    placeholderData: keepPreviousData,
  });

export const useSalesTop = (range: SalesRange, by: SalesGroup, limit = 5) =>
  useQuery({
    queryKey: [...salesKey, 'top', range, by, limit],
    queryFn: ({ signal }) => adminGet<SalesGrouped>('/sales/top', { ...range, by, limit }, signal),
    placeholderData: keepPreviousData,
  });

export const useSalesReport = (range: SalesRange, by: SalesGroup) =>
  useQuery({
    queryKey: [...salesKey, 'report', range, by],
    queryFn: ({ signal }) => adminGet<SalesGrouped>('/sales/report', { ...range, by }, signal),
    placeholderData: keepPreviousData,
  });

/** Today in Korea, where the shop's days are counted. */
export const koreanToday = (now = Date.now()) => new Date(now + 9 * 3_600_000).toISOString().slice(0, 10);

/** The Korean day `days` before `date` (YYYY-MM-DD). */
export const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** The last 30 days, today included. */
export const defaultRange = (now = Date.now()): SalesRange => {
  const to = koreanToday(now);
  return { from: daysBefore(to, 29), to };
};

export const GROUP_LABELS: Record<SalesGroup, MessageDescriptor> = {
  product: msg`Product`,
  artist: msg`Artist`,
  buyer: msg`Buyer`,
  category: msg`Category`,
};
