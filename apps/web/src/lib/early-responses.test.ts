import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/render';
import { apiGet } from './api-client';
import { startSession } from './session';

afterEach(() => {
  delete window.__kshopEarlyResponses;
});

const earlyAnswer = (url: string, token: string | null, data: unknown) => {
  window.__kshopEarlyResponses = {
    ...window.__kshopEarlyResponses,
    [url]: { token, response: Promise.resolve(envelope(data)) },
  };
};

describe('answers fetched before the app ran', () => {
  it('are used once by the read with the same address, which then goes to the network', async () => {
    const fetchMock = vi.fn(async () => envelope({ from: 'network' }));
    vi.stubGlobal('fetch', fetchMock);
    earlyAnswer('/api/v1/product/list?page=1&limit=20', null, { from: 'early' });
    await expect(apiGet('/product/list', { page: 1, limit: 20 })).resolves.toEqual({ from: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(apiGet('/product/list', { page: 1, limit: 20 })).resolves.toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are not used by another address or by a read with another token', async () => {
    const fetchMock = vi.fn(async () => envelope({ from: 'network' }));
    vi.stubGlobal('fetch', fetchMock);
    earlyAnswer('/api/v1/product/list?page=2', null, { from: 'early' });
    earlyAnswer('/api/v1/category', null, { from: 'early, as a guest' });
    startSession('member-token');
    await expect(apiGet('/product/list', { page: 1 })).resolves.toEqual({ from: 'network' });
    await expect(apiGet('/category')).resolves.toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are not used once they are too old to show', async () => {
    const fetchMock = vi.fn(async () => envelope({ from: 'network' }));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    earlyAnswer('/api/v1/category', null, { from: 'early' });
    await expect(apiGet('/category')).resolves.toEqual({ from: 'network' });
    vi.restoreAllMocks();
  });
});
