/**
 * The long hostile-input run: apps/api/src/fuzz.test.ts with FUZZ_RUNS inputs a route (1000 by default; CI
 * sends 24, enough for every kind of input once). On PGlite, or on PostgreSQL when BENCH_DATABASE_URL is set
 * (the test then makes its own database on that server, as with TEST_DATABASE_URL). FUZZ_SEED and FUZZ_ROUTE
 * pass through; the seed is printed either way so that a failure can be repeated. Exits with vitest's status.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { isMain, round, writeResult } from './support/report.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

export interface FuzzResult {
  database: 'pglite' | 'postgres';
  runsPerRoute: number;
  seed: number;
  route: string | null;
  seconds: number;
  passed: boolean;
}

export async function runLongFuzz(): Promise<FuzzResult> {
  const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 1000);
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const env = {
    ...process.env,
    FUZZ_RUNS: String(runsPerRoute),
    FUZZ_SEED: String(seed),
    ...(databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {}),
  };
  console.info(
    `fuzz: ${runsPerRoute} inputs a route, FUZZ_SEED=${seed}, on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
  );
  const started = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'api', 'src/fuzz.test.ts'], {
      cwd: repoRoot,
      env,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
  return {
    database: databaseUrl ? 'postgres' : 'pglite',
    runsPerRoute,
    seed,
    route: process.env.FUZZ_ROUTE ?? null,
    seconds: round((performance.now() - started) / 1000),
    passed: status === 0,
  };
}

if (isMain(import.meta.url)) {
  const result = await runLongFuzz();
  const file = await writeResult('fuzz', result);
  console.info(
    `fuzz ${result.passed ? 'passed' : 'FAILED'} in ${result.seconds} s (FUZZ_SEED=${result.seed}); ${path.relative(process.cwd(), file)}`,
  );
  process.exitCode = result.passed ? 0 : 1;
}
