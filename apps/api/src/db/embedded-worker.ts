import { readFile, rename, writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  type Answer,
  type Call,
  errorFields,
  type QueryResult,
  type Started,
  type WorkerOptions,
} from './embedded-protocol.js';

/**
 * The worker thread that owns the embedded database. PGlite runs PostgreSQL as WebAssembly on the thread
 * that calls it; here that is this thread, so a long query never holds up the shop's HTTP event loop.
 * Calls queue on PGlite's own locks exactly as they did in process: one transaction at a time, other
 * queries wait for it.
 */
if (!parentPort) throw new Error('embedded-worker.ts runs as a worker thread');
const port = parentPort;

// Dates, times and intervals reach the shop as PostgreSQL's text, which Drizzle parses itself (the same
// parsers drizzle-orm/pglite passes with every query).
const asText = (value: string) => value;
const PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, asText],
  ),
);

const ROLLBACK = Symbol('rollback');
type Open = { tx: Transaction; end(commit: boolean, endId: number): void };
const open = new Map<number, Open>();
const stopListening = new Map<string, () => Promise<void>>();

const send = (answer: Answer) => port.postMessage(answer);
const done = (id: number, result?: QueryResult) => send({ id, ok: true, result });
const failed = (id: number, err: unknown) => send({ id, ok: false, error: errorFields(err) });

async function start(options: WorkerOptions) {
  const db = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    loadDataDir: options.startFrom ? new Blob([await readFile(options.startFrom)]) : undefined,
  });

  const begin = (call: Extract<Call, { op: 'begin' }>) => {
    let endId: number | null = null;
    let begun = false;
    db.transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          begun = true;
          open.set(call.tx, {
            tx,
            end(commit, id) {
              endId = id;
              if (commit) resolve();
              else reject(ROLLBACK);
            },
          });
          done(call.id);
        }),
    ).then(
      () => {
        open.delete(call.tx);
        if (endId !== null) done(endId);
      },
      (err) => {
        open.delete(call.tx);
        if (!begun) failed(call.id, err);
        else if (endId !== null) {
          if (err === ROLLBACK) done(endId);
          else failed(endId, err);
        }
      },
    );
  };

  const handle = async (call: Call) => {
    switch (call.op) {
      case 'query': {
        const options = { rowMode: call.rowMode, parsers: PARSERS };
        const runner = call.tx === undefined ? db : open.get(call.tx)?.tx;
        if (!runner) throw new Error(`transaction ${call.tx} is not open`);
        const { rows, fields, affectedRows } = await runner.query(call.sql, call.params, options);
        return done(call.id, { rows, fields, affectedRows });
      }
      case 'begin':
        return begin(call);
      case 'end': {
        const tx = open.get(call.tx);
        if (!tx) throw new Error(`transaction ${call.tx} is not open`);
        return tx.end(call.commit, call.id);
      }
      case 'listen': {
        if (!stopListening.has(call.channel)) {
          const channel = call.channel;
          stopListening.set(
            channel,
            await db.listen(channel, (payload) => send({ notify: channel, payload })),
          );
        }
        return done(call.id);
      }
      case 'unlisten': {
        const stop = stopListening.get(call.channel);
        stopListening.delete(call.channel);
        await stop?.();
        return done(call.id);
      }
      case 'dump': {
        // PGlite runs the dump alone, between two transactions: the file is the database at one moment.
        const tarball = await db.dumpDataDir('gzip');
        const partial = `${call.file}.partial`;
        await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()));
        await rename(partial, call.file);
        return done(call.id);
      }
      case 'close':
        await db.close();
        done(call.id);
        port.close();
        return;
    }
  };

  port.on('message', (call: Call) => {
    handle(call).catch((err) => failed(call.id, err));
  });
}

start(workerData as WorkerOptions).then(
  () => port.postMessage({ started: true } satisfies Started),
  (err) => port.postMessage({ started: false, error: errorFields(err) } satisfies Started),
);
