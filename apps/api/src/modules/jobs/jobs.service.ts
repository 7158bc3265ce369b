import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db, Executor } from '../../db/client.js';
import * as repo from './jobs.repository.js';

export type JobProgress = { phase: string; done: number; total: number };
export type JobLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** An expected end (a file with problems): the job fails with this result and is not tried again. */
export class JobFailure extends Error {
  constructor(readonly result: unknown) {
    super('job failed');
  }
}

/** The runner is stopping, or the job's lease went to another runner: the work stops where it is. */
export class JobStopped extends Error {
  constructor() {
    super('job stopped');
  }
}

export type JobContext<Input> = {
  id: string;
  input: Input;
  staffId: string | null;
  attempt: number;
  /** No attempt follows this one: a handler that can leave things as they were does so now. */
  lastAttempt: boolean;
  /** What an earlier attempt kept with saveState. */
  state: unknown;
  log: JobLog;
  /** Throws JobStopped when the job should stop: call it between steps. */
  checkpoint(): void;
  /** Progress for staff, written at most a few times a second unless `now`. */
  progress(progress: JobProgress, now?: boolean): Promise<void>;
  saveState(state: unknown): Promise<void>;
  /** The steps committed so far, by this attempt or earlier ones. */
  steps(): Promise<{ step: number; data: unknown }[]>;
  /**
   * Inside the step's transaction, after the step's own row locks (the job row comes last in the lock
   * order): checks the job is still this runner's and records the step, so the step and its record commit
   * together and a later attempt goes on after it.
   */
  recordStep(tx: Executor, step: number, data: unknown, progress?: JobProgress): Promise<void>;
  /** Inside the transaction that undoes a step. */
  removeStep(tx: Executor, step: number): Promise<void>;
};

export type JobHandler<Input = unknown> = (context: JobContext<Input>) => Promise<unknown>;

export type JobRunnerOptions = {
  db: Db;
  log: JobLog;
  /** How often an idle runner looks for work another instance queued. */
  pollMs?: number;
  /** How long a claimed job stays this runner's without a renewal; a dead runner's job waits this long. */
  leaseMs?: number;
  /** Pause before a failed attempt's rerun; each further attempt doubles it. */
  retryDelayMs?: number;
};

const PROGRESS_INTERVAL_MS = 250;

export type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * Runs queued jobs one at a time in this process. Every instance of the shop runs one; they share the
 * queue through the job table. A job runs once: done and failed jobs are never claimed again, and a job
 * whose runner died is claimed again after its lease ran out and goes on after its committed steps.
 */
