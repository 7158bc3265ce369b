import { messages } from '@kshop/contract';
import { sameMessage } from '../i18n/contract-texts';
import { buildUrl, type QueryValue } from './api-url';
import { takeEarlyResponse } from './early-responses';
import { activeLanguage } from './language';
import { clearSession, expireSession, getAccessToken } from './session';

export { API_BASE, buildUrl } from './api-url';

/** A failure the API answered with its envelope: `statusCode` and the server's human message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** No usable answer at all: the network failed or the body was not the API's envelope. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const isPendingApproval = (error: unknown): boolean =>
  isApiError(error) &&
  error.statusCode === 403 &&
  sameMessage(error.message, messages.account.pendingApproval);

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a file (Blob) is sent as it is, with its own type. */
  body?: unknown;
  signal?: AbortSignal;
  /** Send the token when there is one (default). Login sends none. */
  auth?: boolean;
  /** Extra request headers, e.g. the Idempotency-Key of a submission. */
  headers?: Record<string, string>;
};

type Envelope<T> = { statusCode: number; message: string; data: T };

const PENDING_APPROVAL_EVENT = 'kshop:pending-approval';

/** Called once per logout caused by a pending account, so the layout can show the spec's alert. */
export function onPendingApproval(listener: () => void): () => void {
  window.addEventListener(PENDING_APPROVAL_EVENT, listener);
  return () => window.removeEventListener(PENDING_APPROVAL_EVENT, listener);
}

async function send<T>(path: string, options: RequestOptions, token: string | null): Promise<T> {
  // The API answers in the language the storefront shows (its messages; a member's mails follow the account's).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': activeLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  const file = options.body instanceof Blob ? options.body : null;
  if (file) headers['Content-Type'] = file.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  Object.assign(headers, options.headers);

  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  let response: Response;
  try {
    const early = method === 'GET' && !options.headers ? takeEarlyResponse(url, token) : undefined;
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body: file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: options.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error instanceof Error ? error.message : 'Network request failed');
  }

  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new NetworkError(`Unreadable response (HTTP ${response.status})`);
  }
  if (typeof envelope?.statusCode !== 'number')
    throw new NetworkError(`Unexpected response (HTTP ${response.status})`);
  if (envelope.statusCode !== 200) throw new ApiError(envelope.statusCode, envelope.message);
  return envelope.data;
}

/**
 * The one way the storefront talks to the API: adds the bearer token, unwraps `{ statusCode, message, data }`
 * and throws ApiError for any statusCode other than 200.
 *
 * A token the server refuses (401) ends the session; a pending account (403) is logged out. Reads are then
 * repeated once as a guest, so the page keeps working without prices.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.auth === false ? null : getAccessToken();
  try {
    return await send<T>(path, options, token);
  } catch (error) {
    if (!token || !isApiError(error)) throw error;
    const stillCurrent = getAccessToken() === token;
    if (error.statusCode === 401) {
      if (stillCurrent) expireSession();
    } else if (isPendingApproval(error)) {
      if (stillCurrent) {
        clearSession();
        window.dispatchEvent(new Event(PENDING_APPROVAL_EVENT));
      }
    } else {
      throw error;
    }
    if ((options.method ?? 'GET') !== 'GET') throw error;
    return send<T>(path, options, null);
  }
}

/**
 * Asks the server to end the session of `token` (LOG OUT, a token a new login replaced), so no copy of it keeps
 * working. Never fails: a token the server no longer knows is as good as revoked, and offline the storefront
 * ends its own session all the same.
 */
export async function revokeToken(token: string | null = getAccessToken()): Promise<void> {
  if (!token) return;
  try {
    await send<null>('/auth/logout', { method: 'POST' }, token);
  } catch {
    // See above: nothing left to do.
  }
}

export const apiGet = <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
  apiRequest<T>(path, { query, signal });
