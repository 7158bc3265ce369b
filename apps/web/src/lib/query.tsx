/**
 * The storefront's cache of server reads: the part of TanStack Query v5's API the storefront uses, with the same
 * names and behaviour, small enough for the home page's JavaScript budget. One cache entry per query key; one
 * request per entry at a time, shared by every component that reads it; data served without asking again while
 * it is fresh (staleTime); an entry nobody reads dropped after gcTime. There is no refetch on window focus or on
 * reconnecting: the shop turns the first off, and a buyer's next page visit reads stale data again anyway.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

export type QueryKey = readonly unknown[];

declare const dataTag: unique symbol;
/** A query key that carries the type of its data, so that setQueryData and getQueryData know it. */
export type DataTag<TKey extends QueryKey, TData> = TKey & { [dataTag]: TData };
type DataOf<TKey, TFallback> = TKey extends { [dataTag]: infer TData } ? TData : TFallback;

export type QueryFunctionContext<TKey extends QueryKey = QueryKey> = { queryKey: TKey; signal: AbortSignal };

export interface QueryOptions<TQueryFnData = unknown, TError = Error, TKey extends QueryKey = QueryKey> {
  queryKey: TKey;
  queryFn: (context: QueryFunctionContext<TKey>) => TQueryFnData | Promise<TQueryFnData>;
  /** How long (ms) data counts as fresh, i.e. is served without asking the server again. Default 0. */
  staleTime?: number;
  /** How long (ms) an entry nobody reads is kept. Default 5 minutes in the browser, forever on the server. */
  gcTime?: number;
  /** Whether a failed read is tried again: true, a number of retries or a test. Default 3 (none for fetchQuery). */
  retry?: boolean | number | ((failureCount: number, error: TError) => boolean);
}

export interface UseQueryOptions<
  TQueryFnData = unknown,
  TError = Error,
  TData = TQueryFnData,
  TKey extends QueryKey = QueryKey,
> extends QueryOptions<TQueryFnData, TError, TKey> {
  /** false: the query does not read (a guest's cart, an empty search); it stays pending until it has data. */
  enabled?: boolean;
  select?: (data: TQueryFnData) => TData;
  /** Shown while the key has no data yet; a function gets the data of the key shown before (keepPreviousData). */
  placeholderData?:
    | NoInfer<TQueryFnData>
    | ((previousData: NoInfer<TQueryFnData> | undefined) => NoInfer<TQueryFnData> | undefined);
}

export type QueryClientConfig = {
  defaultOptions?: {
    queries?: Pick<UseQueryOptions, 'staleTime' | 'gcTime' | 'retry'> & {
      /** Nothing refetches on window focus here; the option is accepted only as `false`, which says so. */
      refetchOnWindowFocus?: false;
    };
  };
};

export type QueryStatus = 'pending' | 'error' | 'success';
export type FetchStatus = 'fetching' | 'idle';

export type QueryState<TData = unknown, TError = Error> = {
  data: TData | undefined;
  dataUpdatedAt: number;
  error: TError | null;
  status: QueryStatus;
  fetchStatus: FetchStatus;
  /** Set by invalidateQueries or a failed read: the data is stale whatever the staleTime. */
  isInvalidated: boolean;
};

export type UseQueryResult<TData = unknown, TError = Error> = {
  fetchStatus: FetchStatus;
  isFetching: boolean;
  /** Reads again, replacing a read under way; resolves with the result once it has settled, never rejects. */
  refetch: () => Promise<UseQueryResult<TData, TError>>;
} & (
  | { status: 'pending'; data: undefined; error: null; isPending: true; isError: false; isSuccess: false }
  | {
      status: 'error';
      data: TData | undefined;
      error: TError;
      isPending: false;
      isError: true;
      isSuccess: false;
    }
  | { status: 'success'; data: TData; error: null; isPending: false; isError: false; isSuccess: true }
) & { isPlaceholderData: boolean };

type AnyQueryOptions = UseQueryOptions<unknown, unknown, unknown, QueryKey>;

const DEFAULT_GC_TIME = typeof window === 'undefined' ? Infinity : 5 * 60 * 1000;
const INITIAL_STATE: QueryState<unknown, unknown> = {
  data: undefined,
  dataUpdatedAt: 0,
  error: null,
  status: 'pending',
  fetchStatus: 'idle',
  isInvalidated: false,
};
const noop = () => {};

/** An object made by a literal or JSON.parse, as opposed to an array, a Date, a class instance or a primitive. */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  (value as object | null | undefined)?.constructor === Object;

