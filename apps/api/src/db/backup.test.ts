import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestShop, DEMO, type TestShop } from '../test/app.js';
import { orderPayload, placeOrder, stockedOption } from '../test/buying.js';
import { emptyPostgresDatabase } from '../test/database.js';
import { everyTableRow } from '../test/table-rows.js';
import { BackupError, backupKindOf, restoreBackup } from './backup.js';
import { type DatabaseOptions, openDatabase } from './client.js';
import { backUpToday } from './daily-backups.js';
import { mailQueue } from './schema.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const quiet = { info() {}, error() {} };

let shop: TestShop;
const dir = mkdtempSync(path.join(tmpdir(), 'kshop-backup-'));
beforeAll(async () => {
  shop = await createTestShop();
  const korea = await shop.loginAs(DEMO.korea);
  // Orders, their lines, held stock, a cart and sales: the rows a shop cannot lose.
  for (const quantity of [1, 2, 3]) {
    const option = await stockedOption(shop, 50);
    const placed = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity }]),
    );
    if (placed.statusCode !== 200) throw new Error(placed.body);
  }
  const carted = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/cart',
    headers: korea,
    payload: {
      productOptionAndQuantityList: [{ productOptionUuid: (await stockedOption(shop, 5)).id, quantity: 1 }],
    },
  });
  expect(body(carted).statusCode).toBe(200);
  // The order mails go out before the backup, so that the shop changes nothing between the two reads compared.
  while ((await shop.db.select().from(mailQueue)).length > 0) await sleep(20);
});
afterAll(async () => {
  await shop?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A place to restore into that holds nothing yet: an empty data directory, or an empty PostgreSQL database. */
async function emptyTarget(): Promise<{ options: DatabaseOptions; drop(): Promise<void> }> {
  if (!onPostgres) {
    return {
      options: { driver: 'pglite', dataDir: mkdtempSync(path.join(dir, 'restored-')) },
      drop: async () => {},
    };
  }
  const empty = await emptyPostgresDatabase();
  return { options: { driver: 'postgres', url: empty.url }, drop: empty.drop };
}

describe('a backup taken while the shop runs', () => {
  it('restores into an empty database with every row of every table', async () => {
    const file = path.join(dir, 'shop.backup');
    const before = await everyTableRow(shop.db);
    await shop.database.backup(file);
    expect(await backupKindOf(file)).toBe(onPostgres ? 'postgres' : 'embedded');
    expect(readdirSync(dir).filter((name) => name.endsWith('.partial'))).toEqual([]);

    const target = await emptyTarget();
    try {
      await restoreBackup(target.options, file);
      const restored = await openDatabase(target.options);
      try {
        expect(Object.keys(before).length).toBeGreaterThan(20);
        expect(before['public.orders']).toHaveLength(3);
        expect(await everyTableRow(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }
    } finally {
      await target.drop();
    }
  });

  it("refuses a file that is not a backup, or another database's, and changes nothing", async () => {
    const notBackup = path.join(dir, 'notes.txt');
    writeFileSync(notBackup, 'not a backup');
    const target = await emptyTarget();
    try {
      await expect(restoreBackup(target.options, notBackup)).rejects.toThrow(BackupError);
      await expect(restoreBackup(target.options, path.join(dir, 'missing'))).rejects.toThrow(
        /No backup file/,
      );
      const other = path.join(dir, 'other.backup');
      // The first bytes of the other database's format.
      writeFileSync(other, onPostgres ? Buffer.from([0x1f, 0x8b, 8, 0]) : Buffer.from('PGDMP'));
      await expect(restoreBackup(target.options, other)).rejects.toThrow(
        onPostgres ? /embedded database/ : /pg_dump/,
      );
      if (target.options.driver === 'pglite') expect(readdirSync(target.options.dataDir!)).toEqual([]);
    } finally {
      await target.drop();
    }
  });
});

describe('daily backups', () => {
  it("writes the day's backup once and removes those older than the days kept", async () => {
    const backups = mkdtempSync(path.join(dir, 'daily-'));
    const extension = onPostgres ? 'dump' : 'tar.gz';
    for (const day of ['2026-11-20', '2026-11-24', '2026-11-25']) {
      writeFileSync(path.join(backups, `kshop-${day}.${extension}`), 'an older backup');
    }
    writeFileSync(path.join(backups, 'notes.txt'), 'not a backup: kept');
    const now = new Date('2026-11-27T10:00:00Z');
    await backUpToday(shop.database, backups, 3, quiet, now);
    expect(readdirSync(backups).sort()).toEqual([
      `kshop-2026-11-25.${extension}`,
      `kshop-2026-11-27.${extension}`,
      'notes.txt',
    ]);
    const today = path.join(backups, `kshop-2026-11-27.${extension}`);
    expect(await backupKindOf(today)).toBe(onPostgres ? 'postgres' : 'embedded');
    // The day has its backup: a later check that day writes nothing.
    rmSync(path.join(backups, `kshop-2026-11-25.${extension}`));
    await backUpToday(shop.database, backups, 3, quiet, now);
    expect(existsSync(today)).toBe(true);
    expect(readdirSync(backups)).toHaveLength(2);
  });
});
