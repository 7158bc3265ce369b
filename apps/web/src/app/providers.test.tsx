import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../lib/api-client';
import { createQueryClient } from './providers';

function readWith(queryFn: () => Promise<string>) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useQuery({ queryKey: ['categories'], queryFn }), { wrapper });
}

describe("the storefront's query client", () => {
  it('tries a read that found no answer twice more, 1 s and then 2 s later', async () => {
    vi.useFakeTimers();
    const queryFn = vi.fn(async (): Promise<string> => {
      throw new NetworkError('Network request failed');
    });
    const { result } = readWith(queryFn);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(queryFn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(queryFn).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(queryFn).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(queryFn).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(result.current).toMatchObject({
      isError: true,
      error: new NetworkError('Network request failed'),
    });
  });

  it("takes the API's 4xx answers as final and its 5xx answers as worth trying again", async () => {
    vi.useFakeTimers();
    const missing = vi.fn(async (): Promise<string> => {
      throw new ApiError(404, 'Product not found.');
    });
    const unavailable = vi.fn(async (): Promise<string> => {
      throw new ApiError(503, 'Service unavailable.');
    });
    readWith(missing);
    readWith(unavailable);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(missing).toHaveBeenCalledTimes(1);
    expect(unavailable).toHaveBeenCalledTimes(3);
  });

  it('serves what it read for 30 s without asking again, even when the window regains focus', async () => {
    vi.useFakeTimers();
    const queryFn = vi.fn(async () => 'categories');
    const first = readWith(queryFn);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(first.result.current.data).toBe('categories');

    await act(() => vi.advanceTimersByTimeAsync(29_999));
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(queryFn).toHaveBeenCalledTimes(1);

    // Stale after 30 s, and still not read again on focus: only a page that shows it asks again.
    await act(() => vi.advanceTimersByTimeAsync(1));
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
