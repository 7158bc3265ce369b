/**
 * Orders against the limit of their stack: the shop placing orders over HTTP (`ordering.ts`) beside PostgreSQL
 * alone running the shop's very order statement (`orderStatement` of orders.repository.ts, the text the shop
 * prepares) from pgbench, a C client with no Node in the way. The two alternate, A B A B, so the shop's share of
 * what the database alone does comes from the same minutes.
 *
 * pgbench runs on a scratch database of its own holding the demo catalogue, with the ordering bench's 50
 * buyers and its 16 plentiful options (the 4 scarce ones sell out within seconds and are then avoided by the
 * bench's buyers too). Each pgbench transaction is one order as the bench's buyers place them: a buyer at
 * random, in their currency, 1 or 2 distinct options, 1 to 3 pieces each, priced from the catalogue, keyed
 * with an Idempotency-Key when BENCH_ORDER_IDEMPOTENCY=1 (as `ordering.ts` then sends one), after one small
 * query for the buyer's and options' ids (a round trip the shop does not make, counted in pgbench's latency).
 * pgbench keeps BENCH_CEILING_CONNECTIONS busy (default 8, the shop's pool) and, as a second figure, 50 (one
 * backend per buyer).
 *
 * Run from the root after `npm run build` (pgbench from Debian's PostgreSQL client on PATH):
 *   BENCH_ORDER_IDEMPOTENCY=1 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npx tsx bench/ordering-vs-database.ts
 * BENCH_ORDER_SECONDS per run (default 20), BENCH_ROUNDS rounds (default 3).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { orderStatement } from '../apps/api/src/modules/orders/order-statement.js';
import { createScratchDatabase, startShop } from '../e2e/support/server.js';
import { measureOrdering, prepareOrdering, SCARCE, WITH_KEYS } from './ordering.js';
import { literal } from './support/catalogue-db.js';
import { percentile } from './support/client.js';
import { isMain, loadAverages, round, spread, table, writeResult } from './support/report.js';

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_ORDER_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CEILING_CONNECTIONS ?? 8);

/**
 * The order statement for one currency and line count as a pgbench command: each placeholder the shop binds
 * becomes a pgbench variable (a parameter under `-M prepared`) or a constant, every other value a literal.
 */
function orderCommand(currency: 'KRW' | 'USD', lineCount: number): string {
  const query = orderStatement({ currency, lineCount, keyed: WITH_KEYS });
  const constants: Record<string, unknown> = {
    expected: null,
    catalogueTotal: true,
    day: '20261125',
    takenBy: null,
    poReference: null,
    anyWindow: false,
    companyEmail: 'orders@bench.kshop.example',
    receiverName: 'Receiver',
    phoneNumber: '+82 10-5556-0000',
    postalCode: '03925',
    addressDetail: '396 World Cup buk-ro, Mapo-gu, Seoul, 12th floor',
    country: 'KR',
    route: 'POST /api/v1/order',
    requestHash: 'bench',
    placed: 'Your order has been placed.',
  };
  const variables: Record<string, string> = { buyer: ':buyer', key: "('k' || :k)" };
  for (let i = 0; i < lineCount; i++) {
    variables[`option${i}`] = `:option${i}`;
    variables[`qty${i}`] = `:qty${i}`;
  }
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const param = query.params[Number(n) - 1];
    // Drizzle's placeholders (sql.placeholder) stand in the params as objects with their name.
    const name = (param as { name?: unknown } | null)?.name;
    if (typeof name !== 'string') return literal(param);
    if (name in variables) return variables[name]!;
    if (name in constants) return literal(constants[name]);
    throw new Error(`no value for the placeholder ${name}`);
  });
  // pgbench reads one command per line (a backslash ends it otherwise); SQL comments go with the newlines.
  return text
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** One pgbench script: a buyer of the currency, the lines' options and quantities, then the order. */
function script(currency: 'KRW' | 'USD', lineCount: number, buyerIds: string[], optionIds: string[]) {
  const ids = (values: string[]) => `array[${values.map(literal).join(', ')}]::uuid[]`;
  const lines = [`\\set b random(1, ${buyerIds.length})`, `\\set o0 random(1, ${optionIds.length})`];
  // A second option other than the first.
  if (lineCount === 2)
    lines.push(`\\set o1 (:o0 + random(0, ${optionIds.length - 2})) % ${optionIds.length} + 1`);
  for (let i = 0; i < lineCount; i++) lines.push(`\\set qty${i} random(1, 3)`);
  lines.push('\\set k random(1, 1000000000000)');
  const picks = Array.from({ length: lineCount }, (_, i) => `(${ids(optionIds)})[:o${i}] as option${i}`);
  lines.push(`select (${ids(buyerIds)})[:b] as buyer, ${picks.join(', ')} \\gset`);
  lines.push(`${orderCommand(currency, lineCount)};`);
  return `${lines.join('\n')}\n`;
}

type Ceiling = { connections: number; ordersPerSecond: number; placed: number; p50Ms: number; p99Ms: number };

