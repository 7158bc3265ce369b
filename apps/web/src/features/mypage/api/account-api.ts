import type { UpdateProfileRequest } from '@kshop/contract';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /user; an empty businessCertificateUrl keeps the certificate on file. */
export const updateProfile = (profile: UpdateProfileRequest) =>
  apiRequest<null>('/user', { method: 'PATCH', body: profile });

export const deleteAccount = () => apiRequest<null>('/user', { method: 'DELETE' });

/** PATCH /user/password; the server ends the member's other sessions. */
export const changePassword = (password: string) =>
  apiRequest<null>('/user/password', { method: 'PATCH', body: { password } });
