import { Worker } from 'node:worker_threads';
import {
  type Answer,
  type Call,
  errorFromFields,
  type QueryResult,
  type RowMode,
  type Started,
  type WorkerOptions,
} from './embedded-protocol.js';

type Pending = { resolve(result: QueryResult | undefined): void; reject(err: Error): void };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type QueryOptions = { rowMode?: RowMode };

/** The part of PGlite's client that drizzle-orm/pglite uses: queries, and queries inside a transaction. */
export type EmbeddedQueries = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
};

export type EmbeddedClient = EmbeddedQueries & {
  transaction<T>(work: (tx: EmbeddedQueries) => Promise<T>): Promise<T>;
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Writes the whole database, as it stands between two transactions, to `file` (a gzipped tarball). */
  dump(file: string): Promise<void>;
  close(): Promise<void>;
};

// Run from the TypeScript sources (tests, tsx), the worker is TypeScript too: it starts by registering
// tsx's loader in its own thread, then loads the worker module.
const fromSources = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSources ? './embedded-worker.ts' : './embedded-worker.js', import.meta.url);
const workerEntry = fromSources
  ? {
      code: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerFile.href)}); })`,
      eval: true,
    }
  : { code: workerFile, eval: false };

/**
 * Opens the embedded database in a worker thread of its own (embedded-worker.ts) and talks to it by
 * messages. The worker keeps the process alive only while a call is waiting for it, as PGlite in process
 * never did.
 */
export async function openEmbeddedClient(options: WorkerOptions): Promise<EmbeddedClient> {
  const worker = new Worker(workerEntry.code, { workerData: options, eval: workerEntry.eval, execArgv: [] });
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 0;
  let nextTx = 0;
  let stopped: Error | null = null;

  const settle = (id: number, settleWith: (p: Pending) => void) => {
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    settleWith(call);
  };
  const stop = (why: Error) => {
    if (stopped) return;
    stopped = why;
    for (const id of [...pending.keys()]) settle(id, (p) => p.reject(why));
  };

  await new Promise<void>((resolve, reject) => {
    const failed = (err: Error) => {
      worker.off('message', started).off('error', failed).off('exit', exited);
      reject(err);
    };
    const exited = (code: number) => failed(new Error(`the embedded database worker exited (${code})`));
    const started = (message: Started) => {
      worker.off('error', failed).off('exit', exited);
      if (message.started) resolve();
      else reject(errorFromFields(message.error));
    };
    worker.once('message', started).once('error', failed).once('exit', exited);
  });
  worker.unref();

  worker.on('message', (answer: Answer) => {
    if ('notify' in answer) {
      for (const onNotify of listeners.get(answer.notify) ?? []) onNotify(answer.payload);
    } else if (answer.ok) {
      settle(answer.id, (p) => p.resolve(answer.result));
    } else {
      settle(answer.id, (p) => p.reject(errorFromFields(answer.error)));
    }
  });
  worker.on('error', (err) => {
    process.stderr.write(`the embedded database stopped: ${err.stack ?? err.message}\n`);
    stop(new Error(`the embedded database stopped: ${err.message}`));
  });
  worker.on('exit', (code) => stop(new Error(`the embedded database is closed (worker exit ${code})`)));

  const call = (message: DistributiveOmit<Call, 'id'>) =>
    new Promise<QueryResult | undefined>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = ++nextId;
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id } as Call);
    });
  const queries = (tx?: number): EmbeddedQueries => ({
    query: async (sql, params = [], queryOptions = {}) =>
      (await call({ op: 'query', sql, params, rowMode: queryOptions.rowMode ?? 'object', tx }))!,
  });

  return {
    ...queries(),
    async transaction<T>(work: (tx: EmbeddedQueries) => Promise<T>): Promise<T> {
      const tx = ++nextTx;
      await call({ op: 'begin', tx });
      let result: T;
      try {
        result = await work(queries(tx));
      } catch (err) {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onNotify) {
      let channelListeners = listeners.get(channel);
      if (!channelListeners) {
        channelListeners = new Set();
        listeners.set(channel, channelListeners);
        await call({ op: 'listen', channel });
      }
      channelListeners.add(onNotify);
      return async () => {
        channelListeners.delete(onNotify);
        if (channelListeners.size > 0 || listeners.get(channel) !== channelListeners) return;
        listeners.delete(channel);
        if (!stopped) await call({ op: 'unlisten', channel });
      };
    },
    async dump(file) {
      await call({ op: 'dump', file });
    },
    async close() {
      if (stopped) return;
      await call({ op: 'close' });
      stop(new Error('the embedded database is closed'));
      await worker.terminate();
    },
  };
}
