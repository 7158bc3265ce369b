import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import {
  keepPreviousData,
  QueryClient,
  type QueryClientConfig,
  QueryClientProvider,
  type QueryFunctionContext,
  type QueryKey,
  type QueryOptions,
  queryOptions,
  useMutation,
  useQuery,
} from './query';

type QueryDefaults = NonNullable<QueryClientConfig['defaultOptions']>['queries'];

function setup(queries: QueryDefaults = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY, ...queries } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

/** A promise the test settles when it chooses, like a server answering late. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/**
 * Runs `change` (a server answering, a cache update) and waits a task: the cache tells components of a change a
 * task after it, as TanStack does. Tests on fake timers advance them instead.
 */
async function settle(change: () => unknown = () => {}) {
  await act(async () => {
    await change();
  });
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 5)));
}

/** A query function answering with the given promises in turn, keeping the signal of each call. */
function answering<T>(...answers: Promise<T>[]) {
  const signals: AbortSignal[] = [];
  const queryFn = vi.fn(({ signal }: { signal: AbortSignal }) => {
    signals.push(signal);
    const answer = answers[signals.length - 1];
    if (!answer) throw new Error('an unexpected read');
    return answer;
  });
  return { queryFn, signals };
}

/** A key's data, or 'loading' while it has none. */
function Shown({ queryKey, queryFn }: { queryKey: QueryKey; queryFn: QueryOptions<string>['queryFn'] }) {
  const query = useQuery({ queryKey, queryFn });
  return <p>{query.isPending ? 'loading' : query.data}</p>;
}

const cartQuery = queryOptions({
  queryKey: ['cart'],
  queryFn: async () => ({ lines: ['a'] }),
});

function LineCount() {
  const query = useQuery(cartQuery);
  return <p>{query.data ? `${query.data.lines.length} lines` : 'loading'}</p>;
}

