/**
 * Orders while PostgreSQL ends every connection the shop holds, as a failover or a restart does: the built shop
 * (its own process, on a scratch database) takes orders and cart adds (one request in three, each a transaction
 * of its own) from 50 buyers with Idempotency-Keys, as the storefront sends them, while every BENCH_FAILOVER_EVERY_MS (300) an administrator's `pg_terminate_backend` ends all of the
 * shop's connections, for BENCH_FAILOVER_ROUNDS (10) rounds of BENCH_FAILOVER_ROUND_MS (3000) each. A buyer
 * answered 503 sends the same order again with the same key, as a buyer pressing ORDER NOW again does.
 *
 * Reports: terminations, orders answered 200 (acknowledged), 503s, other failures, acknowledged orders missing
 * from the database (lost), orders stored twice, what /healthz answers after the storm (0: nothing within 30 s,
 * the process dead or stuck), and how long after the last termination the first order went through. Run from the root after `npm run build`:
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/database-failover.ts
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createScratchDatabase, startShop } from '../e2e/support/server.js';
import { prepareOrdering } from './ordering.js';
import { JsonClient } from './support/client.js';
import { isMain, loadAverages, table, writeResult } from './support/report.js';

const ROUNDS = Number(process.env.BENCH_FAILOVER_ROUNDS ?? 10);
const ROUND_MS = Number(process.env.BENCH_FAILOVER_ROUND_MS ?? 3_000);
const EVERY_MS = Number(process.env.BENCH_FAILOVER_EVERY_MS ?? 300);
const PASSWORD = 'Demo1234!';
const ATTEMPTS_PER_ORDER = 100;
/** How long after the last termination the bench waits for a first order to go through. */
const RECOVERY_LIMIT_MS = 60_000;

