import { SESSION_KEYS } from '@kshop/contract';
import { useSyncExternalStore } from 'react';
import { getAccessToken } from './access-token';
import { sessionEnded, sessionHeld } from './tab-session';

/**
 * The buyer's session lives in sessionStorage (spec section 4): the access token plus an
 * is_logged_in / is_logged_out flag. sessionStorage fires no event in its own tab, so changes made here are
 * announced to subscribers directly.
 */
const listeners = new Set<() => void>();
const FLAG = 'true';

const announce = () => {
  for (const listener of listeners) listener();
};

export { getAccessToken } from './access-token';

export function startSession(accessToken: string): void {
  sessionStorage.setItem(SESSION_KEYS.accessToken, accessToken);
  sessionStorage.setItem(SESSION_KEYS.isLoggedIn, FLAG);
  sessionStorage.removeItem(SESSION_KEYS.isLoggedOut);
  sessionHeld();
  announce();
}

/** The token stopped working: keep browsing as a guest. */
export function expireSession(): void {
  sessionStorage.removeItem(SESSION_KEYS.accessToken);
  sessionStorage.removeItem(SESSION_KEYS.isLoggedIn);
  sessionStorage.setItem(SESSION_KEYS.isLoggedOut, FLAG);
  announce();
}

/**
 * Log out, account deleted, account pending approval: the spec clears the whole session storage. The shop's other
 * tabs of this browser end theirs too (lib/tab-session.ts).
 */
export function clearSession(): void {
  endSessionHere();
  sessionEnded();
}

/** Ends this tab's session alone: another tab's ended (lib/tab-session.ts). */
export function endSessionHere(): void {
  sessionStorage.clear();
  announce();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const isLoggedInSnapshot = () => getAccessToken() !== null;

/** Whether a member is logged in (an access token exists), re-rendering when that changes. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isLoggedInSnapshot, () => false);
}
