import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { freshDatabase } from '../../test/database.js';
import * as repo from './jobs.repository.js';
import { createJobRunner, JobFailure, type JobHandler, type JobRunner } from './jobs.service.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

const quiet = { info() {}, warn() {}, error() {} };
const runners: JobRunner[] = [];
const runner = (kinds: Record<string, JobHandler<never>>, options: { leaseMs?: number } = {}) => {
  const r = createJobRunner({ db: database.db, log: quiet, pollMs: 20, retryDelayMs: 10, ...options });
  for (const [kind, handler] of Object.entries(kinds)) r.register(kind, handler);
  runners.push(r);
  r.start();
  return r;
};
const stopAll = async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
};

async function finished(id: string) {
  for (let i = 0; i < 500; i++) {
    const job = await repo.findJob(database.db, id);
    if (job?.status === 'done' || job?.status === 'failed') return job;
    await sleep(20);
  }
  throw new Error(`job ${id} did not finish`);
}

describe('background jobs', () => {
  it('runs each job once, however many runners share the table, and keeps its result', async () => {
    const runs = new Map<string, number>();
    const handler: JobHandler<{ n: number }> = async (job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await job.progress({ phase: 'working', done: 1, total: 1 }, true);
      await sleep(5);
      return { doubled: job.input.n * 2 };
    };
    const first = runner({ 'test.double': handler as JobHandler<never> });
    runner({ 'test.double': handler as JobHandler<never> });
    runner({ 'test.double': handler as JobHandler<never> });
    const queued = await Promise.all(
      Array.from({ length: 12 }, (_, n) => first.enqueue(database.db, 'test.double', { n }, null)),
    );
    const done = await Promise.all(queued.map((job) => finished(job.id)));
    await stopAll();
    expect(done.map((job) => job.status)).toEqual(Array(12).fill('done'));
    expect(done.map((job) => job.result)).toEqual(queued.map((_, n) => ({ doubled: n * 2 })));
    expect(done.every((job) => job.attempts === 1 && job.lockedBy === null && job.finishedAt)).toBe(true);
    expect(done[0]!.progress).toEqual({ phase: 'working', done: 1, total: 1 });
    expect([...runs.values()]).toEqual(Array(12).fill(1));
  });

  it('fails a job at once on an expected failure, and retries one that threw until its attempts run out', async () => {
    let flaky = 0;
    const r = runner({
      'test.refused': async () => {
        throw new JobFailure({ message: 'The file has problems.' });
      },
      'test.flaky': async () => {
        flaky++;
        if (flaky < 3) throw new Error('connection reset');
        return 'third time';
      },
      'test.broken': async () => {
        throw new Error('always');
      },
    });
    const refused = await r.enqueue(database.db, 'test.refused', {}, null);
    const flakyJob = await r.enqueue(database.db, 'test.flaky', {}, null);
    const broken = await r.enqueue(database.db, 'test.broken', {}, null);
    expect(await finished(refused.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      result: { message: 'The file has problems.' },
    });
    expect(await finished(flakyJob.id)).toMatchObject({ status: 'done', attempts: 3, result: 'third time' });
    expect(await finished(broken.id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      result: { message: 'The job stopped on an unexpected error.' },
    });
    await stopAll();
  });

  it('takes over a job whose runner died once its lease runs out, and goes on after its committed steps', async () => {
    const seen: unknown[][] = [];
    const handler: JobHandler<{ steps: number }> = async (job) => {
      const before = (await job.steps()).map((s) => s.data);
      seen.push(before);
      for (let step = before.length; step < job.input.steps; step++) {
        job.checkpoint();
        await inTransaction(database.db, (tx) => job.recordStep(tx, step, { step, attempt: job.attempt }));
      }
      return (await job.steps()).map((s) => s.data);
    };
    const [job] = await database.db
      .insert(jobs)
      .values({ kind: 'test.steps', input: { steps: 3 } })
      .returning();
    // A runner claims it, commits one step and dies (it never renews its lease nor finishes).
    const claimed = await repo.claimJob(database.db, ['test.steps'], 'dead-runner', 300);
    expect(claimed?.id).toBe(job!.id);
    await repo.insertStep(database.db, job!.id, 0, { step: 0, attempt: 1 });

    const started = Date.now();
    runner({ 'test.steps': handler as JobHandler<never> }, { leaseMs: 300 });
    const done = await finished(job!.id);
    await stopAll();
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(seen).toEqual([[{ step: 0, attempt: 1 }]]);
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    expect(done.result).toEqual([
      { step: 0, attempt: 1 },
      { step: 1, attempt: 2 },
      { step: 2, attempt: 2 },
    ]);
    // Steps go with the finished job: nothing reruns it.
    expect(await repo.stepsOf(database.db, job!.id)).toEqual([]);
  });

  it('gives up on a job whose runners died on every attempt, without running it again', async () => {
    let runs = 0;
    const [job] = await database.db
      .insert(jobs)
      .values({ kind: 'test.doomed', input: {}, maxAttempts: 2 })
      .returning();
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect((await repo.claimJob(database.db, ['test.doomed'], `dead-runner-${attempt}`, 1))?.id).toBe(
        job!.id,
      );
      await sleep(5);
    }
    runner({
      'test.doomed': async () => {
        runs++;
      },
    });
    expect(await finished(job!.id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      result: { message: 'The job stopped on an unexpected error.' },
    });
    await stopAll();
    expect(runs).toBe(0);
  });

  it('puts a running job back in the queue when its runner stops, without counting the attempt', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const handler: JobHandler<never> = async (job) => {
      runs++;
      if (runs === 1) {
        await gate;
        job.checkpoint();
      }
      return 'finished';
    };
    const r = runner({ 'test.stoppable': handler });
    const job = await r.enqueue(database.db, 'test.stoppable', {}, null);
    while (runs === 0) await sleep(10);
    const stopping = r.stop();
    release();
    await stopping;
    const [stopped] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(stopped).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });

    runner({ 'test.stoppable': handler });
    expect(await finished(job.id)).toMatchObject({ status: 'done', attempts: 1, result: 'finished' });
    await stopAll();
  });
});
