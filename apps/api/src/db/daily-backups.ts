import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { backupFileName } from './backup.js';
import type { Database } from './client.js';

type Log = { info(details: object, message: string): void; error(details: object, message: string): void };

const day = (at: Date) => at.toISOString().slice(0, 10);
const BACKUP_NAME = /^kshop-(\d{4}-\d{2}-\d{2})\.(tar\.gz|dump)$/;

/**
 * One backup a day in `dir` (BACKUP_DAYS > 0), kept `keepDays` days: written a minute after start when the day
 * has none yet, and checked hourly after that. Answers the function that stops it.
 */
export function startDailyBackups(database: Database, dir: string, keepDays: number, log: Log): () => void {
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    backUpToday(database, dir, keepDays, log)
      .catch((err) => log.error({ err }, 'could not write the daily backup'))
      .finally(() => {
        busy = false;
      });
  };
  const timers = [setTimeout(tick, 60_000), setInterval(tick, 3_600_000)];
  for (const timer of timers) timer.unref();
  return () => {
    for (const timer of timers) clearTimeout(timer);
  };
}

/** Writes today's backup if there is none, then removes those older than `keepDays` days. */
export async function backUpToday(
  database: Database,
  dir: string,
  keepDays: number,
  log: Log,
  now = new Date(),
) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, backupFileName(database.driver, day(now)));
  const present = readdirSync(dir);
  if (!present.includes(path.basename(file))) {
    await database.backup(file);
    log.info({ file }, 'daily backup written');
  }
  const oldest = day(new Date(now.getTime() - (keepDays - 1) * 86_400_000));
  for (const name of present) {
    const made = BACKUP_NAME.exec(name)?.[1];
    if (made && made < oldest) rmSync(path.join(dir, name), { force: true });
  }
}
