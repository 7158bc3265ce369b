import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { migrationsFolder, openDatabase } from '../db/client.js';

/** A digest of the migrations (and, where given, more), so a template is made again when they change. */
export function migrationsDigest(...more: string[]): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(readFileSync(path.join(migrationsFolder, file)));
  }
  for (const part of more) hash.update(part);
  return hash.digest('hex').slice(0, 12);
}

/**
 * A migrated, empty embedded database dumped as a tarball, which each test file's in-memory database
 * starts from: making a PGlite database from nothing and migrating it takes seconds, loading the tarball
 * a fraction of one. Kept in the temporary folder per migration set and PGlite version.
 */
export async function embeddedTemplate(): Promise<string> {
  // The package's entry file stands for its version (its package.json is not exported).
  const pglite = readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const version = createHash('sha256').update(pglite).digest('hex');
  const file = path.join(tmpdir(), `kshop-test-pglite-${migrationsDigest(version)}.tar`);
  if (existsSync(file)) return file;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kshop-test-template-'));
  try {
    const migrated = await openDatabase({ driver: 'pglite', dataDir });
    await migrated.close();
    const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    const dump = await db.dumpDataDir('none');
    await db.close();
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return file;
}