/** Equal keys give equal hashes whatever the order of their objects' properties. */
const hashKey = (queryKey: QueryKey): string =>
  JSON.stringify(queryKey, (_, value) =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, value[key]]),
        )
      : value,
  );

/** Whether `key` starts with `filter`; an object in `filter` matches an object holding at least its properties. */
function partialMatchKey(key: unknown, filter: unknown): boolean {
  if (key === filter) return true;
  if (typeof key !== 'object' || typeof filter !== 'object' || !key || !filter) return false;
  return Object.keys(filter).every((name) =>
    partialMatchKey((key as Record<string, unknown>)[name], (filter as Record<string, unknown>)[name]),
  );
}

/**
 * `next`, keeping each part of `previous` that it deep-equals: a read that changed nothing gives back the very
 * same objects, so memos and effects that depend on them do not run again.
 */
function replaceEqualDeep<T>(previous: unknown, next: T): T {
  if (previous === next) return next;
  const arrays = Array.isArray(previous) && Array.isArray(next);
  if (!arrays && !(isPlainObject(previous) && isPlainObject(next))) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  const copy = (arrays ? [] : {}) as Record<string, unknown>;
  let same = keys.length === Object.keys(before).length;
  for (const key of keys) {
    copy[key] = replaceEqualDeep(before[key], after[key]);
    if (copy[key] !== before[key] || !Object.hasOwn(before, key)) same = false;
  }
  return (same ? previous : copy) as T;
}

/** Calls the query function until it succeeds or `retry` says stop, waiting 1 s, 2 s, 4 s… (at most 30 s) between. */
function readWithRetries({ queryFn, queryKey, retry = 3 }: AnyQueryOptions, signal: AbortSignal) {
  return new Promise<unknown>((resolve, reject) => {
    // A cancelled read settles at once, even when its query function does not listen to the signal.
    signal.onabort = () => reject(signal.reason);
    const attempt = (failureCount: number) => {
      new Promise((done) => done(queryFn({ queryKey, signal }))).then(resolve, (error) => {
        const again =
          !signal.aborted &&
          (retry === true ||
            (typeof retry === 'number' && failureCount < retry) ||
            (typeof retry === 'function' && retry(failureCount, error)));
        if (!again) return reject(error);
        const delay = Math.min(1000 * 2 ** failureCount, 30_000);
        setTimeout(() => {
          if (!signal.aborted) attempt(failureCount + 1);
        }, delay);
      });
    };
    attempt(0);
  });
}

/** One cache entry: the state of a key and the read under way, if any. */
class Query {
  state = INITIAL_STATE;
  readonly observers = new Set<QueryObserver>();
  /** The options of the last read, reused when the cache refetches the entry (set before any refetch). */
  options?: AnyQueryOptions;
  private controller?: AbortController;
  private promise?: Promise<unknown>;
  private gcTimer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly cache: Map<string, Query>,
    readonly key: QueryKey,
    readonly hash: string,
    public gcTime: number,
  ) {
    this.scheduleGc();
  }

  /**
   * The components whose result changed hear of it a task later, all together, as with TanStack: the storefront's
   * code and tests were written against that timing.
   */
  setState(change: Partial<QueryState<unknown, unknown>>) {
    this.state = { ...this.state, ...change };
    const changed = [...this.observers].filter((observer) => observer.updateResult(this));
    if (changed.length === 0) return;
    setTimeout(() => {
      for (const observer of changed) observer.listener?.();
    });
  }

  setData(data: unknown, change?: Partial<QueryState<unknown, unknown>>) {
    this.setState({
      data: replaceEqualDeep(this.state.data, data),
      dataUpdatedAt: Date.now(),
      error: null,
      status: 'success',
      isInvalidated: false,
      ...change,
    });
  }

  isStaleAfter(staleTime = 0): boolean {
    const { data, isInvalidated, dataUpdatedAt } = this.state;
    return data === undefined || isInvalidated || Date.now() >= dataUpdatedAt + staleTime;
  }

  /** Whether a component reads the entry with `enabled` on: such entries are refetched when invalidated. */
  isActive(): boolean {
    return [...this.observers].some((observer) => observer.options.enabled !== false);
  }

  /**
   * Reads the entry. A read under way is shared, unless `replaceRunning` asks for a fresh one (a refetch after a
   * change on the server) and there is data already: the read under way may carry the data from before the change.
   */
  fetch(options = this.options!, replaceRunning = false): Promise<unknown> {
    if (this.promise && !(replaceRunning && this.state.data !== undefined)) return this.promise;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.options = options;
    this.setState({
      fetchStatus: 'fetching',
      ...(this.state.data === undefined && { status: 'pending', error: null }),
    });
    // A cancelled read's callers get the read that replaced it, or the cancellation.
    const replacement = () => this.promise ?? Promise.reject(controller.signal.reason);
    this.promise = readWithRetries(options, controller.signal).then(
      (data) => {
        if (this.controller !== controller) return replacement();
        this.settled();
        this.setData(data, { fetchStatus: 'idle' });
        return this.state.data;
      },
      (error) => {
        if (this.controller !== controller) return replacement();
        this.settled();
        this.setState({ error, status: 'error', fetchStatus: 'idle', isInvalidated: true });
        throw error;
      },
    );
    return this.promise;
  }

  private settled() {
    this.controller = undefined;
    this.promise = undefined;
    if (this.observers.size === 0) this.scheduleGc();
  }

  /** Back to no data, cancelling a read under way: whatever it brings back is dropped. */
  reset() {
    this.controller?.abort();
    this.settled();
    this.setState(INITIAL_STATE);
  }

  scheduleGc() {
    this.clearGc();
    if (!Number.isFinite(this.gcTime)) return;
    this.gcTimer = setTimeout(() => {
      if (this.observers.size === 0 && !this.promise && this.cache.get(this.hash) === this) {
        this.cache.delete(this.hash);
      }
    }, this.gcTime);
  }

  clearGc() {
    clearTimeout(this.gcTimer);
  }
}

