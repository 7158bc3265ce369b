import { SESSION_KEYS } from '@kshop/contract';

/** The member's access token from sessionStorage, or null for a guest (see session.ts). */
export function getAccessToken(): string | null {
  try {
    return sessionStorage.getItem(SESSION_KEYS.accessToken);
  } catch {
    return null;
  }
}