export async function measureFailover() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await createScratchDatabase(adminUrl, 'bench_failover');
  const shop = await startShop({
    databaseUrl: scratch.url,
    env: { RATE_LIMIT: 'false' },
    readyTimeoutMs: 180_000,
  });
  const database = new pg.Client({ connectionString: scratch.url });
  // The bench's own connection is spared by its own terminations, not by the server.
  database.on('error', () => {});
  await database.connect();
  const api = new JsonClient(shop.url);
  try {
    const setup = await prepareOrdering(database);
    const options = setup.options.slice(4); // plenty of stock: refusals for stock would blur the figures
    const buyers = await Promise.all(
      setup.buyers.map(async (b) => ({
        ...b,
        token: (
          await api.data<{ accessToken: string }>('POST', '/api/v1/auth/login', {
            body: { email: b.email, password: PASSWORD },
          })
        ).accessToken,
      })),
    );

    const acknowledged: string[] = [];
    const counts = { attempts: 0, unavailable: 0, other: 0, terminations: 0, gaveUp: 0 };
    const otherSamples: string[] = [];
    let lastTermination = 0;
    let firstSuccessAfterLast: number | null = null;
    let stormOver = false;

    const terminate = async () => {
      const { rows } = await database.query<{ n: number }>(
        `select count(*) filter (where pg_terminate_backend(pid))::int as n
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      counts.terminations += rows[0]!.n;
      lastTermination = performance.now();
    };

    /** One cart add, sent again under the same key after each 503; 409 (already in the cart) is an answer too. */
    const cartAdd = async (buyer: (typeof buyers)[number], index: number) => {
      const option = options[index % options.length]!;
      const key = randomUUID();
      for (let attempt = 0; attempt < ATTEMPTS_PER_ORDER; attempt++) {
        counts.attempts++;
        const answer = await api
          .request('POST', '/api/v1/cart', {
            body: { productOptionAndQuantityList: [{ productOptionUuid: option.id, quantity: 1 }] },
            token: buyer.token,
            headers: { 'idempotency-key': key },
          })
          .catch((err: Error) => ({ status: 0, body: { message: err.message }, ms: 0 }));
        if (answer.status === 503) {
          counts.unavailable++;
          continue;
        }
        if (answer.status !== 200 && answer.status !== 409) {
          counts.other++;
          if (otherSamples.length < 5) otherSamples.push(`cart ${answer.status} ${answer.body.message}`);
        }
        return;
      }
      counts.gaveUp++;
    };

    /** One order, sent again under the same key after each 503, until it is answered otherwise. */
    const order = async (buyer: (typeof buyers)[number], index: number) => {
      const option = options[index % options.length]!;
      const unit = buyer.currency === 'KRW' ? option.priceKrw : option.priceUsd;
      const body = {
        currencyCode: buyer.currency,
        finalPaymentAmount: buyer.currency === 'KRW' ? unit : unit / 100,
        receiverInfo: {
          companyName: 'Failover Bench Co., Ltd.',
          companyEmail: buyer.email,
          receiverName: 'Receiver',
          postalCode: '03925',
          addressDetail: '396 World Cup buk-ro, Mapo-gu, Seoul',
          phoneNumber: '+82 10-5556-0000',
        },
        productOptionList: [{ productOptionUuid: option.id, quantity: 1 }],
      };
      const key = randomUUID();
      for (let attempt = 0; attempt < ATTEMPTS_PER_ORDER; attempt++) {
        counts.attempts++;
        const answer = await api
          .request<{ orderNumber: string }>('POST', '/api/v1/order', {
            body,
            token: buyer.token,
            headers: { 'idempotency-key': key },
          })
          .catch((err: Error) => ({ status: 0, body: { message: err.message, data: undefined }, ms: 0 }));
        if (answer.status === 503) {
          counts.unavailable++;
          continue;
        }
        if (answer.status === 200) {
          acknowledged.push(answer.body.data!.orderNumber);
          if (stormOver && firstSuccessAfterLast === null)
            firstSuccessAfterLast = performance.now() - lastTermination;
        } else {
          counts.other++;
          if (otherSamples.length < 5) otherSamples.push(`order ${answer.status} ${answer.body.message}`);
        }
        return;
      }
      counts.gaveUp++;
    };

    const loadBefore = loadAverages();
    const started = performance.now();
    const end = started + ROUNDS * ROUND_MS;
    // After the storm the buyers go on until one order goes through, for RECOVERY_LIMIT_MS at most.
    const givenUp = () => stormOver && performance.now() - lastTermination > RECOVERY_LIMIT_MS;
    const buying = buyers.map(async (buyer, i) => {
      for (
        let n = i;
        performance.now() < end || (stormOver && firstSuccessAfterLast === null && !givenUp());
        n += buyers.length
      ) {
        await (n % 3 === 2 ? cartAdd(buyer, n) : order(buyer, n));
      }
    });
    for (;;) {
      await terminate();
      if (performance.now() + EVERY_MS >= end) break;
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
    // From the last termination on, the first order answered 200 says how soon the shop takes orders again.
    stormOver = true;
    await Promise.all(buying);
    const loadAfter = loadAverages();

    const { rows } = await database.query<{ order_number: string }>(
      'select order_number from orders where order_number = any($1::text[])',
      [acknowledged],
    );
    const stored = new Set(rows.map((r) => r.order_number));
    const lost = acknowledged.filter((n) => !stored.has(n)).length;
    const health = await api.request('GET', '/healthz').catch(() => ({ status: 0 }));
    return {
      rounds: ROUNDS,
      roundMs: ROUND_MS,
      everyMs: EVERY_MS,
      terminations: counts.terminations,
      attempts: counts.attempts,
      answered503: counts.unavailable,
      otherFailures: counts.other,
      otherSamples,
      gaveUp: counts.gaveUp,
      acknowledged: acknowledged.length,
      lost,
      storedTwice: acknowledged.length - new Set(acknowledged).size,
      /** GET /healthz after the storm: 200, another status, or 0 for no answer within 30 s (a dead or stuck shop). */
      healthz: health.status,
      firstOrderAfterLastTerminationMs:
        firstSuccessAfterLast === null ? null : Math.round(firstSuccessAfterLast),
      loadBefore,
      loadAfter,
    };
  } finally {
    api.close();
    await database.end().catch(() => {});
    await shop.stop();
    await scratch.drop();
  }
}

if (isMain(import.meta.url)) {
  const result = await measureFailover();
  process.stdout.write(
    `${table(
      [
        'terminations',
        'attempts',
        '503',
        'other',
        'acknowledged',
        'lost',
        'twice',
        'healthz',
        'first 200 after (ms)',
      ],
      [
        [
          result.terminations,
          result.attempts,
          result.answered503,
          result.otherFailures,
          result.acknowledged,
          result.lost,
          result.storedTwice,
          result.healthz,
          result.firstOrderAfterLastTerminationMs ?? '-',
        ],
      ],
    )}\nload ${result.loadBefore.join(' ')} -> ${result.loadAfter.join(' ')}\n`,
  );
  if (result.otherSamples.length)
    process.stdout.write(`other failures: ${result.otherSamples.join(' | ')}\n`);
  await writeResult('database-failover', result);
  if (result.lost > 0 || result.healthz !== 200 || result.otherFailures > 0 || result.gaveUp > 0)
    process.exitCode = 1;
}