export function createJobRunner({
  db,
  log,
  pollMs = 1_000,
  leaseMs = 30_000,
  retryDelayMs = 2_000,
}: JobRunnerOptions) {
  const runnerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, JobHandler<never>>();
  let running: Promise<void> | null = null;
  let stopping = false;
  let wake: (() => void) | null = null;
  let current: AbortController | null = null;

  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function run(job: repo.JobRow, handler: JobHandler<never>) {
    if (job.attempts > job.maxAttempts) {
      // Its runners kept dying (the process stopped mid-job each time): it is not tried again.
      log.error({ jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job abandoned after its attempts');
      await repo.finishJob(db, job.id, runnerId, {
        status: 'failed',
        result: { message: 'The job stopped on an unexpected error.' },
      });
      return;
    }
    const controller = new AbortController();
    current = controller;
    let lost = false;
    const heartbeat = setInterval(() => {
      repo.renewLease(db, job.id, runnerId, leaseMs).then(
        (renewed) => {
          if (!renewed) {
            lost = true;
            controller.abort();
          }
        },
        (err) => log.warn({ err, jobId: job.id }, 'could not renew the lease of a job'),
      );
    }, leaseMs / 3);
    heartbeat.unref();
    let lastProgress = 0;
    const context: JobContext<never> = {
      id: job.id,
      input: job.input as never,
      staffId: job.createdByStaffId,
      attempt: job.attempts,
      lastAttempt: job.attempts >= job.maxAttempts,
      state: job.state,
      log,
      checkpoint() {
        if (controller.signal.aborted) throw new JobStopped();
      },
      async progress(progress, now = false) {
        if (!now && Date.now() - lastProgress < PROGRESS_INTERVAL_MS) return;
        lastProgress = Date.now();
        await repo.saveProgress(db, job.id, runnerId, progress);
      },
      saveState: (state) => repo.saveState(db, job.id, runnerId, state).then(() => {}),
      steps: () => repo.stepsOf(db, job.id),
      async recordStep(tx, step, data, progress) {
        if (!(await repo.lockOwnedJob(tx, job.id, runnerId))) throw new JobStopped();
        await repo.insertStep(tx, job.id, step, data);
        if (progress) {
          lastProgress = Date.now();
          await repo.saveProgress(tx, job.id, runnerId, progress);
        }
      },
      async removeStep(tx, step) {
        if (!(await repo.lockOwnedJob(tx, job.id, runnerId))) throw new JobStopped();
        await repo.deleteStep(tx, job.id, step);
      },
    };
    try {
      const result = await handler(context);
      await repo.finishJob(db, job.id, runnerId, { status: 'done', result });
      log.info({ jobId: job.id, kind: job.kind }, 'job done');
    } catch (err) {
      if (err instanceof JobFailure) {
        await repo.finishJob(db, job.id, runnerId, { status: 'failed', result: err.result });
        log.info({ jobId: job.id, kind: job.kind }, 'job failed');
      } else if (err instanceof JobStopped || controller.signal.aborted) {
        // Stopped at shutdown it is queued again at once; taken by another runner it is theirs now.
        if (!lost) await repo.releaseJob(db, job.id, runnerId, 0, true);
        log.info({ jobId: job.id, kind: job.kind, lost }, 'job stopped');
      } else if (!context.lastAttempt) {
        const delayMs = retryDelayMs * 2 ** (job.attempts - 1);
        log.warn(
          { err, jobId: job.id, kind: job.kind, attempt: job.attempts, delayMs },
          'job attempt failed',
        );
        await repo.releaseJob(db, job.id, runnerId, delayMs, false);
      } else {
        log.error({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed on an error');
        await repo.finishJob(db, job.id, runnerId, {
          status: 'failed',
          result: { message: 'The job stopped on an unexpected error.' },
        });
      }
    } finally {
      clearInterval(heartbeat);
      current = null;
    }
  }

  async function loop() {
    while (!stopping) {
      let job: repo.JobRow | undefined;
      try {
        job = await repo.claimJob(db, [...handlers.keys()], runnerId, leaseMs);
      } catch (err) {
        if (!stopping) log.error({ err }, 'could not look for jobs');
      }
      if (!job) {
        if (!stopping) await idle(pollMs);
        continue;
      }
      await run(job, handlers.get(job.kind)!).catch((err) =>
        log.error({ err, jobId: job.id }, 'could not record the end of a job'),
      );
    }
  }

  return {
    runnerId,
    register<Input>(kind: string, handler: JobHandler<Input>) {
      handlers.set(kind, handler as JobHandler<never>);
    },
    /** Queues a job (in the caller's transaction when given one) and wakes this runner. */
    async enqueue(executor: Executor, kind: string, input: unknown, staffId: string | null) {
      const job = await repo.insertJob(executor, { kind, input, createdByStaffId: staffId });
      setImmediate(() => wake?.());
      return job;
    },
    start() {
      stopping = false;
      running ??= loop().finally(() => {
        running = null;
      });
    },
    /** Stops between two steps of the current job, which goes back to the queue for the next start. */
    async stop() {
      stopping = true;
      wake?.();
      current?.abort();
      await running;
    },
  };
}

export const findJob = repo.findJob;
export const jobProgress = repo.jobProgress;
export const deleteFinishedJobs = repo.deleteFinishedJobs;
