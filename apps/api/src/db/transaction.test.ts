import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database.js';
import { type Database, queryRows } from './client.js';
import { isConnectionLoss } from './connection-loss.js';
import { inTransaction, MAX_TRANSACTION_ATTEMPTS, type TransactionLog } from './transaction.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await database.db.execute(sql`create table lock_probe (id int primary key, n int not null)`);
});
afterAll(() => database?.close());
beforeEach(async () => {
  await database.db.execute(sql`delete from lock_probe`);
  await database.db.execute(sql`insert into lock_probe values (1, 0), (2, 0)`);
});

function recordingLog() {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const log: TransactionLog = {
    warn: (details, message) => warnings.push({ details: details as Record<string, unknown>, message }),
  };
  return { log, warnings };
}

/** Resolves once `parties` callers have arrived. */
function barrier(parties: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived === parties) open();
    return opened;
  };
}

const probe = async () =>
  (
    await queryRows<{ id: number; n: number }>(database.db, sql`select id, n from lock_probe order by id`)
  ).map((r) => [r.id, r.n]);

describe('inTransaction on a real deadlock and a real serialization failure', () => {
  it.skipIf(!onPostgres)(
    'runs the deadlock victim again and both transactions commit (PostgreSQL only: PGlite has one connection and cannot deadlock)',
    async () => {
      const { log, warnings } = recordingLog();
      const bothHoldTheirFirstRow = barrier(2);
      const attempts = { forwards: 0, backwards: 0 };
      // Two connections lock two rows in opposite orders: PostgreSQL aborts one with 40P01.
      const crossing = (name: keyof typeof attempts, first: number, second: number) =>
        inTransaction(
          database.db,
          async (tx) => {
            attempts[name] += 1;
            await tx.execute(sql`update lock_probe set n = n + 1 where id = ${first}`);
            if (attempts[name] === 1) await bothHoldTheirFirstRow();
            await tx.execute(sql`update lock_probe set n = n + 1 where id = ${second}`);
          },
          { log, pauseMs: 5 },
        );
      await Promise.all([crossing('forwards', 1, 2), crossing('backwards', 2, 1)]);

      expect(attempts.forwards + attempts.backwards).toBe(3);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.details).toMatchObject({ code: '40P01', attempt: 1 });
      expect(Object.keys(warnings[0]!.details).sort()).toEqual(['attempt', 'code', 'maxAttempts', 'pauseMs']);
      // Each transaction's two updates counted once: the victim's first attempt left nothing behind.
      expect(await probe()).toEqual([
        [1, 2],
        [2, 2],
      ]);
    },
    20_000,
  );

  it.skipIf(!onPostgres)(
    'runs a SERIALIZABLE transaction again after a serialization failure (PostgreSQL only: PGlite runs one transaction at a time)',
    async () => {
      const { log, warnings } = recordingLog();
      const bothHaveRead = barrier(2);
      let runs = 0;
      // Write skew: each reads the total and writes its own row; serializable isolation refuses one.
      const skew = (id: number) =>
        inTransaction(
          database.db,
          async (tx) => {
            runs += 1;
            const [row] = await queryRows<{ total: number }>(
              tx,
              sql`select sum(n)::int as total from lock_probe`,
            );
            if (runs <= 2) await bothHaveRead();
            await tx.execute(sql`update lock_probe set n = ${row!.total + 1} where id = ${id}`);
          },
          { log, isolationLevel: 'serializable', pauseMs: 5 },
        );
      await Promise.all([skew(1), skew(2)]);

      expect(runs).toBe(3);
      expect(warnings.map((w) => w.details.code)).toEqual(['40001']);
      // Run one after the other, as serializable promises: 0 + 1, then 1 + 1.
      expect((await probe()).map(([, n]) => n).sort()).toEqual([1, 2]);
    },
    20_000,
  );
});

