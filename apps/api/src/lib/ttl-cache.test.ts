import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('loads a key once for every request that waits on it, and again after it expires', async () => {
    const cache = new TtlCache<number>(20);
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    const values = await Promise.all(Array.from({ length: 10 }, () => cache.getOrLoad('k', load)));
    expect(values).toEqual(Array(10).fill(1));
    expect(await cache.getOrLoad('k', load)).toBe(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(await cache.getOrLoad('k', load)).toBe(2);
  });

  it('forgets a failed load so the next request tries again', async () => {
    const cache = new TtlCache<number>(1000);
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('k', async () => 7)).toBe(7);
  });
});
