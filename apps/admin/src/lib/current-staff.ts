import type { StaffRole, staffMe } from '@kshop/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminGet } from './api-client';
import { setMustChangePassword } from './session';

export type StaffMe = z.infer<typeof staffMe>;

export const ME_QUERY_KEY = ['admin', 'me'] as const;

export async function fetchMe(): Promise<StaffMe> {
  const me = await adminGet<StaffMe>('/me');
  setMustChangePassword(me.mustChangePassword);
  return me;
}

/** The signed-in staff member (name, email, role), shared by the layout and the screens that depend on the role. */
export function useCurrentStaff() {
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 5 * 60_000 });
}

export function useRole(): StaffRole | null {
  return useCurrentStaff().data?.role ?? null;
}
