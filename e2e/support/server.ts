import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
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

function assertBuilt() {
  if (!existsSync(serverEntry)) {
    throw new Error(`${path.relative(repoRoot, serverEntry)} is missing: run \`npm run build\` first`);
  }
}

/**
 * What the seeded template depends on: the built server with its seed and the migrations it runs, the
 * contract build the seed takes its category ids from, and PGlite (which writes the database files).
 */
const templateInputs = ['apps/api/dist', 'apps/api/drizzle', 'packages/contract/dist'];
const TEMPLATE_PREFIX = 'kshop-e2e-template-';
/** The pid files saying which process holds the embedded database: the shop's own and PGlite's. */
const databasePidFiles = [path.join('db', 'kshop.lock'), path.join('db', 'postmaster.pid')];
/**
 * The key that signs a shop's file URLs and verification codes, which the shop generates into DATA_DIR on its
 * first start; left out of the template, so each shop generates its own as a new shop does.
 */
const secretKeyFile = 'secret.key';

/** Size and modification time of every file the template depends on, PGlite's entry by content, and the day. */
async function templateFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const input of templateInputs) {
    const folder = path.join(repoRoot, input);
    for (const file of (await readdir(folder, { recursive: true })).sort()) {
      const info = await stat(path.join(folder, file));
      if (info.isFile()) hash.update(`${input}/${file} ${info.size} ${info.mtimeMs}\n`);
    }
  }
  hash.update(await readFile(createRequire(serverEntry).resolve('@electric-sql/pglite')));
  // The demo data is dated from when it was written (pre-orders are released 5 to 75 days later): a template
  // serves one day at most, so a journey never meets a pre-order whose release date has passed.
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Makes the template in `target`: the shop starts once on an empty DATA_DIR beside it (migrations, then the
 * demo data) and stops; what is left is its embedded database, closed, and its secret key, removed. The
 * finished folder is renamed to `target` in one step, so other journeys never see a half-made template; when
 * another journey renamed its own first, this one's folder is removed instead.
 */
async function makeTemplate(target: string): Promise<void> {
  const building = await mkdtemp(`${target}.building-`);
  try {
    const shop = await startShop({ dataDir: building, adminDatabaseUrl: null });
    await shop.stop();
    // The shop removes the pid files once it closed the embedded database; left behind, it did not stop cleanly.
    if (databasePidFiles.some((file) => existsSync(path.join(building, file)))) {
      throw new Error(`the shop making the seeded template did not stop cleanly; its output:\n${shop.logs}`);
    }
    await rm(path.join(building, secretKeyFile), { force: true });
    await rename(building, target).catch((error) => {
      if (!existsSync(target)) throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}

/**
 * Removes, after an hour, templates of other builds and folders left by a journey that stopped while making
 * one: a build makes a template of its own, and without this each would stay in the temporary folder.
 */
async function removeStaleTemplates(keep: string): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith(TEMPLATE_PREFIX) || name === path.basename(keep)) continue;
    const folder = path.join(tmpdir(), name);
    // Another journey may have removed it meanwhile.
    const info = await stat(folder).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > 3_600_000) await rm(folder, { recursive: true, force: true });
  }
}

let template: Promise<string> | undefined;

/**
 * The seeded template for the current build: a DATA_DIR in which the shop started once and stopped, made by
 * the first journey that needs it and shared by all the journeys of a run (found in the temporary folder by
 * the build's fingerprint). Looked up once per journey process.
 */
function seededTemplate(): Promise<string> {
  template ??= (async () => {
    assertBuilt();
    const target = path.join(tmpdir(), `${TEMPLATE_PREFIX}${await templateFingerprint()}`);
    if (!existsSync(target)) {
      await makeTemplate(target);
      await removeStaleTemplates(target);
    }
    return target;
  })().catch((error) => {
    template = undefined;
    throw error;
  });
  return template;
}

/**
 * Whether a shop's fresh data can start as a copy of the seeded template, which holds the embedded database
 * with the demo data: not when the shop runs on PostgreSQL, nor when its environment turns the demo data off.
 */
export function templateFits(databaseUrl: string | undefined, env: Record<string, string> = {}): boolean {
  if (databaseUrl || env.DATABASE_URL || env.DATA_DIR) return false;
  return ['true', '1'].includes(env.DEMO_DATA || 'true');
}

/**
 * Copies what is in the folder `from` into the folder `to`, keeping modes and times: `cp -a` copies the
 * template's 1,200 small files in a quarter of the time `fs.cp` takes.
 */
const copyFolder = (from: string, to: string) => promisify(execFile)('cp', ['-a', `${from}/.`, to]);

/**
 * A new temporary DATA_DIR, for the caller to remove. With `seeded`, it is a copy of the seeded template, so
 * the shop starts on migrated data with the demo catalogue instead of writing it all first (about 6 s saved
 * per shop); each shop gets its own copy, as journeys write orders, mails and uploads into their data.
 */
export async function freshDataDir({ seeded }: { seeded: boolean }): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kshop-'));
  if (!seeded) return dataDir;
  try {
    await copyFolder(await seededTemplate(), dataDir);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return dataDir;
}

/**
 * Node's own options for the shop's process, from SHOP_NODE_ARGS (space-separated), for profiling a bench's
 * shop: `SHOP_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'` (Node refuses these in NODE_OPTIONS).
 */
const shopNodeArgs = () => process.env.SHOP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Starts the built shop (`apps/api/dist/server.js`) on a free port, by default with fresh data: on the embedded
 * database a copy of the seeded template (see `freshDataDir`), on PostgreSQL an empty scratch database.
 */
export async function startShop(options: ShopOptions = {}): Promise<Shop> {
  assertBuilt();
  const port = options.port ?? (await freePort());
  const adminUrl =
    options.databaseUrl || options.adminDatabaseUrl === null
      ? undefined
      : (options.adminDatabaseUrl ?? process.env.TEST_DATABASE_URL);
  const dataDir =
    options.dataDir ??
    (await freshDataDir({ seeded: templateFits(options.databaseUrl ?? adminUrl, options.env) }));
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'e2e') : undefined;
  const databaseUrl = options.databaseUrl ?? scratch?.url;

  // A DATABASE_URL from the caller's shell must not leak into a shop that should start empty.
  const { DATABASE_URL: _callersDatabase, ...inherited } = process.env;
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...shopNodeArgs(), serverEntry], {
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