/** The link between one useQuery call and the cache entry of its current key. */
class QueryObserver {
  query!: Query;
  options!: AnyQueryOptions;
  listener?: () => void;
  /** The entry this observer is subscribed to with `enabled` on, i.e. has already read if that was needed. */
  private readingFrom?: Query;
  /** The last entry seen with data, whose data a placeholderData function (keepPreviousData) gets. */
  private lastQueryWithData?: Query;
  private result?: UseQueryResult<unknown, unknown>;

  subscribe(query: Query, enabled: boolean, listener: () => void) {
    this.listener = listener;
    query.observers.add(this);
    query.clearGc();
    query.options = this.options;
    if (enabled) {
      this.readingFrom = query;
      if (query.isStaleAfter(this.options.staleTime)) query.fetch(this.options).catch(noop);
    }
    return () => {
      this.readingFrom = undefined;
      query.observers.delete(this);
      if (query.observers.size === 0) query.scheduleGc();
    };
  }

  /**
   * Whether a change to `query` changed this observer's result. After a render for another key, whose
   * subscription is still to come, React is told anyway and compares for itself.
   */
  updateResult(query: Query): boolean {
    const previous = this.result;
    return query !== this.query || this.getResult() !== previous;
  }

  /** The result to render; the same object as long as nothing in it changed. */
  getResult = (): UseQueryResult<unknown, unknown> => {
    const { query, options } = this;
    let { data, error, status, fetchStatus } = query.state;
    // Not yet subscribed (first render, new key, just enabled, server rendering): show the read the subscription
    // will start, as the next render would, instead of a moment of "idle".
    if (this.readingFrom !== query && options.enabled !== false && query.isStaleAfter(options.staleTime)) {
      fetchStatus = 'fetching';
      if (data === undefined) {
        status = 'pending';
        error = null;
      }
    }
    if (data !== undefined) this.lastQueryWithData = query;
    let isPlaceholderData = false;
    const { placeholderData } = options;
    if (data === undefined && status === 'pending' && placeholderData !== undefined) {
      data =
        typeof placeholderData === 'function'
          ? placeholderData(this.lastQueryWithData?.state.data)
          : placeholderData;
      if (data !== undefined) {
        status = 'success';
        isPlaceholderData = true;
      }
    }
    // select runs on every call; structural sharing below keeps its result's reference while it is unchanged.
    if (data !== undefined && options.select) data = options.select(data);
    // Shared with the previous result: the same object while nothing changed, else with the unchanged parts of
    // the data kept.
    this.result = replaceEqualDeep(this.result, {
      status,
      fetchStatus,
      data,
      error,
      isPending: status === 'pending',
      isError: status === 'error',
      isSuccess: status === 'success',
      isFetching: fetchStatus === 'fetching',
      isPlaceholderData,
      refetch: this.refetch,
    } as UseQueryResult<unknown, unknown>);
    return this.result;
  };

  refetch = () => this.query.fetch(this.options, true).catch(noop).then(this.getResult);
}

type KeyFilter = { queryKey?: QueryKey };

/** The cache of server reads; the app makes one (app/providers.tsx) and hands it to QueryClientProvider. */
export class QueryClient {
  private readonly queries = new Map<string, Query>();
  private readonly defaults: NonNullable<NonNullable<QueryClientConfig['defaultOptions']>['queries']>;

