import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from './db/client.js';
import { buyers, staff } from './db/schema.js';
import { seedOnFirstStart } from './db/seed/index.js';
import { freshDatabase } from './test/database.js';
import { shopCommand } from './test/shop-command.js';

/** Runs the staff command as a separate process, the way staff run it. */
const shop = shopCommand;

const PENDING = 'pending@demo.kshop.example';

describe('staff command', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kshop-cli-'));
  let env: NodeJS.ProcessEnv;
  let database: (Database & { url?: string }) | undefined;

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) {
      database = await freshDatabase();
      await seedOnFirstStart(database.db, { demoData: true });
      env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    } else {
      // Loaded from the template the global setup migrated once, instead of migrating a new directory.
      const embedded = await openDatabase({
        driver: 'pglite',
        dataDir: path.join(dataDir, 'db'),
        startFrom: inject('embeddedTemplate'),
      });
      await seedOnFirstStart(embedded.db, { demoData: true });
      await embedded.close();
      env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    }
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function statusOf(email: string) {
    const db = database ?? (await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') }));
    try {
      const [row] = await db.db.select({ status: buyers.status }).from(buyers).where(eq(buyers.email, email));
      return row?.status;
    } finally {
      if (!database) await db.close();
    }
  }

  it('lists the accounts waiting, approves one and mails it', async () => {
    const pending = await shop(env, 'pending');
    expect(pending.code).toBe(0);
    expect(pending.stdout).toContain(PENDING);

    const approved = await shop(env, 'approve', PENDING);
    expect(approved.stdout).toContain(`Approved ${PENDING}`);
    expect(await statusOf(PENDING)).toBe('APPROVED');
    const outbox = path.join(dataDir, 'outbox');
    const mails = readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8'));
    expect(mails.some((m) => m.includes(`To: ${PENDING}`) && m.includes('approved'))).toBe(true);

    expect((await shop(env, 'pending')).stdout).toContain('No accounts are waiting for approval.');
  });

  it('rejects with a reason and explains mistakes clearly', async () => {
    const rejected = await shop(env, 'reject', PENDING, 'certificate', 'unreadable');
    expect(rejected.code).toBe(0);
    expect(await statusOf(PENDING)).toBe('REJECTED');

    const unknown = await shop(env, 'approve', 'nobody@demo.kshop.example');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account with the email nobody@demo.kshop.example.');
    const wrong = await shop(env, 'promote');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("Unknown command 'promote'");
  });

  it('creates a staff account with the name staff are shown by, and refuses a name that is not one', async () => {
    const created = await shop(env, 'staff', 'create', 'named@kshop.example', '--name', 'Kim Jiwoo');
    expect(created.code, created.stderr).toBe(0);
    // The first account of a shop is its owner.
    expect(created.stdout).toMatch(/Created (OWNER|STAFF) named@kshop.example./);
    const db = database ?? (await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') }));
    try {
      const [row] = await db.db
        .select({ name: staff.name })
        .from(staff)
        .where(eq(staff.email, 'named@kshop.example'));
      expect(row?.name).toBe('Kim Jiwoo');
    } finally {
      if (!database) await db.close();
    }
    const bad = await shop(env, 'staff', 'create', 'unnamed@kshop.example', '--name', '--owner');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--name takes a name of 1 to 100 characters.');
  });

  it('says so when the running shop holds the embedded database', async () => {
    const embeddedDir = mkdtempSync(path.join(tmpdir(), 'kshop-cli-held-'));
    const held = await openDatabase({
      driver: 'pglite',
      dataDir: path.join(embeddedDir, 'db'),
      startFrom: inject('embeddedTemplate'),
    });
    try {
      const res = await shop({ DATA_DIR: embeddedDir, DATABASE_URL: '' }, 'pending');
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/in use by another process \(pid \d+\), probably the running shop/);
    } finally {
      await held.close();
      rmSync(embeddedDir, { recursive: true, force: true });
    }
  });
});
