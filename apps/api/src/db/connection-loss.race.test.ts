import { randomUUID } from 'node:crypto';
import { messages } from '@kshop/contract';
import { inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../test/app.js';
import { type Auth, orderPayload, stockedOption } from '../test/buying.js';
import { eventually } from '../test/eventually.js';
import { brokenStock, stockOf } from '../test/races.js';
import { poolOf } from './client.js';

// What a failover or a restart does to the shop: PostgreSQL ends every connection the shop holds (pooled, checked
// out, inside a transaction, the LISTEN connection) while buyers add to carts and order. Only PostgreSQL has
// connections to end; the embedded database runs in the shop's own process.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let shop: TestShop;
let korea: Auth;
let global: Auth;
beforeAll(async () => {
  if (!onPostgres) return;
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
});
afterAll(() => shop?.close());

/** Ends every connection to the shop's database but its own, as `pg_terminate_backend` does in a failover. */
async function terminator(url: string) {
  const client = new pg.Client({ connectionString: url });
  // Dropping the test's database at the end ends this connection too.
  client.on('error', () => {});
  await client.connect();
  let ended = 0;
  return {
    /**
     * Ends them and waits until their backends are gone. `pg_terminate_backend` only signals; a backend sends its
     * "terminating connection" to the shop as it exits, so once none is left the shop has been told.
     */
    async terminateAll() {
      const { rows } = await client.query<{ pid: number }>(
        `with others as materialized (
           select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
         )
         select pid from others where pg_terminate_backend(pid)`,
      );
      ended += rows.length;
      const pids = rows.map((row) => row.pid);
      await eventually(
        async () =>
          (
            await client.query<{ n: number }>(
              'select count(*)::int as n from pg_stat_activity where pid = any($1::int[])',
              [pids],
            )
          ).rows[0]!.n,
        (left) => left === 0,
      );
    },
    get ended() {
      return ended;
    },
    close: () => client.end(),
  };
}

/** What the pool's connections that are not idle are doing, from pg-pool's own records: for a failure's message. */
function connectionsOut(shop: TestShop): string {
  // biome-ignore lint/suspicious/noExplicitAny: pg-pool keeps these records private
  const pool = poolOf(shop.db)!.pool as any;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const idle = new Set(pool._idle.map((item: any) => item.client));
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const out = pool._clients.filter((client: any) => !idle.has(client));
  return JSON.stringify({
    snapshot: shop.database.pool!(),
    // biome-ignore lint/suspicious/noExplicitAny: as above
    out: out.map((client: any) => ({
      running: client.activeQuery?.text?.slice(0, 200) ?? null,
      queued: client.queryQueue?.length ?? 0,
      connecting: Boolean(client._connecting),
      connected: Boolean(client._connected),
      ending: Boolean(client._ending),
    })),
  });
}

const post = (url: string, auth: Auth, payload: object, key: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...auth, 'idempotency-key': key },
    payload,
  });

/**
 * Sends the request until it is answered, as the storefront does after a failure it may retry: the same
 * Idempotency-Key each time, so a request that went through is never made twice. Answers every answer seen.
 */
async function untilAnswered(send: () => Promise<LightMyRequestResponse>, answers: LightMyRequestResponse[]) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await send();
    answers.push(res);
    if (res.statusCode !== 503) return res;
  }
  throw new Error('still 503 after 50 attempts');
}