  constructor(config: QueryClientConfig = {}) {
    this.defaults = config.defaultOptions?.queries ?? {};
  }

  /** `options` with the client's defaults under them. */
  defaultQueryOptions<T extends { queryKey: QueryKey }>(options: T): AnyQueryOptions {
    return { ...this.defaults, ...options } as unknown as AnyQueryOptions;
  }

  /** The cache entry of a key, made empty if there is none. */
  buildQuery({ queryKey, gcTime = DEFAULT_GC_TIME }: { queryKey: QueryKey; gcTime?: number }): Query {
    const hash = hashKey(queryKey);
    let query = this.queries.get(hash);
    if (!query) {
      query = new Query(this.queries, queryKey, hash, gcTime);
      this.queries.set(hash, query);
    }
    query.gcTime = Math.max(query.gcTime, gcTime);
    return query;
  }

  getQueryData<TData = unknown, TKey extends QueryKey = QueryKey>(queryKey: TKey) {
    return this.getQueryState<TData, Error, TKey>(queryKey)?.data;
  }

  getQueryState<TData = unknown, TError = Error, TKey extends QueryKey = QueryKey>(queryKey: TKey) {
    return this.queries.get(hashKey(queryKey))?.state as QueryState<DataOf<TKey, TData>, TError> | undefined;
  }

  /**
   * Sets a key's data, as if the server had just sent it; an updater gets the current data (or undefined) and
   * may return undefined to change nothing.
   */
  setQueryData<TData = unknown, TKey extends QueryKey = QueryKey>(
    queryKey: TKey,
    updater:
      | DataOf<TKey, NoInfer<TData>>
      | undefined
      | ((current: DataOf<TKey, NoInfer<TData>> | undefined) => DataOf<TKey, NoInfer<TData>> | undefined),
  ): NoInfer<DataOf<TKey, TData>> | undefined {
    const current = this.getQueryData(queryKey);
    const data =
      typeof updater === 'function' ? (updater as (current: unknown) => unknown)(current) : updater;
    if (data === undefined) return undefined;
    const query = this.buildQuery(this.defaultQueryOptions({ queryKey }));
    query.setData(data);
    return query.state.data as DataOf<TKey, TData>;
  }

  /**
   * Marks the entries whose key starts with `queryKey` (all without one) stale and refetches those a component
   * reads; resolves once those reads have settled.
   */
  invalidateQueries(filter?: KeyFilter): Promise<void> {
    return this.changeAndRefetch(filter, (query) => query.setState({ isInvalidated: true }));
  }

  /**
   * Empties the matching entries (all without a key), dropping whatever a read under way brings back, and reads
   * again those a component reads. Logging in or out does this: nothing read with the old session may land after.
   */
  resetQueries(filter?: KeyFilter): Promise<void> {
    return this.changeAndRefetch(filter, (query) => query.reset());
  }

  /** The key's data: the cached data while fresh, else read (without retrying unless told to); rejects on failure. */
  fetchQuery<TQueryFnData, TError = Error, TKey extends QueryKey = QueryKey>(
    options: QueryOptions<TQueryFnData, TError, TKey>,
  ): Promise<TQueryFnData> {
    const resolved = this.defaultQueryOptions(options);
    resolved.retry ??= false;
    const query = this.buildQuery(resolved);
    const read = query.isStaleAfter(resolved.staleTime)
      ? query.fetch(resolved)
      : Promise.resolve(query.state.data);
    return read as Promise<TQueryFnData>;
  }

  /** fetchQuery for warming the cache: resolves when done, never rejects. */
  prefetchQuery<TQueryFnData, TError = Error, TKey extends QueryKey = QueryKey>(
    options: QueryOptions<TQueryFnData, TError, TKey>,
  ): Promise<void> {
    return this.fetchQuery(options).then(noop, noop);
  }

  /**
   * Applies `change` to the entries whose key starts with the filter's (all without one), then refetches those a
   * component reads, replacing reads under way; resolves when all have settled.
   */
  private changeAndRefetch({ queryKey }: KeyFilter = {}, change: (query: Query) => void): Promise<void> {
    const matching = [...this.queries.values()].filter(
      (query) => !queryKey || partialMatchKey(query.key, queryKey),
    );
    for (const query of matching) change(query);
    const active = matching.filter((query) => query.isActive());
    return Promise.all(active.map((query) => query.fetch(undefined, true).catch(noop))).then(noop);
  }
}

const QueryClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children?: ReactNode }) {
  return <QueryClientContext value={client}>{children}</QueryClientContext>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(QueryClientContext);
  if (!client) throw new Error('No QueryClientProvider');
  return client;
}

/** The options as they are, typed so that their queryKey carries the data's type. */
export function queryOptions<
  TQueryFnData,
  TError = Error,
  TData = TQueryFnData,
  TKey extends QueryKey = QueryKey,
>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TKey>,
): UseQueryOptions<TQueryFnData, TError, TData, TKey> & { queryKey: DataTag<TKey, TQueryFnData> } {
  return options as UseQueryOptions<TQueryFnData, TError, TData, TKey> & {
    queryKey: DataTag<TKey, TQueryFnData>;
  };
}

/** placeholderData that keeps showing the previous key's data until the new key has its own. */
export function keepPreviousData<T>(previousData: T): T {
  return previousData;
}

/**
 * Reads a key through the cache. On mounting, on a new key and when enabled turns on, it reads if there is no
 * data or the data is stale, sharing a read already under way. Nothing is read while rendering, so server
 * rendering shows the pending state.
 */
export function useQuery<
  TQueryFnData,
  TError = Error,
  TData = TQueryFnData,
  TKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TKey>): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  const [observer] = useState(() => new QueryObserver());
  const resolved = client.defaultQueryOptions(options);
  const query = client.buildQuery(resolved);
  observer.query = query;
  observer.options = resolved;
  const enabled = resolved.enabled !== false;
  const subscribe = useCallback(
    (listener: () => void) => observer.subscribe(query, enabled, listener),
    [observer, query, enabled],
  );
  return useSyncExternalStore(subscribe, observer.getResult, observer.getResult) as UseQueryResult<
    TData,
    TError
  >;
}

/** No onMutate: the storefront updates the cache itself (setQueryData) where it shows a change before the server. */
export interface UseMutationOptions<TData = unknown, TError = Error, TVariables = void> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: TError, variables: TVariables) => unknown;
  onSettled?: (data: TData | undefined, error: TError | null, variables: TVariables) => unknown;
}

type MutationState<TData, TError, TVariables> = {
  status: 'idle' | 'pending' | 'success' | 'error';
  data: TData | undefined;
  error: TError | null;
  /** What the latest call was made with, e.g. to show which line's button is busy. */
  variables: TVariables | undefined;
};

export type UseMutationResult<TData = unknown, TError = Error, TVariables = void> = MutationState<
  TData,
  TError,
  TVariables
> & {
  isIdle: boolean;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  /** Runs the mutation; a failure reaches only onError and onSettled. */
  mutate: (variables: TVariables) => void;
  /** Runs the mutation; resolves with its data once onSuccess and onSettled have finished, rejects on failure. */
  mutateAsync: (variables: TVariables) => Promise<TData>;
  reset: () => void;
};

const IDLE = { status: 'idle', data: undefined, error: null, variables: undefined } as const;

/**
 * A change sent to the server. Its callbacks are awaited in TanStack's order (onSuccess or onError, then
 * onSettled): the mutation stays pending until, say, the invalidation that onSuccess returns has settled.
 */
export function useMutation<TData = unknown, TError = Error, TVariables = void>(
  options: UseMutationOptions<TData, TError, TVariables>,
): UseMutationResult<TData, TError, TVariables> {
  const [state, setState] = useState<MutationState<TData, TError, TVariables>>(IDLE);
  // The latest options, and a count of calls so that only the latest call's outcome shows.
  const latest = useRef({ options, calls: 0 });
  latest.current.options = options;

  const mutateAsync = useCallback(async (variables: TVariables) => {
    const call = ++latest.current.calls;
    const show = (
      status: MutationState<TData, TError, TVariables>['status'],
      data?: TData,
      error: unknown = null,
    ) => {
      if (latest.current.calls === call) setState({ status, data, error: error as TError | null, variables });
    };
    const { mutationFn, onSuccess, onError, onSettled } = latest.current.options;
    show('pending');
    try {
      const data = await mutationFn(variables);
      await onSuccess?.(data, variables);
      await onSettled?.(data, null, variables);
      show('success', data);
      return data;
    } catch (error) {
      await onError?.(error as TError, variables);
      await onSettled?.(undefined, error as TError, variables);
      show('error', undefined, error);
      throw error;
    }
  }, []);
  const mutate = useCallback(
    (variables: TVariables) => {
      mutateAsync(variables).catch(noop);
    },
    [mutateAsync],
  );
  const reset = useCallback(() => {
    latest.current.calls++;
    setState(IDLE);
  }, []);

  return {
    ...state,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    mutate,
    mutateAsync,
    reset,
  };
}
