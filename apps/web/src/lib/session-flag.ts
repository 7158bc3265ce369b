import { SESSION_KEYS } from '@kshop/contract';

/**
 * Sets the is_logged_in flag without touching the token (spec section 4: a successful order sets the flag to
 * logged in). The token is unchanged, so session subscribers need no announcement.
 */
export function markLoggedIn(): void {
  try {
    sessionStorage.setItem(SESSION_KEYS.isLoggedIn, 'true');
    sessionStorage.removeItem(SESSION_KEYS.isLoggedOut);
  } catch {
    // Storage may be unavailable (private mode); the flag is informational only.
  }
}
