import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { type DatabaseOptions, openDatabase } from './client.js';
import { lockEmbeddedDatabase } from './lock.js';
import { pgRestore } from './pg-tools.js';

/**
 * Backups of the shop's database and their restore. A backup is the database's own format: pg_dump's custom
 * format on PostgreSQL (restorable with pg_restore by anyone who knows PostgreSQL), a gzipped tarball of the data
 * directory on the embedded database (what PGlite loads). Restoring migrates the database to the shop's schema,
 * so a backup made by an older shop is brought up to date.
 */

export class BackupError extends Error {}

export type BackupKind = 'embedded' | 'postgres';

/** Which database wrote the backup, from its first bytes; null for a file that is neither. */
export async function backupKindOf(file: string): Promise<BackupKind | null> {
  const handle = await open(file, 'r').catch(() => {
    throw new BackupError(`No backup file at ${file}.`);
  });
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
    return null;
  } finally {
    await handle.close();
  }
}

/** The name of a backup file for `driver`, made on `day` (YYYY-MM-DD). */
export const backupFileName = (driver: 'pglite' | 'postgres', day: string) =>
  `kshop-${day}.${driver === 'pglite' ? 'tar.gz' : 'dump'}`;

/**
 * Restores `file` into the database `options` name, which the shop must not be using. The embedded database's
 * directory, if it holds one, is kept beside it as `<dir>.before-restore-<time>`; a PostgreSQL database gets the
 * backup's tables in place of its own, in one transaction. Answers where the replaced directory went, if any.
 */
export async function restoreBackup(options: DatabaseOptions, file: string): Promise<{ keptAt?: string }> {
  const kind = await backupKindOf(file);
  if (!kind)
    throw new BackupError(
      `${file} is not a backup of the shop (neither pg_dump's format nor the embedded database's).`,
    );
  if (options.driver === 'postgres') {
    if (kind !== 'postgres')
      throw new BackupError('This backup is of the embedded database: restore it with DATABASE_URL unset.');
    await pgRestore(options.url, file);
    const migrated = await openDatabase(options);
    await migrated.close();
    return {};
  }
  if (kind !== 'embedded')
    throw new BackupError(
      'This backup was made by pg_dump: restore it with DATABASE_URL set to the PostgreSQL database.',
    );
  if (!options.dataDir) throw new BackupError('The embedded database to restore into needs a directory.');
  // Refused while the shop (or another command) holds the database.
  lockEmbeddedDatabase(options.dataDir)();
  let keptAt: string | undefined;
  if (existsSync(options.dataDir) && readdirSync(options.dataDir).length > 0) {
    keptAt = `${options.dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(options.dataDir, keptAt);
  }
  try {
    const restored = await openDatabase({ driver: 'pglite', dataDir: options.dataDir, startFrom: file });
    await restored.close();
  } catch (err) {
    // What the failed restore left is removed, and the database from before it put back.
    rmSync(options.dataDir, { recursive: true, force: true });
    if (keptAt) renameSync(keptAt, options.dataDir);
    throw err;
  }
  return { keptAt };
}
