/**
 * How long a buyer's login takes on each path: no account, wrong or right password, a mailed temporary
 * password pending or not. Whatever an attacker can time must not tell these apart (but for success, which the
 * answer says anyway). The real app in this process on an in-memory PGlite, logins sent with `app.inject`,
 * the paths interleaved round by round. `npx tsx bench/login-timing.ts` from the repository root, no build
 * needed; `LOGIN_BENCH_ROUNDS` (default 30) sets the attempts per path.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config/env.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { buyers } from '../apps/api/src/db/schema.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../apps/api/src/db/seed/demo-accounts.js';
import { hashPassword } from '../apps/api/src/lib/password.js';
import { loadAverages, round, spread, table, writeResult } from './support/report.js';

const ROUNDS = Number(process.env.LOGIN_BENCH_ROUNDS ?? 30);
const WARM_UP_ROUNDS = 2;
const TEMPORARY = 'Temp-5678!';
const WRONG = 'Wrong-1234!';

const dataDir = await mkdtemp(path.join(tmpdir(), 'kshop-login-bench-'));
const database = await openDatabase({ driver: 'pglite' });
const accounts = await seedDemoAccounts(database.db);
const [plain, pending, adopting] = accounts.map((a) => a.email) as [string, string, string];
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  RATE_LIMIT: 'false',
  SECRET_KEY: 'bench-secret-bench-secret-bench-secret-01',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();

const passwordHash = await hashPassword(DEMO_PASSWORD);
const temporaryHash = await hashPassword(TEMPORARY);
/** Before each attempt that needs one (not timed): the buyer's own password and a temporary one pending. */
const withTemporary = (email: string) =>
  database.db
    .update(buyers)
    .set({
      passwordHash,
      temporaryPasswordHash: temporaryHash,
      temporaryPasswordExpiresAt: new Date(Date.now() + 3_600_000),
    })
    .where(eq(buyers.email, email));

type Path = {
  name: string;
  email: string;
  password: string;
  expect: number;
  before?: () => Promise<unknown>;
};
const PATHS: Path[] = [
  { name: 'no account', email: 'nobody@demo.kshop.example', password: WRONG, expect: 401 },
  { name: 'wrong password', email: plain, password: WRONG, expect: 401 },
  { name: 'right password', email: plain, password: DEMO_PASSWORD, expect: 200 },
  {
    name: 'wrong password, temporary pending',
    email: pending,
    password: WRONG,
    expect: 401,
    before: () => withTemporary(pending),
  },
  {
    name: 'own password, temporary pending',
    email: pending,
    password: DEMO_PASSWORD,
    expect: 200,
    before: () => withTemporary(pending),
  },
  {
    name: 'temporary password',
    email: adopting,
    password: TEMPORARY,
    expect: 200,
    before: () => withTemporary(adopting),
  },
];

const samples = new Map<string, number[]>(PATHS.map((p) => [p.name, []]));
const loadBefore = loadAverages();
for (let r = 0; r < WARM_UP_ROUNDS + ROUNDS; r++) {
  // Each round starts one path later, so no path always runs first or right after the same one.
  for (let i = 0; i < PATHS.length; i++) {
    const p = PATHS[(r + i) % PATHS.length]!;
    await p.before?.();
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: p.email, password: p.password },
    });
    const ms = performance.now() - started;
    if (res.statusCode !== p.expect) throw new Error(`${p.name}: ${res.statusCode} ${res.body}`);
    if (r >= WARM_UP_ROUNDS) samples.get(p.name)!.push(ms);
  }
}
const loadAfter = loadAverages();

const result = {
  rounds: ROUNDS,
  loadBefore,
  loadAfter,
  paths: PATHS.map((p) => {
    const { min, median, max } = spread(samples.get(p.name)!);
    return {
      name: p.name,
      status: p.expect,
      minMs: round(min, 1),
      medianMs: round(median, 1),
      maxMs: round(max, 1),
    };
  }),
};
console.info(
  table(
    ['path', 'status', 'min ms', 'median ms', 'max ms'],
    result.paths.map((p) => [p.name, p.status, p.minMs, p.medianMs, p.maxMs]),
  ),
);
console.info(`load average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')}; ${ROUNDS} rounds`);
console.info(`written to ${await writeResult('login-timing', result)}`);
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
