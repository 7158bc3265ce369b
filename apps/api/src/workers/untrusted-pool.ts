import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { poolBusy, TASK_LIMITS } from './task-limits.js';
import type { UntrustedCall, UntrustedTaskName, UntrustedTasks } from './untrusted-worker.js';

export type TaskInput<N extends UntrustedTaskName> = Parameters<UntrustedTasks[N]>[0];
export type TaskOutput<N extends UntrustedTaskName> = Awaited<ReturnType<UntrustedTasks[N]>>;

/** Runs parsing and drawing of what clients send in worker threads; see untrusted-worker.ts for the tasks. */
export type UntrustedWork = {
  run<N extends UntrustedTaskName>(task: N, input: TaskInput<N>): Promise<TaskOutput<N>>;
  /** For /metrics: threads, tasks waiting, and tasks stopped or refused since start. */
  figures(): { threads: number; queued: number; stopped: { time: number; memory: number; busy: number } };
  close(): Promise<void>;
};

/**
 * Sized for the 2-core machine the shop runs on: two workers at most (a third would only wait for a core;
 * while two work, the event loop shares the cores with them but never waits for them); one kept once
 * started, so a document does not wait for a thread to load pdfkit and its fonts; eight tasks may wait,
 * more are refused with 503. Each worker's heap is capped: a task that grows past it ends its worker, not
 * the process (reading a workbook of 60,000 exported rows took about 300 MB of heap; the largest upload
 * holds about twice that).
 */
export const POOL = {
  maxThreads: 2,
  minThreads: 1,
  idleTimeoutMs: 60_000,
  maxQueue: 8,
  resourceLimits: { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 64 },
};

// Run from the TypeScript sources (tests, tsx), the worker registers tsx's loader in its own thread first.
const fromSources = import.meta.url.endsWith('.ts');
const workerFile = fileURLToPath(
  new URL(fromSources ? './untrusted-worker.from-sources.mjs' : './untrusted-worker.js', import.meta.url),
);

const isOutOfMemory = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

/**
 * A pool of worker threads, started at the first task. A task gets its time limit when a worker starts
 * it; past that, piscina ends the worker (a new one takes its place) and the request is told the file is
 * too large or complex (task-limits.ts). So is a task whose worker ran out of memory.
 */
export function createUntrustedPool(
  log: { error(details: object, message: string): void },
  options: {
    /** Shorter limits than TASK_LIMITS', for tests of what happens past them. */
    timeLimitsMs?: Partial<Record<UntrustedTaskName, number>>;
    resourceLimits?: typeof POOL.resourceLimits;
  } = {},
): UntrustedWork {
  let pool: Piscina<UntrustedCall, unknown> | null = null;
  const stopped = { time: 0, memory: 0, busy: 0 };
  // Piscina keeps a task with an abort signal in a queue of its own, which `maxQueue` does not bound
  // (piscina 5.3): the tasks waiting or running are counted here instead.
  let inFlight = 0;
  const start = () => {
    const created = new Piscina<UntrustedCall, unknown>({
      filename: workerFile,
      maxThreads: POOL.maxThreads,
      minThreads: POOL.minThreads,
      idleTimeout: POOL.idleTimeoutMs,
      resourceLimits: options.resourceLimits ?? POOL.resourceLimits,
      // The shop's own flags (an inspector, a profiler, vitest's loaders) are not the worker's.
      execArgv: [],
    });
    // A worker that fails with no task of its own (while idle or starting) is reported here, not to a request.
    created.on('error', (err: unknown) => log.error({ err }, 'a worker of the untrusted work pool failed'));
    return created;
  };

  async function run<N extends UntrustedTaskName>(task: N, input: TaskInput<N>): Promise<TaskOutput<N>> {
    const limits = TASK_LIMITS[task];
    if (inFlight >= POOL.maxThreads + POOL.maxQueue) {
      stopped.busy++;
      throw poolBusy();
    }
    inFlight++;
    const abort = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => abort.abort(), options.timeLimitsMs?.[task] ?? limits.timeLimitMs);
    });
    try {
      pool ??= start();
      return (await pool.run({ task, input, started: port2 } as UntrustedCall, {
        signal: abort.signal,
        transferList: [port2],
      })) as TaskOutput<N>;
    } catch (err) {
      if (abort.signal.aborted) {
        stopped.time++;
        throw limits.tooMuch();
      }
      if (isOutOfMemory(err)) {
        stopped.memory++;
        throw limits.tooMuch();
      }
      throw err;
    } finally {
      inFlight--;
      clearTimeout(timer);
      port1.close();
    }
  }

  return {
    run,
    figures: () => ({
      threads: pool?.threads.length ?? 0,
      queued: Math.max(0, inFlight - POOL.maxThreads),
      stopped: { ...stopped },
    }),
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}
