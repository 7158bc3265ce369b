import { useSyncExternalStore } from 'react';

/**
 * The staff session lives in sessionStorage under its own keys, never the buyer's 'accessToken', so a buyer
 * session in the same browser and the back office never see each other's token. sessionStorage fires no event
 * in its own tab, so changes made here are announced to subscribers directly.
 */
export const ADMIN_TOKEN_KEY = 'adminAccessToken';
const MUST_CHANGE_KEY = 'adminMustChangePassword';

const listeners = new Set<() => void>();
const announce = () => {
  for (const listener of listeners) listener();
};

const read = (key: string): string | null => {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
};

export const getAdminToken = (): string | null => read(ADMIN_TOKEN_KEY);
export const mustChangePassword = (): boolean => read(MUST_CHANGE_KEY) === 'true';

export function startSession(accessToken: string, mustChange: boolean): void {
  sessionStorage.setItem(ADMIN_TOKEN_KEY, accessToken);
  if (mustChange) sessionStorage.setItem(MUST_CHANGE_KEY, 'true');
  else sessionStorage.removeItem(MUST_CHANGE_KEY);
  announce();
}

export function setMustChangePassword(mustChange: boolean): void {
  if (mustChangePassword() === mustChange) return;
  if (mustChange) sessionStorage.setItem(MUST_CHANGE_KEY, 'true');
  else sessionStorage.removeItem(MUST_CHANGE_KEY);
  announce();
}

/** Sign out, or the server no longer accepts the token: only the back office's own keys go. */
export function endSession(): void {
  sessionStorage.removeItem(ADMIN_TOKEN_KEY);
  sessionStorage.removeItem(MUST_CHANGE_KEY);
  announce();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export type SessionState = 'signed-out' | 'must-change-password' | 'signed-in';

const sessionSnapshot = (): SessionState => {
  if (!getAdminToken()) return 'signed-out';
  return mustChangePassword() ? 'must-change-password' : 'signed-in';
};

/** Where the staff member stands, re-rendering when it changes. */
export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeSession, sessionSnapshot, () => 'signed-out');
}