describe('useQuery', () => {
  it('reads a key once for every component showing it, even with StrictMode running effects twice', async () => {
    const { client, wrapper: Provider } = setup();
    const queryFn = vi.fn(async (_context: QueryFunctionContext) => 'Tee');
    render(
      <StrictMode>
        <Provider>
          <Shown queryKey={['products', 'detail', 'a']} queryFn={queryFn} />
          <Shown queryKey={['products', 'detail', 'a']} queryFn={queryFn} />
        </Provider>
      </StrictMode>,
    );
    expect(screen.getAllByText('loading')).toHaveLength(2);
    expect(await screen.findAllByText('Tee')).toHaveLength(2);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryFn.mock.calls[0]?.[0]).toMatchObject({ queryKey: ['products', 'detail', 'a'] });
    expect(client.getQueryState(['products', 'detail', 'a'])).toMatchObject({
      status: 'success',
      fetchStatus: 'idle',
    });
  });

  it('shows the read under way from the first render', () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () => useQuery({ queryKey: ['cart'], queryFn: () => new Promise<string>(() => {}) }),
      { wrapper },
    );
    expect(result.current).toMatchObject({
      status: 'pending',
      isPending: true,
      isFetching: true,
      data: undefined,
    });
  });

  it('tells components of a change a task later, as TanStack does, which tests written for it rely on', async () => {
    const { client, wrapper: Provider } = setup({ staleTime: Number.POSITIVE_INFINITY });
    client.setQueryData(['cart'], '1 line');
    render(
      <Provider>
        <Shown queryKey={['cart']} queryFn={async () => 'read'} />
      </Provider>,
    );
    act(() => void client.setQueryData(['cart'], '2 lines'));
    expect(screen.getByText('1 line')).toBeTruthy();
    expect(await screen.findByText('2 lines')).toBeTruthy();
  });

  it('serves fresh data without reading and reads again once the staleTime has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { wrapper } = setup({ staleTime: 30_000 });
    let version = 0;
    const queryFn = vi.fn(async () => `cart ${++version}`);
    const read = (options: { staleTime?: number } = {}) =>
      renderHook(() => useQuery({ queryKey: ['cart'], queryFn, ...options }), { wrapper });

    const first = read();
    await waitFor(() => expect(first.result.current.data).toBe('cart 1'));
    first.unmount();
    vi.setSystemTime(Date.now() + 29_999);
    const second = read();
    expect(second.result.current).toMatchObject({ data: 'cart 1', isFetching: false });
    second.unmount();
    expect(queryFn).toHaveBeenCalledTimes(1);

    // A component asking for staleTime 0 reads at once, showing the cached data meanwhile.
    const eager = read({ staleTime: 0 });
    expect(eager.result.current).toMatchObject({ data: 'cart 1', isFetching: true, isSuccess: true });
    await waitFor(() => expect(eager.result.current.data).toBe('cart 2'));
    eager.unmount();

    vi.setSystemTime(Date.now() + 30_000);
    const late = read();
    await waitFor(() => expect(late.result.current.data).toBe('cart 3'));
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('does not read while disabled, and reads once enabled', async () => {
    const { wrapper } = setup();
    const queryFn = vi.fn(async () => ({ cartList: [] }));
    const { result, rerender } = renderHook(
      ({ enabled }) => useQuery({ queryKey: ['cart'], queryFn, enabled }),
      { wrapper, initialProps: { enabled: false } },
    );
    expect(result.current).toMatchObject({ status: 'pending', isPending: true, isFetching: false });
    rerender({ enabled: false });
    await act(async () => {});
    expect(queryFn).not.toHaveBeenCalled();

    rerender({ enabled: true });
    expect(result.current.isFetching).toBe(true);
    await waitFor(() => expect(result.current.data).toEqual({ cartList: [] }));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('keeps the previous key’s data as placeholder until the new key has its own', async () => {
    const { client, wrapper } = setup();
    const pages = [deferred<string>(), deferred<string>(), deferred<string>()];
    const { queryFn } = answering(...pages.map((page) => page.promise));
    const { result, rerender } = renderHook(
      ({ page }) =>
        useQuery({ queryKey: ['products', 'list', { page }], queryFn, placeholderData: keepPreviousData }),
      { wrapper, initialProps: { page: 1 } },
    );
    expect(result.current).toMatchObject({ isPending: true, isPlaceholderData: false });
    await settle(() => pages[0]?.resolve('page 1'));
    expect(result.current).toMatchObject({ data: 'page 1', isPlaceholderData: false });

    rerender({ page: 2 });
    expect(result.current).toMatchObject({
      data: 'page 1',
      status: 'success',
      isPlaceholderData: true,
      isFetching: true,
    });
    await settle(() => pages[1]?.resolve('page 2'));
    expect(result.current).toMatchObject({ data: 'page 2', isPlaceholderData: false, isFetching: false });

    // After logging out the old data is gone: nothing of it shows as placeholder either.
    await settle(() => void client.resetQueries());
    expect(result.current).toMatchObject({ data: undefined, isPending: true, isPlaceholderData: false });
    await settle(() => pages[2]?.resolve('page 2 for a guest'));
    expect(result.current.data).toBe('page 2 for a guest');
  });

  it('retries as the retry function says, waiting 1 s then 2 s', async () => {
    vi.useFakeTimers();
    const unavailable = new Error('503');
    const retry = vi.fn((failureCount: number, error: Error) => failureCount < 2 && error.message !== '404');
    const { wrapper } = setup({ retry });
    const queryFn = vi.fn(async () => {
      throw unavailable;
    });
    const { result } = renderHook(() => useQuery({ queryKey: ['categories'], queryFn }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(queryFn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(queryFn).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(result.current.isPending).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(queryFn).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(retry.mock.calls).toEqual([
      [0, unavailable],
      [1, unavailable],
      [2, unavailable],
    ]);
    expect(result.current).toMatchObject({ status: 'error', isError: true, error: unavailable });

    // An answer the test calls final is not tried again.
    const missing = vi.fn(async () => {
      throw new Error('404');
    });
    renderHook(() => useQuery({ queryKey: ['products', 'detail', 'gone'], queryFn: missing }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(missing).toHaveBeenCalledTimes(1);
  });

  it('retries three times by default and not at all with retry: false', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const failing = () =>
      vi.fn(async (): Promise<string> => {
        throw new Error('down');
      });
    const byDefault = failing();
    const never = failing();
    renderHook(() => useQuery({ queryKey: ['a'], queryFn: byDefault }), { wrapper });
    renderHook(() => useQuery({ queryKey: ['b'], queryFn: never, retry: false }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(1000 + 2000 + 3999));
    expect(byDefault).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(byDefault).toHaveBeenCalledTimes(4);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(byDefault).toHaveBeenCalledTimes(4);
    expect(never).toHaveBeenCalledTimes(1);
  });

  it('keeps the data when a later read fails, and refetch resolves with the result instead of rejecting', async () => {
    const { wrapper } = setup();
    let down = false;
    const queryFn = vi.fn(async () => {
      if (down) throw new Error('down');
      return { title: 'Tee' };
    });
    const { result } = renderHook(() => useQuery({ queryKey: ['products', 'detail', 'a'], queryFn }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const data = result.current.data;

    down = true;
    let refetched: unknown;
    await settle(async () => {
      refetched = await result.current.refetch();
    });
    expect(result.current).toMatchObject({ status: 'error', isError: true, error: new Error('down') });
    expect(result.current.data).toBe(data);
    expect(refetched).toBe(result.current);

    down = false;
    await settle(() => result.current.refetch());
    expect(result.current).toMatchObject({ status: 'success', error: null, data: { title: 'Tee' } });
  });

  it('shows what select makes of the data, and keeps the cached data whole', async () => {
    const { client, wrapper } = setup();
    const profile = { name: 'Kim', addresses: [{ id: 1 }, { id: 2 }] };
    const { result } = renderHook(
      () =>
        useQuery({
          queryKey: ['user'],
          queryFn: async () => profile,
          select: (user) => user.addresses.map((address) => ({ ...address })),
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toEqual([{ id: 1 }, { id: 2 }]));
    expect(client.getQueryData(['user'])).toBe(profile);
    // select makes new objects on every render; equal ones keep their reference.
    const selected = result.current.data;
    await settle(() => result.current.refetch());
    expect(result.current.data).toBe(selected);
  });

  it('keeps the references of every part of new data that equals the old', async () => {
    const { wrapper } = setup();
    let secondPrice = 10;
    const queryFn = async () => ({
      lines: [
        { id: 'a', price: 5 },
        { id: 'b', price: secondPrice },
      ],
      currency: { code: 'KRW' },
    });
    const effects = vi.fn();
    const { result } = renderHook(
      () => {
        const query = useQuery({ queryKey: ['cart'], queryFn });
        const data = query.data;
        // An effect keyed on the data, like the cart's stock check.
        useEffect(() => effects(data), [data]);
        return query;
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const first = result.current.data;
    await settle(() => result.current.refetch());
    expect(result.current.data).toBe(first);
    expect(effects).toHaveBeenCalledTimes(2); // undefined, then the first data

    secondPrice = 12;
    await settle(() => result.current.refetch());
    const next = result.current.data;
    expect(next).not.toBe(first);
    expect(next?.lines[0]).toBe(first?.lines[0]);
    expect(next?.lines[1]).toEqual({ id: 'b', price: 12 });
    expect(next?.currency).toBe(first?.currency);
    expect(effects).toHaveBeenCalledTimes(3);
  });
});

describe('QueryClient', () => {
  it('invalidateQueries marks every entry under the key stale and refetches only those a component reads', async () => {
    const { client, wrapper } = setup({ staleTime: 60_000 });
    const list = vi.fn(async () => 'page 1');
    const cart = vi.fn(async () => 'cart');
    const detail = vi.fn(async () => 'detail');
    const firstPage = ['products', 'list', { page: 1, sort: 'latest' }];
    renderHook(
      () => {
        useQuery({ queryKey: firstPage, queryFn: list });
        useQuery({ queryKey: ['cart'], queryFn: cart });
        useQuery({ queryKey: ['products', 'detail', 'a'], queryFn: detail, enabled: false });
      },
      { wrapper },
    );
    await waitFor(() => expect(client.getQueryData(firstPage)).toBe('page 1'));
    await waitFor(() => expect(client.getQueryData(['cart'])).toBe('cart'));
    client.setQueryData(['products', 'list', { page: 2, sort: 'latest' }], 'page 2');
    client.setQueryData(['products', 'detail', 'a'], 'detail');

    await act(() => client.invalidateQueries({ queryKey: ['products'] }));
    expect(list).toHaveBeenCalledTimes(2);
    expect(detail).not.toHaveBeenCalled();
    expect(cart).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(firstPage)?.isInvalidated).toBe(false);
    expect(client.getQueryState(['products', 'list', { page: 2, sort: 'latest' }])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['products', 'detail', 'a'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['cart'])?.isInvalidated).toBe(false);

    // An object in the key matches an object holding at least its properties; the promise waits for the read.
    const answer = deferred<string>();
    list.mockImplementationOnce(() => answer.promise);
    let settled = false;
    let invalidation = Promise.resolve();
    act(() => {
      invalidation = client.invalidateQueries({ queryKey: ['products', 'list', { page: 1 }] }).then(() => {
        settled = true;
      });
    });
    expect(list).toHaveBeenCalledTimes(3);
    await act(async () => {});
    expect(settled).toBe(false);
    await act(async () => answer.resolve('page 1 again'));
    await invalidation;
    expect(client.getQueryData(firstPage)).toBe('page 1 again');
    await act(() => client.invalidateQueries({ queryKey: ['products', 'list', { page: 3 }] }));
    expect(list).toHaveBeenCalledTimes(3);
  });

  it('a refetch after a change replaces a read under way, whose older answer is dropped', async () => {
    const { client, wrapper } = setup();
    const answers = [deferred<string>(), deferred<string>(), deferred<string>()];
    const { queryFn, signals } = answering(...answers.map((answer) => answer.promise));
    const { result } = renderHook(() => useQuery({ queryKey: ['cart'], queryFn }), { wrapper });
    await settle(() => answers[0]?.resolve('2 lines'));
    expect(result.current.data).toBe('2 lines');

    act(() => void client.invalidateQueries({ queryKey: ['cart'] }));
    act(() => void client.invalidateQueries({ queryKey: ['cart'] }));
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(signals.map((signal) => signal.aborted)).toEqual([false, true, false]);
    await settle(() => answers[2]?.resolve('3 lines'));
    await settle(() => answers[1]?.resolve('2 lines, read before the change'));
    expect(result.current.data).toBe('3 lines');
  });

  it('setQueryData hands the updater the current data and shows the result at once', async () => {
    const { client, wrapper: Provider } = setup();
    render(
      <Provider>
        <LineCount />
      </Provider>,
    );
    expect(await screen.findByText('1 lines')).toBeTruthy();

    const updater = vi.fn(
      (current: { lines: string[] } | undefined) => current && { lines: [...current.lines, 'b'] },
    );
    act(() => void client.setQueryData(cartQuery.queryKey, updater));
    expect(updater).toHaveBeenCalledWith({ lines: ['a'] });
    expect(client.getQueryData(cartQuery.queryKey)).toEqual({ lines: ['a', 'b'] });
    expect(await screen.findByText('2 lines')).toBeTruthy();

    // An updater returning undefined changes nothing.
    act(() => void client.setQueryData(cartQuery.queryKey, () => undefined));
    expect(client.getQueryData(cartQuery.queryKey)).toEqual({ lines: ['a', 'b'] });

    // The key carries its data's type; an explicit type does for a plain key.
    const lines: string[] | undefined = client.getQueryData(cartQuery.queryKey)?.lines;
    expect(lines).toEqual(['a', 'b']);
    // @ts-expect-error the cart's data has lines, not a count (checked by tsc on a client nothing shows)
    new QueryClient().setQueryData(cartQuery.queryKey, { count: 2 });
    const missing = vi.fn((current: number | undefined) => (current ?? 0) + 1);
    expect(client.setQueryData<number>(['counter'], missing)).toBe(1);
    expect(missing).toHaveBeenCalledWith(undefined);
    expect(client.getQueryState(['counter'])).toMatchObject({ status: 'success', isInvalidated: false });
  });

  it('resetQueries empties the cache, drops a late answer read before it and reads again what is shown', async () => {
    const { client, wrapper } = setup();
    const answers = [deferred<string>(), deferred<string>(), deferred<string>()];
    const { queryFn, signals } = answering(...answers.map((answer) => answer.promise));
    const { result } = renderHook(() => useQuery({ queryKey: ['cart'], queryFn }), { wrapper });
    await settle(() => answers[0]?.resolve("the member's cart"));
    expect(result.current.data).toBe("the member's cart");
    client.setQueryData(['orders', 'list', 1], 'orders');
    act(() => void client.invalidateQueries({ queryKey: ['cart'] }));
    expect(queryFn).toHaveBeenCalledTimes(2);

    // Logged out while the member's cart was being read again.
    await settle(() => void client.resetQueries());
    expect(signals[1]?.aborted).toBe(true);
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(result.current).toMatchObject({ data: undefined, isPending: true, isFetching: true });
    expect(client.getQueryData(['orders', 'list', 1])).toBeUndefined();

    await settle(() => answers[1]?.resolve("the member's cart, late"));
    expect(result.current).toMatchObject({ data: undefined, isPending: true });
    expect(client.getQueryData(['cart'])).toBeUndefined();
    await settle(() => answers[2]?.resolve("the guest's cart"));
    expect(result.current.data).toBe("the guest's cart");
  });

  it('fetchQuery serves fresh data from the cache, reads stale data without retrying, and rejects on failure', async () => {
    const { client } = setup({ staleTime: 1000 });
    const queryFn = vi.fn(async () => 'categories');
    await expect(client.fetchQuery({ queryKey: ['categories'], queryFn })).resolves.toBe('categories');
    await expect(client.fetchQuery({ queryKey: ['categories'], queryFn })).resolves.toBe('categories');
    expect(queryFn).toHaveBeenCalledTimes(1);
    await expect(client.fetchQuery({ queryKey: ['categories'], queryFn, staleTime: 0 })).resolves.toBe(
      'categories',
    );
    expect(queryFn).toHaveBeenCalledTimes(2);

    const plain = new QueryClient();
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(plain.fetchQuery({ queryKey: ['artists', 1], queryFn: failing })).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(1);
    await expect(
      plain.prefetchQuery({ queryKey: ['artists', 2], queryFn: failing }),
    ).resolves.toBeUndefined();
    expect(plain.getQueryState(['artists', 2])).toMatchObject({ status: 'error', error: new Error('down') });
  });

  it('drops an entry nobody reads after gcTime, and keeps it while read', async () => {
    vi.useFakeTimers();
    const { client, wrapper } = setup({ gcTime: 1000 });
    const { unmount } = renderHook(() => useQuery({ queryKey: ['cart'], queryFn: async () => 'cart' }), {
      wrapper,
    });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(client.getQueryData(['cart'])).toBe('cart');

    unmount();
    vi.advanceTimersByTime(999);
    expect(client.getQueryData(['cart'])).toBe('cart');
    vi.advanceTimersByTime(1);
    expect(client.getQueryData(['cart'])).toBeUndefined();

    // Five minutes by default; never with gcTime Infinity.
    const plain = new QueryClient();
    plain.setQueryData(['categories'], []);
    plain.setQueryData(['artists'], []);
    plain.getQueryState(['artists']);
    await plain.prefetchQuery({
      queryKey: ['tags'],
      queryFn: async () => [],
      gcTime: Number.POSITIVE_INFINITY,
    });
    vi.advanceTimersByTime(5 * 60 * 1000 - 1);
    expect(plain.getQueryData(['categories'])).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(plain.getQueryData(['categories'])).toBeUndefined();
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(plain.getQueryData(['tags'])).toEqual([]);
  });

  it('renders on the server without reading: pending, or the cached data', () => {
    const queryFn = vi.fn(async () => 'fresh');
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } });
    const page = () =>
      renderToString(
        <QueryClientProvider client={client}>
          <Shown queryKey={['home']} queryFn={queryFn} />
        </QueryClientProvider>,
      );
    expect(page()).toBe('<p>loading</p>');
    client.setQueryData(['home'], 'cached');
    expect(page()).toBe('<p>cached</p>');
    expect(queryFn).not.toHaveBeenCalled();
  });
});

describe('useMutation', () => {
  it('awaits onSuccess then onSettled before resolving, pending all the while', async () => {
    const { wrapper } = setup();
    const calls: string[] = [];
    const saved = deferred<string>();
    const invalidated = deferred<void>();
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: (address: string) => {
            calls.push(`save ${address}`);
            return saved.promise;
          },
          onSuccess: (data, address) => {
            calls.push(`onSuccess ${data} ${address}`);
            return invalidated.promise;
          },
          onError: () => calls.push('onError'),
          onSettled: (data, error, address) => calls.push(`onSettled ${data} ${error} ${address}`),
        }),
      { wrapper },
    );
    expect(result.current).toMatchObject({ status: 'idle', isIdle: true, isPending: false });

    let mutation = Promise.resolve('');
    act(() => {
      mutation = result.current.mutateAsync('Seoul');
    });
    expect(result.current).toMatchObject({ isPending: true, variables: 'Seoul' });
    await act(async () => saved.resolve('addr-1'));
    expect(calls).toEqual(['save Seoul', 'onSuccess addr-1 Seoul']);
    expect(result.current.isPending).toBe(true);

    await act(async () => invalidated.resolve());
    await expect(mutation).resolves.toBe('addr-1');
    expect(calls).toEqual(['save Seoul', 'onSuccess addr-1 Seoul', 'onSettled addr-1 null Seoul']);
    expect(result.current).toMatchObject({
      status: 'success',
      isSuccess: true,
      isPending: false,
      data: 'addr-1',
    });
  });

  it('calls onError then onSettled on failure; mutateAsync rejects, mutate does not', async () => {
    const { wrapper } = setup();
    const calls: string[] = [];
    const refused = new Error('refused');
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: async (_address: string): Promise<string> => {
            throw refused;
          },
          onSuccess: () => calls.push('onSuccess'),
          onError: (error, address) => calls.push(`onError ${error.message} ${address}`),
          onSettled: (data, error) => calls.push(`onSettled ${data} ${error?.message}`),
        }),
      { wrapper },
    );
    await act(() => expect(result.current.mutateAsync('Busan')).rejects.toBe(refused));
    expect(calls).toEqual(['onError refused Busan', 'onSettled undefined refused']);
    expect(result.current).toMatchObject({ status: 'error', isError: true, error: refused, data: undefined });

    await act(async () => result.current.mutate('Busan'));
    expect(calls).toHaveLength(4);
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ status: 'idle', isIdle: true, error: null });
  });
});
