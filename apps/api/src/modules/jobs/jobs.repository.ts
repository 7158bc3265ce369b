import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jobSteps, jobs } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';

export type JobRow = typeof jobs.$inferSelect;

export const insertJob = async (
  db: Executor,
  row: { kind: string; input: unknown; createdByStaffId: string | null; maxAttempts?: number },
) => (await db.insert(jobs).values(row).returning())[0]!;

export const findJob = async (db: Executor, id: string) =>
  (await db.select().from(jobs).where(eq(jobs.id, id)))[0];

/** What staff follow of a job: everything but its input (an import's whole file). */
export const jobProgress = async (db: Executor, id: string) =>
  (
    await db
      .select({
        id: jobs.id,
        kind: jobs.kind,
        status: jobs.status,
        progress: jobs.progress,
        result: jobs.result,
        createdAt: jobs.createdAt,
        finishedAt: jobs.finishedAt,
      })
      .from(jobs)
      .where(eq(jobs.id, id))
  )[0];

/**
 * Takes the oldest job that is waiting, or running under a lease that ran out (its runner died), for this
 * runner, and counts the attempt. `skip locked`: runners of several instances never wait for each other
 * and never take the same job.
 */
export async function claimJob(db: Executor, kinds: readonly string[], runner: string, leaseMs: number) {
  if (kinds.length === 0) return undefined;
  const rows = await db.execute(sql`
    update jobs set
      status = 'running',
      attempts = attempts + 1,
      locked_by = ${runner},
      locked_until = now() + ${leaseMs} * interval '1 millisecond',
      started_at = coalesce(started_at, now())
    where id = (
      select id from jobs
      where kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})
        and ((status = 'queued' and run_after <= now()) or (status = 'running' and locked_until < now()))
      order by created_at
      limit 1
      for update skip locked)
    returning id`);
  const id = (rows as unknown as { rows: { id: string }[] }).rows[0]?.id;
  return id ? findJob(db, id) : undefined;
}

const owned = (id: string, runner: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, runner));

/** Extends the lease; false when the job is no longer this runner's. */
export async function renewLease(db: Executor, id: string, runner: string, leaseMs: number) {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(and(owned(id, runner), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Locks the job's row (after every other lock of the transaction) if this runner still holds it. */
export async function lockOwnedJob(db: Executor, id: string, runner: string) {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(owned(id, runner), eq(jobs.status, 'running')))
    .for('no key update');
  return rows.length === 1;
}

export const saveProgress = (db: Executor, id: string, runner: string, progress: unknown) =>
  db.update(jobs).set({ progress }).where(owned(id, runner));

export const saveState = (db: Executor, id: string, runner: string, state: unknown) =>
  db.update(jobs).set({ state }).where(owned(id, runner));

export const insertStep = (db: Executor, jobId: string, step: number, data: unknown) =>
  db.insert(jobSteps).values({ jobId, step, data });

export const deleteStep = (db: Executor, jobId: string, step: number) =>
  db.delete(jobSteps).where(and(eq(jobSteps.jobId, jobId), eq(jobSteps.step, step)));

export const stepsOf = (db: Executor, jobId: string) =>
  db
    .select({ step: jobSteps.step, data: jobSteps.data })
    .from(jobSteps)
    .where(eq(jobSteps.jobId, jobId))
    .orderBy(asc(jobSteps.step));

/**
 * Done or failed, once: the steps go (nothing reruns a finished job), in the same transaction, so nobody sees
 * a finished job whose steps are still being removed.
 */
export async function finishJob(
  db: Executor,
  id: string,
  runner: string,
  outcome: { status: 'done' | 'failed'; result: unknown },
) {
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .update(jobs)
      .set({ ...outcome, finishedAt: sql`now()`, lockedBy: null, lockedUntil: null })
      .where(and(owned(id, runner), eq(jobs.status, 'running')))
      .returning({ id: jobs.id });
    if (rows.length === 1) await tx.delete(jobSteps).where(eq(jobSteps.jobId, id));
    return rows.length === 1;
  });
}

/** Back in the queue: after a failed attempt (later), or at shutdown (at once, the attempt not counted). */
export const releaseJob = (db: Executor, id: string, runner: string, delayMs: number, uncount: boolean) =>
  db
    .update(jobs)
    .set({
      status: 'queued',
      lockedBy: null,
      lockedUntil: null,
      runAfter: sql`now() + ${delayMs} * interval '1 millisecond'`,
      ...(uncount ? { attempts: sql`greatest(${jobs.attempts} - 1, 0)` } : {}),
    })
    .where(and(owned(id, runner), eq(jobs.status, 'running')));

/** Finished jobs older than the cut-off go, with what they carried (an import's file). */
export async function deleteFinishedJobs(db: Executor, olderThanDays: number) {
  const rows = await db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.status, ['done', 'failed']),
        lt(jobs.finishedAt, sql`now() - ${olderThanDays} * interval '1 day'`),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}
