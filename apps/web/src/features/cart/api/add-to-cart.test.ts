import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { envelope } from '../../../test/render';
import { addToCart } from './add-to-cart';

const keyOf = (call: unknown[] | undefined) =>
  ((call?.[1] as RequestInit | undefined)?.headers as Record<string, string> | undefined)?.[
    'Idempotency-Key'
  ];

describe('addToCart', () => {
  it('sends every click with a new Idempotency-Key, and a given key as it is', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(null));
    vi.stubGlobal('fetch', fetchMock);
    startSession('member');
    const items = [{ productOptionUuid: 'a', quantity: 1 }];
    await addToCart(items);
    await addToCart(items);
    await addToCart(items, { idempotencyKey: 'retry-of-click-1' });
    const [first, second, third] = fetchMock.mock.calls.map(keyOf);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    expect(third).toBe('retry-of-click-1');
  });

  it("asks to add to the cart's lines only from the grid", async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(null));
    vi.stubGlobal('fetch', fetchMock);
    startSession('member');
    const items = [{ productOptionUuid: 'a', quantity: 1 }];
    await addToCart(items);
    await addToCart(items, { addToExisting: true });
    const [plain, grid] = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
    expect(plain).toEqual({ productOptionAndQuantityList: items });
    expect(grid).toEqual({ productOptionAndQuantityList: items, addToExisting: true });
  });
});
