import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@kshop/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { body, DEMO, DEMO_PASSWORD } from '../test/app.js';
import { brokenStock, stockOf } from '../test/races.js';
import { type Database, openDatabase } from './client.js';
import { orders, productOptions } from './schema.js';
import { seedOnFirstStart } from './seed/index.js';

// The embedded database's directory on a small file system of its own (a tmpfs), filled to the last byte: where
// the machine lets a test mount one (root on Linux), as CI's does. PostgreSQL's own disk is the server's, not the
// test's to fill; it answers the same 53100 disk_full, which the unit test of isDiskFull covers.
const mountPoint = mkdtempSync(path.join(tmpdir(), 'kshop-full-disk-'));
const canMount = (() => {
  if (process.env.TEST_DATABASE_URL || process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=128m', 'tmpfs', mountPoint]);
    return true;
  } catch {
    return false;
  }
})();

let database: Database;
let app: FastifyInstance;
const ballast = path.join(mountPoint, 'ballast');
beforeAll(async () => {
  if (!canMount) return;
  database = await openDatabase({
    driver: 'pglite',
    dataDir: path.join(mountPoint, 'db'),
    startFrom: inject('embeddedTemplate'),
  });
  await seedOnFirstStart(database.db, { demoData: true });
  const dataDir = path.join(mountPoint, 'data');
  mkdirSync(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT: 'false',
    SALES_FOLD_MS: '0',
    // Mails wait in the queue: no SMTP peer is needed to see what the full disk does to orders.
    MAIL_POLL_MS: '0',
    SECRET_KEY: 'test-secret-test-secret-test-secret-0123',
  });
  app = await buildApp({ config, database, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  if (canMount) execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Takes every free byte of the file system. */
function fillTheDisk() {
  const fd = openSync(ballast, 'w');
  const chunk = Buffer.alloc(1024 * 1024, 1);
  try {
    for (;;) {
      const { bavail, bsize } = statfsSync(mountPoint);
      const free = bavail * bsize;
      if (free === 0) break;
      writeSync(fd, chunk, 0, Math.min(chunk.length, free));
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
}

describe('the embedded database on a full disk', () => {
  it.runIf(canMount)(
    'refuses orders with 503 and a clear message, keeps what it had, and takes orders again once there is room',
    async () => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: DEMO.korea, password: DEMO_PASSWORD },
      });
      const auth = { authorization: `Bearer ${login.json().data.accessToken}` };
      const [option] = await database.db.select().from(productOptions).limit(1);
      await database.db
        .update(productOptions)
        .set({ stock: 100_000, holdStock: 0, isSoldOut: false, minimumOrderQuantity: 1 })
        .where(inArray(productOptions.id, [option!.id]));
      const payload = {
        currencyCode: 'KRW',
        finalPaymentAmount: option!.priceKrw,
        receiverInfo: {
          companyName: 'Hanbit Records',
          companyEmail: 'orders@hanbit.example',
          receiverName: 'Kim Minji',
          postalCode: '06234',
          addressDetail: '12 Teheran-ro',
          phoneNumber: '+82 10-1234-5678',
        },
        productOptionList: [{ productOptionUuid: option!.id, quantity: 1 }],
      };
      const order = () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/order',
          headers: { ...auth, 'idempotency-key': randomUUID() },
          payload,
        });

      fillTheDisk();
      // Orders fill the pages the tables have; the first that needs a new page finds no room.
      const acknowledged: string[] = [];
      let refused: Awaited<ReturnType<typeof order>> | undefined;
      for (let attempt = 0; attempt < 2_000 && !refused; attempt++) {
        const res = await order();
        if (res.statusCode === 200) acknowledged.push(body(res).data.orderNumber);
        else refused = res;
      }
      expect(refused && body(refused)).toEqual({
        statusCode: 503,
        message: messages.http.storageFull,
        data: null,
      });
      // Still refused while the disk stays full; the catalogue still reads.
      expect((await order()).statusCode).toBe(503);
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/product/list?categoryId=0' })).statusCode,
      ).toBeLessThan(500);

      rmSync(ballast);
      const after = await order();
      expect(after.statusCode).toBe(200);
      acknowledged.push(body(after).data.orderNumber);
      // Every order answered 200 is there, once; stock holds exactly what the orders hold.
      const stored = await database.db
        .select({ n: orders.orderNumber })
        .from(orders)
        .where(inArray(orders.orderNumber, acknowledged));
      expect(stored).toHaveLength(acknowledged.length);
      expect(brokenStock(await stockOf({ db: database.db } as never, [option!.productId]))).toEqual([]);
    },
  );
});
