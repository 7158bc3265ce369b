import { t } from '@lingui/core/macro';
import { activeLanguage } from '../i18n/i18n';
import { endSession, getAdminToken, setMustChangePassword } from './session';

export const ADMIN_API = '/api/v1/admin';
export const PUBLIC_API = '/api/v1';

/** The server's answer to a request it refused, with its message and any data it sent along (CSV problems). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** No usable answer at all: the network failed or the body was not the API's envelope. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The API's 403 for a staff member still holding the one-time password. */
export const CHANGE_PASSWORD_FIRST = 'Please change your one-time password first.';

/** The text to show for a failed call: the server's own message, else a generic one. */
export const errorMessage = (error: unknown): string =>
  isApiError(error)
    ? error.message
    : error instanceof NetworkError
      ? t`The server could not be reached. Please try again.`
      : t`Something went wrong. Please try again.`;

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with its own Content-Type (the CSV import). */
  /** A body sent as it is: a text, or a file's bytes (a CSV keeps whatever encoding it was saved in). */
  rawBody?: { text: string | Blob; contentType: string };
  signal?: AbortSignal;
};

type Envelope<T> = { statusCode: number; message: string; data: T };

export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new NetworkError(`Unreadable response (HTTP ${response.status})`);
  }
  if (typeof envelope?.statusCode !== 'number')
    throw new NetworkError(`Unexpected response (HTTP ${response.status})`);
  return envelope;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error instanceof Error ? error.message : 'Network request failed');
  }
}

/** Headers of a back-office request; a refused token ends the session (see `noticeRefusal`). */
function staffHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const token = getAdminToken();
  return token ? { ...extra, Authorization: `Bearer ${token}` } : extra;
}

/**
 * 401 with a token: the session is over, the app shows the sign-in screen. 403 'change your one-time password
 * first': the app shows the change-password screen. Both still reject, so the caller's state settles.
 */
function noticeRefusal(statusCode: number, message: string, sentToken: string | null): void {
  if (!sentToken || getAdminToken() !== sentToken) return;
  if (statusCode === 401) endSession();
  else if (statusCode === 403 && message === CHANGE_PASSWORD_FIRST) setMustChangePassword(true);
}

/**
 * The one way the back office talks to the API under /api/v1/admin: adds the staff token, unwraps
 * `{ statusCode, message, data }` and throws ApiError for any statusCode other than 200 (or 202, work
 * accepted to run in the background).
 */
export async function adminRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = getAdminToken();
  const contentType: Record<string, string> = options.rawBody
    ? { 'Content-Type': options.rawBody.contentType }
    : options.body !== undefined
      ? { 'Content-Type': 'application/json' }
      : {};
  const response = await send(buildUrl(ADMIN_API, path, options.query), {
    method: options.method ?? 'GET',
    // Answers come in the language the back office shows.
    headers: staffHeaders({
      Accept: 'application/json',
      'Accept-Language': activeLanguage(),
      ...contentType,
    }),
    body: options.rawBody
      ? options.rawBody.text
      : options.body === undefined
        ? undefined
        : JSON.stringify(options.body),
    signal: options.signal,
  });
  const envelope = await readEnvelope<T>(response);
  if (envelope.statusCode !== 200 && envelope.statusCode !== 202) {
    noticeRefusal(envelope.statusCode, envelope.message, token);
    throw new ApiError(envelope.statusCode, envelope.message, envelope.data);
  }
  return envelope.data;
}

export const adminGet = <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
  adminRequest<T>(path, { query, signal });

/** The storefront's public reads (artist categories and artists), sent without any token. */
export async function publicGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await send(buildUrl(PUBLIC_API, path), {
    headers: { Accept: 'application/json', 'Accept-Language': activeLanguage() },
    signal,
  });
  const envelope = await readEnvelope<T>(response);
  if (envelope.statusCode !== 200) throw new ApiError(envelope.statusCode, envelope.message, envelope.data);
  return envelope.data;
}

/** A file the API sends as a download (the catalogue CSV), fetched with the staff token. */
export async function adminDownload(
  path: string,
  query?: Record<string, QueryValue>,
): Promise<{ blob: Blob; fileName: string | null }> {
  const token = getAdminToken();
  // A file's own words (the label order's column headers) and a refusal's message follow the back office's language.
  const response = await send(buildUrl(ADMIN_API, path, query), {
    headers: staffHeaders({ 'Accept-Language': activeLanguage() }),
  });
  if (!response.ok) {
    const envelope = await readEnvelope<unknown>(response);
    noticeRefusal(envelope.statusCode, envelope.message, token);
    throw new ApiError(envelope.statusCode, envelope.message, envelope.data);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}
