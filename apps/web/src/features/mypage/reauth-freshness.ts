/**
 * When the member last proved its password on the My Page landing. The left menu's My Account link asks again
 * when that is longer ago than REAUTH_FRESH_MS. Kept in session storage, so logging out forgets it.
 */
const KEY = 'mypage_reauthenticated_at';
export const REAUTH_FRESH_MS = 5 * 60 * 1000;

export function markReauthenticated(now: number = Date.now()): void {
  sessionStorage.setItem(KEY, String(now));
}

export function isReauthFresh(now: number = Date.now()): boolean {
  const at = Number(sessionStorage.getItem(KEY));
  return Number.isFinite(at) && at > 0 && at <= now && now - at < REAUTH_FRESH_MS;
}
