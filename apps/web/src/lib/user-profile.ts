import type { UserProfile } from '@kshop/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';

/** The member's profile with its addresses (GET /user); every screen that edits it invalidates this key. */
export const USER_QUERY_KEY = ['user'] as const;

export const fetchUserProfile = (signal?: AbortSignal) => apiGet<UserProfile>('/user', undefined, signal);

export const userProfileQuery = {
  queryKey: USER_QUERY_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchUserProfile(signal),
};

/** The logged-in member's profile; pass `enabled: false` for a guest, who has none. */
export function useUserProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userProfileQuery, enabled });
}
