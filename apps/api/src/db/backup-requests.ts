import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, watch } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BackupError } from './backup.js';
import type { Database } from './client.js';

/**
 * A backup of the embedded database while the shop runs. The shop holds the database alone, so the staff command
 * cannot open it: it leaves a request in DATA_DIR/backups and signals the shop (SIGUSR2, to the process named in
 * the database's lock file); the shop writes the backup between two transactions and leaves the outcome beside
 * the request. Whoever can write DATA_DIR and signal the shop's process is the shop's operator already.
 */

const requestsDir = (dataDir: string) => path.join(dataDir, 'backups', 'requests');

type Request = { file: string };
type Outcome = { ok: true } | { ok: false; message: string };

/** The shop's side: answers each request when signalled, until the returned function is called. */
export function answerBackupRequests(
  database: Database,
  dataDir: string,
  log: { info(details: object, message: string): void; error(details: object, message: string): void },
): () => void {
  const dir = requestsDir(dataDir);
  let running = Promise.resolve();
  const answerAll = async () => {
    const names = readdirSync(dir).filter((name) => /^request-[\w-]+\.json$/.test(name));
    for (const name of names) {
      const id = name.slice('request-'.length, -'.json'.length);
      const request = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Request;
      await rm(path.join(dir, name), { force: true });
      let outcome: Outcome = { ok: true };
      try {
        await database.backup(request.file);
        log.info({ file: request.file }, 'backup written');
      } catch (err) {
        log.error({ err, file: request.file }, 'could not write the backup');
        outcome = { ok: false, message: (err as Error).message };
      }
      // Written whole before it is named, so the command never reads half of it.
      const done = path.join(dir, `done-${id}.json`);
      await writeFile(`${done}.partial`, JSON.stringify(outcome));
      await rename(`${done}.partial`, done);
    }
  };
  const onSignal = () => {
    running = running
      .then(answerAll)
      .catch((err) => log.error({ err }, 'could not read the backup requests'));
  };
  mkdirSync(dir, { recursive: true });
  process.on('SIGUSR2', onSignal);
  return () => process.off('SIGUSR2', onSignal);
}

/** How long the command waits for the shop's backup: a large catalogue's database takes seconds. */
const BACKUP_WAIT_MS = 10 * 60_000;

/** The command's side: asks the shop running as process `pid` for a backup into `file`, and waits for it. */
export async function askRunningShopForBackup(dataDir: string, pid: number, file: string): Promise<void> {
  const dir = requestsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const id = randomUUID();
  await writeFile(
    path.join(dir, `request-${id}.json`),
    JSON.stringify({ file: path.resolve(file) } satisfies Request),
  );
  const done = path.join(dir, `done-${id}.json`);
  // The shop's answer is a file it names once written whole: watched for, so the command ends when it appears.
  const answered = await new Promise<boolean>((resolve) => {
    const finish = (found: boolean) => {
      clearTimeout(timer);
      watcher.close();
      resolve(found);
    };
    const watcher = watch(dir, (_event, name) => {
      if (name === path.basename(done)) finish(true);
    });
    const timer = setTimeout(() => finish(false), BACKUP_WAIT_MS);
    process.kill(pid, 'SIGUSR2');
  });
  if (answered) {
    const outcome = JSON.parse(await readFile(done, 'utf8')) as Outcome;
    await rm(done, { force: true });
    if (!outcome.ok) throw new BackupError(`The shop could not write the backup: ${outcome.message}`);
    return;
  }
  await rm(path.join(dir, `request-${id}.json`), { force: true });
  throw new BackupError(`The running shop (pid ${pid}) did not answer the backup request within 10 minutes.`);
}
