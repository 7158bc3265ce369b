/**
 * Cold start: milliseconds from spawning `node apps/api/dist/server.js` to the first 200 answer of GET /
 * (the storefront's HTML), polled every 10 ms. The first start creates, migrates and seeds the database; the
 * five after it reuse that database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase, startShop } from '../e2e/support/server.js';
import { isMain, round, spread, writeResult } from './support/report.js';

const RUNS = 5;

export interface ColdStartResult {
  database: 'pglite' | 'postgres';
  firstStartMs: number;
  runsMs: number[];
  min: number;
  median: number;
  max: number;
}

export async function measureColdStart(): Promise<ColdStartResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kshop-bench-'));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'bench') : undefined;
  const timeToFirstPage = async () => {
    const shop = await startShop({
      dataDir,
      adminDatabaseUrl: null,
      ...(scratch ? { databaseUrl: scratch.url } : {}),
      readyPath: '/',
      pollIntervalMs: 10,
    });
    await shop.stop();
    return round(shop.startupMs);
  };
  try {
    const firstStartMs = await timeToFirstPage();
    const runsMs: number[] = [];
    for (let run = 0; run < RUNS; run++) runsMs.push(await timeToFirstPage());
    return { database: scratch ? 'postgres' : 'pglite', firstStartMs, runsMs, ...spread(runsMs) };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

export function describeColdStart(result: ColdStartResult): string {
  return [
    `cold start (${result.database}), spawn to first 200 on GET /:`,
    `  first start (create + migrate + seed): ${result.firstStartMs} ms`,
    `  existing database, ${result.runsMs.length} runs: min ${result.min} ms, median ${result.median} ms, max ${result.max} ms`,
    `  runs: ${result.runsMs.join(', ')} ms`,
  ].join('\n');
}

if (isMain(import.meta.url)) {
  const result = await measureColdStart();
  console.info(describeColdStart(result));
  console.info(`written to ${await writeResult('cold-start', result)}`);
}
