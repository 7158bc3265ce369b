import { spawn } from 'node:child_process';
import { rename, rm } from 'node:fs/promises';

/**
 * PostgreSQL's own dump and restore programs, run as child processes: the format is the one every PostgreSQL
 * operator knows (`pg_dump --format=custom`), a dump is consistent while the shop writes (one snapshot), and
 * nothing of it passes through the shop's event loop.
 */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (said.length < 4_000) said += chunk;
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(
              `${program} was not found: install PostgreSQL's client programs (apt-get install postgresql-client).`,
            )
          : err,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}): ${said.trim()}`)),
    );
  });
}

/** Writes the whole database at `url` to `file` in pg_dump's custom format; `file` appears only when complete. */
export async function pgDump(url: string, file: string): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${partial}`,
      `--dbname=${url}`,
    ]);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * Restores a pg_dump file into the database at `url`, replacing what the dump holds, in one transaction: a failed
 * restore leaves the database as it was.
 */
export function pgRestore(url: string, file: string): Promise<void> {
  return run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
    file,
  ]);
}
