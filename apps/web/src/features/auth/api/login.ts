import type { LoginRequest } from '@kshop/contract';
import { apiRequest } from '../../../lib/api-client';

export async function login(credentials: LoginRequest): Promise<string> {
  const data = await apiRequest<{ accessToken: string }>('/auth/login', {
    method: 'POST',
    body: credentials,
    auth: false,
  });
  return data.accessToken;
}
