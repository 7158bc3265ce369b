import { type AdminOptionBySku, type PriceGroup, type PriceGroupPrice, uuidText } from '@kshop/contract';
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

const optionUuid = uuidText();

/**
 * The option staff named by its SKU (as they know it from the product form and the spreadsheets) or by its
 * ID: an ID is used as it is, a SKU is looked up (a 404 names the SKU no option has).
 */
export const optionIdOf = async (skuOrId: string): Promise<{ id: string; label: string | null }> => {
  if (optionUuid.safeParse(skuOrId).success) return { id: skuOrId, label: null };
  const option = await adminRequest<AdminOptionBySku>(
    `/product-options/by-sku/${encodeURIComponent(skuOrId)}`,
  );
  const values = [option.optionNameValue1, option.optionNameValue2].filter(Boolean).join(' / ');
  return { id: option.productOptionUuid, label: `${option.productTitle} ${values} (${option.sku})` };
};
