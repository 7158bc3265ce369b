import { messages, SESSION_KEYS } from '@kshop/contract';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/render';
import { ApiError, apiGet, apiRequest, NetworkError, onPendingApproval } from './api-client';
import { getAccessToken, startSession } from './session';

const authHeader = (call: unknown[] | undefined) =>
  ((call?.[1] as RequestInit | undefined)?.headers as Record<string, string> | undefined)?.Authorization;

describe('apiRequest', () => {
  it('unwraps data and sends the bearer token when logged in', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    startSession('tok');
    await expect(apiGet('/category', { page: 1, empty: '', none: undefined })).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/category?page=1');
    expect(authHeader(fetchMock.mock.calls[0])).toBe('Bearer tok');
  });

  it('throws ApiError with the status and message of a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null, 404, 'Product not found.')),
    );
    await expect(apiGet('/product/detail/x')).rejects.toEqual(new ApiError(404, 'Product not found.'));
  });

  it('throws NetworkError when there is no envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(apiGet('/category')).rejects.toBeInstanceOf(NetworkError);
  });

  it('drops a refused token, marks the session logged out and reads again as a guest', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(envelope(null, 401, 'Unauthorized'))
      .mockResolvedValueOnce(envelope({ productOptionList: [], totalCount: 0 }));
    vi.stubGlobal('fetch', fetchMock);
    startSession('stale');
    await expect(apiGet('/product/list')).resolves.toEqual({ productOptionList: [], totalCount: 0 });
    expect(getAccessToken()).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEYS.isLoggedOut)).toBe('true');
    expect(authHeader(fetchMock.mock.calls[1])).toBeUndefined();
  });

  it('logs a pending account out, announces it once and reads again as a guest', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(envelope(null, 403, messages.account.pendingApproval))
      .mockResolvedValueOnce(envelope({ productOptionList: [], totalCount: 0 }));
    vi.stubGlobal('fetch', fetchMock);
    const listener = vi.fn();
    const stop = onPendingApproval(listener);
    startSession('pending');
    await apiGet('/product/list');
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(sessionStorage.length).toBe(0);
  });

  it('does not repeat a refused write', async () => {
    const fetchMock = vi.fn(async () => envelope(null, 401, 'Unauthorized'));
    vi.stubGlobal('fetch', fetchMock);
    startSession('stale');
    await expect(apiRequest('/cart', { method: 'POST', body: {} })).rejects.toEqual(
      new ApiError(401, 'Unauthorized'),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
  });
});
