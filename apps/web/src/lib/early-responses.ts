/**
 * Answers to the first page's API reads, requested by the inline script of index.html while the app's JavaScript
 * still downloads (src/boot/early-requests.ts). Each one is used once, by the read with the same address and the
 * same token, and only soon after the page opened; anything else goes to the network as usual.
 */
export type EarlyResponses = Record<string, { token: string | null; response: Promise<Response> }>;

declare global {
  interface Window {
    __kshopEarlyResponses?: EarlyResponses;
  }
}

/** Past this (milliseconds since the page opened), an unused early answer is too old to show. */
export const EARLY_RESPONSE_MAX_AGE_MS = 30_000;

export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__kshopEarlyResponses;
  const entry = early?.[url];
  if (!early || !entry) return undefined;
  delete early[url];
  if (entry.token !== token || performance.now() > EARLY_RESPONSE_MAX_AGE_MS) return undefined;
  return entry.response;
}