describe('inTransaction on either database', () => {
  it('gives up after a bounded number of attempts and throws the last failure', async () => {
    const { log, warnings } = recordingLog();
    let runs = 0;
    const failure = Object.assign(new Error('could not serialize access'), { code: '40001' });
    await expect(
      inTransaction(
        database.db,
        async (tx) => {
          runs += 1;
          await tx.execute(sql`update lock_probe set n = n + 1 where id = 1`);
          throw failure;
        },
        { log, pauseMs: 1 },
      ),
    ).rejects.toBe(failure);
    expect(runs).toBe(MAX_TRANSACTION_ATTEMPTS);
    expect(warnings.map((w) => w.details.attempt)).toEqual([1, 2, 3]);
    expect(await probe()).toEqual([
      [1, 0],
      [2, 0],
    ]);
  });

  it('does not run other failures again', async () => {
    const { log, warnings } = recordingLog();
    let runs = 0;
    await expect(
      inTransaction(
        database.db,
        async (tx) => {
          runs += 1;
          await tx.execute(sql`insert into lock_probe values (1, 9)`);
        },
        { log },
      ),
    ).rejects.toThrow();
    expect(runs).toBe(1);
    expect(warnings).toEqual([]);
  });

  it('inside a transaction becomes a savepoint: a failure undoes only its own writes', async () => {
    await inTransaction(database.db, async (tx) => {
      await tx.execute(sql`update lock_probe set n = 5 where id = 1`);
      await expect(
        inTransaction(tx, async (inner) => {
          await inner.execute(sql`update lock_probe set n = 7 where id = 2`);
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
    });
    expect(await probe()).toEqual([
      [1, 5],
      [2, 0],
    ]);
  });
});

describe('inTransaction when PostgreSQL ends its connection (a restart, a failover)', () => {
  const dies = sql`select pg_terminate_backend(pg_backend_pid())`;
  const settled = () => {
    const pool = database.pool!();
    return { checkedOut: pool.total - pool.idle, waiting: pool.waiting };
  };

  it.skipIf(!onPostgres)(
    'runs a transaction cut off before its COMMIT again on a new connection, and the pool keeps no broken one',
    async () => {
      const { log, warnings } = recordingLog();
      let runs = 0;
      await inTransaction(
        database.db,
        async (tx) => {
          runs += 1;
          await tx.execute(sql`update lock_probe set n = n + 1 where id = 1`);
          if (runs === 1) await tx.execute(dies);
        },
        { log },
      );
      expect(runs).toBe(2);
      expect(warnings.map((w) => w.message)).toEqual([
        'the database connection was lost; running the whole transaction again on a new one',
      ]);
      // The first run's update went with its connection: counted once.
      expect(await probe()).toEqual([
        [1, 1],
        [2, 0],
      ]);
      expect(settled()).toEqual({ checkedOut: 0, waiting: 0 });
    },
  );

  it.skipIf(!onPostgres)(
    'runs a transaction cut off during its COMMIT again only when it is idempotent',
    async () => {
      // A deferred trigger runs at COMMIT and ends the connection there: the shop sent COMMIT and heard nothing.
      await database.db.execute(sql`
        create table if not exists commit_probe (id int);
        create or replace function end_at_commit() returns trigger language plpgsql as $$
          begin perform pg_terminate_backend(pg_backend_pid()); return null; end $$;
        drop trigger if exists end_at_commit on commit_probe;
        create constraint trigger end_at_commit after insert on commit_probe
          deferrable initially deferred for each row execute function end_at_commit();`);
      const runsOf = async (idempotent: boolean) => {
        let runs = 0;
        const done = inTransaction(
          database.db,
          async (tx) => {
            runs += 1;
            if (runs === 1) await tx.execute(sql`insert into commit_probe values (1)`);
          },
          { log: recordingLog().log, idempotent },
        );
        return { runs: () => runs, done };
      };

      const once = await runsOf(false);
      const failure = await once.done.then(
        () => null,
        (err: unknown) => err,
      );
      expect(isConnectionLoss(failure)).toBe(true);
      expect(once.runs()).toBe(1);

      const keyed = await runsOf(true);
      await keyed.done;
      expect(keyed.runs()).toBe(2);
      expect(settled()).toEqual({ checkedOut: 0, waiting: 0 });
    },
  );
});
