import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  createScratchDatabase,
  freePort,
  freshDataDir,
  repoRoot,
  type Shop,
  type ShopOptions,
  startShop,
  templateFits,
} from './server.js';

const run = promisify(execFile);
export const cliEntry = path.join(repoRoot, 'apps/api/dist/cli.js');

export interface StaffedShop {
  readonly url: string;
  /** The shop's DATA_DIR: without SMTP_URL its mails land in `outbox/` there. */
  readonly dataDir: string;
  readonly logs: string;
  /** Milliseconds each start of the shop took, the first one first. */
  readonly startupsMs: readonly number[];
  /**
   * Runs the staff command line (`node apps/api/dist/cli.js ...args`) on this shop's data and resolves with
   * what it printed. The embedded database admits one process at a time, so on PGlite the shop stops for the
   * command and starts again at the same address (browser steps running meanwhile find it down); on
   * PostgreSQL it keeps running. Commands run one at a time, in the order they were asked for.
   */
  staff(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A shop whose data outlives a restart (the same DATA_DIR, the same database and the same port), so that the
 * staff command line can work on it in between. Fresh data as with `startShop`, removed on stop.
 */
export async function startStaffedShop(options: Pick<ShopOptions, 'env'> = {}): Promise<StaffedShop> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  // The first start takes a copy of the seeded template, as `startShop` does for fresh data.
  const dataDir = await freshDataDir({ seeded: templateFits(adminUrl, options.env) });
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'e2e') : undefined;
  const port = await freePort();
  const startupsMs: number[] = [];
  let logs = '';

  const start = async () => {
    const started = await startShop({ dataDir, databaseUrl: scratch?.url, port, env: options.env });
    startupsMs.push(started.startupMs);
    return started;
  };
  const stopShop = async (running: Shop) => {
    await running.stop();
    logs += running.logs;
  };

  let shop: Shop | undefined;
  try {
    shop = await start();
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    await scratch?.drop();
    throw error;
  }

  const command = async (args: string[]) => {
    const { DATABASE_URL: _callersDatabase, ...inherited } = process.env;
    const { stdout } = await run(process.execPath, [cliEntry, ...args], {
      cwd: repoRoot,
      env: {
        ...inherited,
        DATA_DIR: dataDir,
        DEMO_DATA: 'true',
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        ...options.env,
      },
    });
    return stdout;
  };

  const staff = async (args: string[]) => {
    if (scratch) return command(args);
    if (shop) await stopShop(shop);
    shop = undefined;
    try {
      return await command(args);
    } finally {
      shop = await start();
    }
  };
  // Two commands at once on PGlite would each stop and start the same shop.
  let queue: Promise<unknown> = Promise.resolve();

  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    get logs() {
      return logs + (shop?.logs ?? '');
    },
    startupsMs,
    staff(...args) {
      const result = queue.then(() => staff(args));
      queue = result.catch(() => {});
      return result;
    },
    async stop() {
      if (shop) await stopShop(shop);
      shop = undefined;
      await rm(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}
