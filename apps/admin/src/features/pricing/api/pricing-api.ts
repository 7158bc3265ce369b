import type { PriceGroup, PriceGroupPrice } from '@kshop/contract';
import { useQuery } from '@tanstack/react-query';
import { adminGet, adminRequest } from '../../../lib/api-client';

export type { PriceGroup, PriceGroupPrice };
export type VolumeTier = { minQuantity: number; discountPercent: number };

export const priceGroupsKey = ['admin', 'price-groups'] as const;

export const usePriceGroups = () =>
  useQuery({
    queryKey: priceGroupsKey,
    queryFn: ({ signal }) => adminGet<{ priceGroupList: PriceGroup[] }>('/price-groups', undefined, signal),
    select: (data) => data.priceGroupList,
  });

export const createPriceGroup = (input: { name: string; discountPercent: number }) =>
  adminRequest<PriceGroup>('/price-groups', { method: 'POST', body: input });

export const updatePriceGroup = (id: number, input: { name?: string; discountPercent?: number }) =>
  adminRequest<PriceGroup>(`/price-groups/${id}`, { method: 'PATCH', body: input });

export const deletePriceGroup = (id: number) =>
  adminRequest<null>(`/price-groups/${id}`, { method: 'DELETE' });

export const useGroupPrices = (id: number | null) =>
  useQuery({
    queryKey: [...priceGroupsKey, id, 'prices'],
    queryFn: ({ signal }) =>
      adminGet<{ priceList: PriceGroupPrice[] }>(`/price-groups/${id}/prices`, undefined, signal),
    enabled: id !== null,
    select: (data) => data.priceList,
  });

export const setGroupPrice = (
  id: number,
  optionId: string,
  prices: { priceKrw: number | null; priceUsd: number | null },
) =>
  adminRequest<{ priceList: PriceGroupPrice[] }>(`/price-groups/${id}/prices/${optionId}`, {
    method: 'PUT',
    body: prices,
  });

export const useVolumeTiers = (optionId: string | undefined) =>
  useQuery({
    queryKey: ['admin', 'volume-tiers', optionId],
    queryFn: ({ signal }) =>
      adminGet<{ volumeTiers: VolumeTier[] }>(`/product-options/${optionId}/volume-tiers`, undefined, signal),
    enabled: Boolean(optionId),
    select: (data) => data.volumeTiers,
  });

export const saveVolumeTiers = (optionId: string, volumeTiers: VolumeTier[]) =>
  adminRequest<{ volumeTiers: VolumeTier[] }>(`/product-options/${optionId}/volume-tiers`, {
    method: 'PUT',
    body: { volumeTiers },
  });

export const setBuyerPriceGroup = (buyerId: string, priceGroupId: number) =>
  adminRequest<null>(`/buyers/${buyerId}/price-group`, { method: 'PUT', body: { priceGroupId } });