describe('the database ends every connection while buyers order', () => {
  it.runIf(onPostgres)(
    'answers 503 at worst, loses no acknowledged order and orders again at once after the storm',
    async () => {
      const url = (shop.database as { url?: string }).url!;
      const killer = await terminator(url);
      try {
        const options = [await stockedOption(shop, 100_000), await stockedOption(shop, 100_000)];
        const payloads = {
          korea: await orderPayload(shop, 'KRW', [
            { productOptionUuid: options[0]!.id, quantity: 1 },
            { productOptionUuid: options[1]!.id, quantity: 2 },
          ]),
          global: await orderPayload(shop, 'USD', [{ productOptionUuid: options[1]!.id, quantity: 1 }]),
        };
        const orderAnswers: LightMyRequestResponse[] = [];
        const cartAnswers: LightMyRequestResponse[] = [];
        const acknowledged: string[] = [];

        // Ten rounds: each ends every connection the shop holds, then lets 30 requests race while a second
        // termination lands among them, within 300 ms of the first.
        for (let round = 0; round < 10; round++) {
          await killer.terminateAll();
          const storm = Array.from({ length: 30 }, (_, i) => {
            const buyer = i % 2 === 0 ? korea : global;
            const payload = i % 2 === 0 ? payloads.korea : payloads.global;
            const key = randomUUID();
            if (i % 3 === 0) {
              return untilAnswered(
                () =>
                  post(
                    '/cart',
                    buyer,
                    { productOptionAndQuantityList: [{ productOptionUuid: options[0]!.id, quantity: 1 }] },
                    key,
                  ),
                cartAnswers,
              );
            }
            return untilAnswered(() => post('/order', buyer, payload, key), orderAnswers).then((res) => {
              if (res.statusCode === 200) acknowledged.push(body(res).data.orderNumber);
              return res;
            });
          });
          // The storm's second blow, timed on purpose: it lands while the round's requests are in flight.
          const midway = new Promise<void>((resolve) => setTimeout(resolve, 150)).then(() =>
            killer.terminateAll(),
          );
          await Promise.all([...storm, midway]);
        }
        expect(killer.ended).toBeGreaterThanOrEqual(20);

        // Nothing was a 500: a lost connection is a 503 in the envelope, with the shop's message. Orders went
        // through; a cart add is refused once the option is in the buyer's cart (409), as without the storm.
        const codes = (answers: LightMyRequestResponse[]) =>
          [...new Set(answers.map((a) => a.statusCode))].sort();
        expect(codes(orderAnswers).filter((c) => c !== 200 && c !== 503)).toEqual([]);
        expect(codes(cartAnswers).filter((c) => c !== 200 && c !== 409 && c !== 503)).toEqual([]);
        const unavailable = [...orderAnswers, ...cartAnswers].filter((a) => a.statusCode === 503);
        for (const res of unavailable) {
          expect(body(res)).toEqual({
            statusCode: 503,
            message: messages.http.databaseUnavailable,
            data: null,
          });
          expect(res.headers['retry-after']).toBe('1');
        }

        // Every acknowledged order exists, once, and stock holds exactly what open orders hold.
        expect(acknowledged.length).toBeGreaterThan(0);
        expect(new Set(acknowledged).size).toBe(acknowledged.length);
        const stored = await shop.db
          .select({ orderNumber: orders.orderNumber })
          .from(orders)
          .where(inArray(orders.orderNumber, acknowledged));
        expect(stored).toHaveLength(acknowledged.length);
        expect(
          brokenStock(
            await stockOf(
              shop,
              options.map((o) => o.productId),
            ),
          ),
        ).toEqual([]);

        // The pool replaced what it lost and holds no connection a failed transaction forgot to give back. The
        // shop's own background work (the mail queue, kept answers made again) may hold one for a while after
        // the storm, so the check waits up to 20 s for the pool to settle; a forgotten connection never comes
        // back. Should it fail, the message says what each connection still out was doing.
        const settled = await eventually(
          () => shop.database.pool!(),
          (now) => now.total === now.idle && now.waiting === 0,
          20_000,
        );
        expect(settled.total === settled.idle && settled.waiting === 0, connectionsOut(shop)).toBe(true);

        // The first order after the storm goes through on its first try.
        const after = await post('/order', korea, payloads.korea, randomUUID());
        expect(after.statusCode).toBe(200);
      } finally {
        await killer.close();
      }
    },
  );
});
