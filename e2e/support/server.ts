import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');

export interface ShopOptions {
  /** Extra environment for the server process (overrides the defaults below). */
  env?: Record<string, string>;
  /**
   * A PostgreSQL URL used only to create, and on stop drop, a fresh database for this shop. Defaults to
   * `TEST_DATABASE_URL`; null or no URL means the embedded PGlite database in DATA_DIR.
   */
  adminDatabaseUrl?: string | null;
  /** Use this database as it is and keep it on stop (instead of a fresh one). */
  databaseUrl?: string;
  /** Use this DATA_DIR as it is and keep it on stop (instead of a fresh temporary one). */
  dataDir?: string;
  /** Listen on this port instead of a free one, e.g. to come back at the same address after a restart. */
  port?: number;
  /** The shop counts as started once this path answers 2xx. */
  readyPath?: string;
  pollIntervalMs?: number;
  readyTimeoutMs?: number;
}

export interface Shop {
  url: string;
  /** Milliseconds from spawning the process to the first 2xx answer on the ready path. */
  startupMs: number;
  /** Everything the server printed so far (stdout and stderr interleaved). */
  readonly logs: string;
  stop(): Promise<void>;
}

const claimedPorts = path.join(tmpdir(), 'kshop-e2e-ports');

/**
 * Claims `port` among journeys running side by side: the system may hand the same free port to two of them
 * before either listens. A claim is a file created exclusively; claims older than an hour are taken over.
 */
function claimPort(port: number): boolean {
  mkdirSync(claimedPorts, { recursive: true });
  const file = path.join(claimedPorts, String(port));
  try {
    if (Date.now() - statSync(file).mtimeMs > 3_600_000) rmSync(file, { force: true });
  } catch {
    // No claim yet.
  }
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('could not pick a free port');
  return address.port;
}

/** A port nobody listens on right now and no other journey claimed; the server does not accept PORT=0. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await unusedPort();
    if (claimPort(port)) return port;
  }
  throw new Error(`no free port left unclaimed in ${claimedPorts}`);
}

/** Creates an empty database on the server `adminUrl` points at; `drop()` removes it again. */
export async function createScratchDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Starts the built shop (`apps/api/dist/server.js`) on a free port, by default with fresh data. */
export async function startShop(options: ShopOptions = {}): Promise<Shop> {
  if (!existsSync(serverEntry)) {
    throw new Error(`${path.relative(repoRoot, serverEntry)} is missing: run \`npm run build\` first`);
  }
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'kshop-')));
  const adminUrl =
    options.databaseUrl || options.adminDatabaseUrl === null
      ? undefined
      : (options.adminDatabaseUrl ?? process.env.TEST_DATABASE_URL);
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'e2e') : undefined;
  const databaseUrl = options.databaseUrl ?? scratch?.url;

  // A DATABASE_URL from the caller's shell must not leak into a shop that should start empty.
  const { DATABASE_URL: _callersDatabase, ...inherited } = process.env;
  const startedAt = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  const record = (chunk: Buffer) => {
    logs += chunk.toString();
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (!hasExited(child)) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  };

  const url = `http://127.0.0.1:${port}`;
  const readyUrl = `${url}${options.readyPath ?? '/readyz'}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (true) {
    const ready = await fetch(readyUrl).then(
      async (response) => {
        await response.arrayBuffer();
        return response.ok;
      },
      () => false,
    );
    if (ready) break;
    if (hasExited(child) || Date.now() > deadline) {
      const why = hasExited(child) ? `exited (${child.exitCode ?? child.signalCode})` : 'timed out';
      await stop();
      throw new Error(`the shop ${why} before ${readyUrl} answered 2xx; its output:\n${logs}`);
    }
    await sleep(options.pollIntervalMs ?? 100);
  }
  const startupMs = performance.now() - startedAt;

  return {
    url,
    startupMs,
    get logs() {
      return logs;
    },
    stop,
  };
}