async function pgbench(databaseUrl: string, scripts: string[], connections: number): Promise<Ceiling> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kshop-pgbench-'));
  try {
    const files = await Promise.all(
      scripts.map(async (text, i) => {
        const file = path.join(dir, `order${i}.sql`);
        await writeFile(file, text);
        return file;
      }),
    );
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    const count = async () => Number((await database.query('select count(*) from orders')).rows[0].count);
    const before = await count();
    const { stdout } = await run(
      'pgbench',
      [
        '-n',
        '-M',
        'prepared',
        '-c',
        String(connections),
        '-j',
        '2',
        '-T',
        String(SECONDS),
        '-l',
        ...files.flatMap((file) => ['-f', `${file}@1`]),
        databaseUrl,
      ],
      { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
    );
    const placed = (await count()) - before;
    await database.end();
    const seconds = Number(/duration: (\d+) s/.exec(stdout)?.[1] ?? SECONDS);
    // pgbench's per-transaction log: client, transaction, latency in microseconds, …
    const latencies: number[] = [];
    for (const name of await readdir(dir)) {
      if (!name.startsWith('pgbench_log')) continue;
      for (const line of (await readFile(path.join(dir, name), 'utf8')).split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (Number.isFinite(micros) && line) latencies.push(micros / 1000);
      }
    }
    return {
      connections,
      ordersPerSecond: round(placed / seconds, 1),
      placed,
      p50Ms: round(percentile(latencies, 50), 1),
      p99Ms: round(percentile(latencies, 99), 1),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function measureOrderingAgainstDatabase() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await createScratchDatabase(adminUrl, 'bench_ceiling');
  try {
    // The shop migrates the scratch database and writes the demo catalogue; pgbench needs nothing else of it.
    const shop = await startShop({ databaseUrl: scratch.url, readyTimeoutMs: 180_000 });
    await shop.stop();
    const database = new pg.Client({ connectionString: scratch.url });
    await database.connect();
    const setup = await prepareOrdering(database);
    const { rows } = await database.query<{ email: string; id: string }>(
      'select lower(email) as email, id from buyers where lower(email) = any($1::text[])',
      [setup.buyers.map((b) => b.email)],
    );
    const ids = new Map(rows.map((r) => [r.email, r.id]));
    const buyersIn = (currency: 'KRW' | 'USD') =>
      setup.buyers.filter((b) => b.currency === currency).map((b) => ids.get(b.email)!);
    const options = setup.options.slice(SCARCE).map((o) => o.id);
    const scripts = (['KRW', 'USD'] as const).flatMap((currency) =>
      [1, 2].map((lines) => script(currency, lines, buyersIn(currency), options)),
    );
    // A warm-up, then statistics on the order tables, as ordering.ts does after its own.
    await pgbench(scratch.url, scripts, CONNECTIONS);
    await database.query('analyze orders, order_details, idempotency_keys, pending_sales, mail_queue');
    await database.end();

    const rounds: { shop: Awaited<ReturnType<typeof measureOrdering>>; database: Ceiling; fifty: Ceiling }[] =
      [];
    for (let n = 1; n <= ROUNDS; n++) {
      const load = loadAverages();
      const databaseAlone = await pgbench(scratch.url, scripts, CONNECTIONS);
      const fifty = await pgbench(scratch.url, scripts, 50);
      const shop = await measureOrdering();
      rounds.push({ shop, database: databaseAlone, fifty });
      console.info(
        `round ${n} (load ${load.join(' ')}): shop ${shop.ordersPerSecond} orders/s (p99 ${shop.latencyMs.p99} ms, ` +
          `oversell check ${shop.oversell.ok ? 'ok' : 'FAILED'}), ` +
          `database alone ${databaseAlone.ordersPerSecond} with ${CONNECTIONS} connections (p99 ${databaseAlone.p99Ms} ms), ` +
          `${fifty.ordersPerSecond} with 50 (p99 ${fifty.p99Ms} ms)`,
      );
    }
    const median = (values: number[]) => round(spread(values).median, 1);
    return {
      seconds: SECONDS,
      rounds: rounds.map((r) => ({
        shop: {
          ordersPerSecond: r.shop.ordersPerSecond,
          latencyMs: r.shop.latencyMs,
          cpuMsPerOrder: r.shop.cpuMsPerOrder,
          loadavg: r.shop.loadavg,
          oversell: r.shop.oversell,
          otherFailures: r.shop.otherFailures,
        },
        databaseAlone: r.database,
        databaseAloneFifty: r.fifty,
        shopShare: round((100 * r.shop.ordersPerSecond) / r.database.ordersPerSecond, 1),
      })),
      median: {
        shopOrdersPerSecond: median(rounds.map((r) => r.shop.ordersPerSecond)),
        shopP99Ms: median(rounds.map((r) => r.shop.latencyMs.p99)),
        databaseOrdersPerSecond: median(rounds.map((r) => r.database.ordersPerSecond)),
        databaseP99Ms: median(rounds.map((r) => r.database.p99Ms)),
        databaseFiftyOrdersPerSecond: median(rounds.map((r) => r.fifty.ordersPerSecond)),
        databaseFiftyP99Ms: median(rounds.map((r) => r.fifty.p99Ms)),
        shopShare: median(rounds.map((r) => (100 * r.shop.ordersPerSecond) / r.database.ordersPerSecond)),
      },
    };
  } finally {
    await scratch.drop();
  }
}

if (isMain(import.meta.url)) {
  const result = await measureOrderingAgainstDatabase();
  console.info(
    `\norders on PostgreSQL, ${result.seconds} s a run, ${result.rounds.length} rounds alternated (medians)\n` +
      table(
        ['target', 'orders/s', 'p99 ms'],
        [
          ['shop (HTTP, 50 buyers)', result.median.shopOrdersPerSecond, result.median.shopP99Ms],
          [
            `database alone (pgbench, ${CONNECTIONS} connections)`,
            result.median.databaseOrdersPerSecond,
            result.median.databaseP99Ms,
          ],
          [
            'database alone (pgbench, 50 connections)',
            result.median.databaseFiftyOrdersPerSecond,
            result.median.databaseFiftyP99Ms,
          ],
        ],
      ) +
      `\nshop's share of the database alone (${CONNECTIONS} connections): ${result.median.shopShare} %`,
  );
  console.info(`written to ${await writeResult('ordering-vs-database', result)}`);
  if (result.rounds.some((r) => !r.shop.oversell.ok || r.shop.otherFailures > 0)) process.exitCode = 1;
}
