import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The embedded database allows one process at a time. A pid file beside it says who holds it; a file left
 * by a process that is gone is taken over.
 */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'kshop.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by another process (pid ${holder}), probably the running shop. ` +
            'Stop it first, or point DATABASE_URL at PostgreSQL.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}.`);
}

/** The live process holding the embedded database in `dataDir` (the running shop), or null. */
export function holderOf(dataDir: string): number | null {
  let holder: number;
  try {
    holder = Number.parseInt(readFileSync(path.join(dataDir, 'kshop.lock'), 'utf8'), 10);
  } catch {
    return null;
  }
  return Number.isInteger(holder) && isAlive(holder) ? holder : null;
}
