import type { AddressRequest, AddressView, UserProfile } from '@kshop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { USER_QUERY_KEY, userProfileQuery } from '../../../lib/user-profile';

export type { AddressView };
export type AddressInput = AddressRequest;
export type AddressUpdate = AddressRequest & { addressUuid: string };

const selectAddresses = (profile: UserProfile): AddressView[] => profile.addresses;

/** The member's saved addresses, read from GET /user (the same cache entry as the profile). */
export function useAddresses({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userProfileQuery, select: selectAddresses, enabled });
}

/** The default address, else the first one, else null: what a checkout form starts with. */
export const defaultAddressOf = (addresses: readonly AddressView[] | undefined): AddressView | null =>
  addresses?.find((address) => address.isDefault) ?? addresses?.[0] ?? null;

function useInvalidateUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
}

/** POST /user/address; resolves with the saved address. */
export function useAddAddress() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: (input: AddressInput) =>
      apiRequest<AddressView>('/user/address', { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

/** PATCH /user/address/{addressUuid}; resolves with the saved address. */
export function useUpdateAddress() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: ({ addressUuid, ...input }: AddressUpdate) =>
      apiRequest<AddressView>(`/user/address/${encodeURIComponent(addressUuid)}`, {
        method: 'PATCH',
        body: input,
      }),
    onSuccess: invalidate,
  });
}

/** DELETE /user/address/{addressUuid}. */
export function useDeleteAddress() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: (addressUuid: string) =>
      apiRequest<null>(`/user/address/${encodeURIComponent(addressUuid)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
