import type { staffPasswordRequest, staffSession } from '@kshop/contract';
import type { z } from 'zod';
import { adminRequest } from '../../../lib/api-client';

export type StaffSession = z.infer<typeof staffSession>;
export type PasswordChange = z.input<typeof staffPasswordRequest>;

export const signIn = (email: string, password: string) =>
  adminRequest<StaffSession>('/auth/login', { method: 'POST', body: { email, password } });

/** The change ends every session of the member, this one too; the answer carries the token to go on with. */
export const changePassword = (change: PasswordChange) =>
  adminRequest<{ accessToken: string }>('/auth/password', { method: 'POST', body: change });

/** Revokes the staff token on the server; never fails, since signing out goes on locally regardless. */
export async function signOut(): Promise<void> {
  try {
    await adminRequest<null>('/auth/logout', { method: 'POST' });
  } catch {
    // Offline or already ended: the session ends locally all the same.
  }
}
