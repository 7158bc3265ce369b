import type { staffPasswordRequest, staffSession } from '@kshop/contract';
import type { z } from 'zod';
import { adminRequest } from '../../../lib/api-client';

export type StaffSession = z.infer<typeof staffSession>;
export type PasswordChange = z.input<typeof staffPasswordRequest>;

export const signIn = (email: string, password: string) =>
  adminRequest<StaffSession>('/auth/login', { method: 'POST', body: { email, password } });

export const changePassword = (change: PasswordChange) =>
  adminRequest<null>('/auth/password', { method: 'POST', body: change });
