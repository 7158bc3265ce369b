import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { emptyPostgresDatabase, freshDatabase } from '../test/database.js';
import { shopCommand } from '../test/shop-command.js';
import { everyTableRow } from '../test/table-rows.js';
import { answerBackupRequests } from './backup-requests.js';
import { openDatabase } from './client.js';
import { seedOnFirstStart } from './seed/index.js';

const quiet = { info() {}, error() {} };

const dir = mkdtempSync(path.join(tmpdir(), 'kshop-backup-command-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run shop -- backup and restore', () => {
  it.runIf(!process.env.TEST_DATABASE_URL)(
    'on the embedded database: the running shop writes the backup; restore, with the shop stopped, keeps the replaced directory',
    async () => {
      const dataDir = path.join(dir, 'embedded');
      const dbDir = path.join(dataDir, 'db');
      // This process plays the running shop: it holds the database and answers backup requests as server.ts does.
      const running = await openDatabase({
        driver: 'pglite',
        dataDir: dbDir,
        startFrom: inject('embeddedTemplate'),
      });
      await seedOnFirstStart(running.db, { demoData: true });
      const stopAnswering = answerBackupRequests(running, dataDir, quiet);
      const file = path.join(dir, 'embedded.tar.gz');
      let before: Record<string, string[]>;
      try {
        const backup = await shopCommand({ DATA_DIR: dataDir, DATABASE_URL: '' }, 'backup', file);
        expect(backup.stderr).toBe('');
        expect(backup.stdout).toContain(`Backup written to ${file}.`);
        expect(existsSync(file)).toBe(true);
        before = await everyTableRow(running.db);
        // While the shop runs, restore is refused and changes nothing.
        const refused = await shopCommand({ DATA_DIR: dataDir, DATABASE_URL: '' }, 'restore', file);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/in use by another process/);
      } finally {
        stopAnswering();
        await running.close();
      }

      const restore = await shopCommand({ DATA_DIR: dataDir, DATABASE_URL: '' }, 'restore', file);
      expect(restore.stderr).toBe('');
      expect(restore.stdout).toContain(`Restored ${file}.`);
      const keptAt = /kept in (\S+);/.exec(restore.stdout)?.[1];
      expect(keptAt && existsSync(keptAt)).toBe(true);
      const restored = await openDatabase({ driver: 'pglite', dataDir: dbDir });
      try {
        expect(await everyTableRow(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }
    },
  );

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'on PostgreSQL: pg_dump while the shop runs, pg_restore into another database',
    async () => {
      const source = await freshDatabase();
      const target = await emptyPostgresDatabase();
      try {
        await seedOnFirstStart(source.db, { demoData: true });
        const file = path.join(dir, 'shop.dump');
        const backup = await shopCommand({ DATA_DIR: dir, DATABASE_URL: source.url }, 'backup', file);
        expect(backup.stderr).toBe('');
        expect(backup.stdout).toContain(`Backup written to ${file}.`);
        const restore = await shopCommand({ DATA_DIR: dir, DATABASE_URL: target.url }, 'restore', file);
        expect(restore.stderr).toBe('');
        expect(restore.stdout).toContain(`Restored ${file}.`);
        const restored = await openDatabase({ driver: 'postgres', url: target.url, poolSize: 1 });
        try {
          expect(await everyTableRow(restored.db)).toEqual(await everyTableRow(source.db));
        } finally {
          await restored.close();
        }
      } finally {
        await source.close();
        await target.drop();
      }
    },
  );
});
