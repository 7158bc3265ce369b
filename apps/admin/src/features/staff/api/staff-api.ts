import type {
  staffCreated,
  staffCreateRequest,
  staffMember,
  staffPasswordReset,
  staffUpdateRequest,
} from '@kshop/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminGet, adminRequest } from '../../../lib/api-client';

export type StaffMember = z.infer<typeof staffMember>;
export type StaffCreated = z.infer<typeof staffCreated>;
export type StaffCreate = z.input<typeof staffCreateRequest>;
export type StaffUpdate = z.infer<typeof staffUpdateRequest>;

export const staffKey = ['admin', 'staff'] as const;

export const useStaffList = (enabled: boolean) =>
  useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => adminGet<{ staffList: StaffMember[] }>('/staff', undefined, signal),
    enabled,
    select: (data) => data.staffList,
  });

export const createStaff = (input: StaffCreate) =>
  adminRequest<StaffCreated>('/staff', { method: 'POST', body: input });

export const updateStaff = (id: string, update: StaffUpdate) =>
  adminRequest<null>(`/staff/${id}`, { method: 'PATCH', body: update });

/** An owner's reset of another member's password: the one-time password, answered this once. */
export const resetStaffPassword = (id: string) =>
  adminRequest<z.infer<typeof staffPasswordReset>>(`/staff/${id}/password`, { method: 'POST' });
