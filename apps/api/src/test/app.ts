import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import type { Database } from '../db/client.js';
import { seedOnFirstStart } from '../db/seed/index.js';
import { freshDatabase } from './database.js';
import { type SmtpPeer, startSmtpPeer } from './smtp-peer.js';

export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO = {
  korea: 'korea@demo.kshop.example',
  global: 'global@demo.kshop.example',
  pending: 'pending@demo.kshop.example',
} as const;

export type TestShop = {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  /** Logs in through the API and returns the bearer header for later calls. */
  loginAs(email: string, password?: string): Promise<{ authorization: string }>;
  /** The SMTP server the shop mails to. */
  smtp: SmtpPeer;
  dataDir: string;
  close(): Promise<void>;
};

/** The real app on a fresh database, with the demo catalogue unless told otherwise. */
export async function createTestShop(
  options: { demoData?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<TestShop> {
  const database = await freshDatabase();
  await seedOnFirstStart(database.db, { demoData: options.demoData ?? true });
  const smtp = await startSmtpPeer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kshop-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    RATE_LIMIT: 'false',
    // Sales are folded when a test asks (`foldedProduct`), never between a test's two looks at the data.
    SALES_FOLD_MS: '0',
    SECRET_KEY: 'test-secret-test-secret-test-secret-0123',
    ...options.env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    smtp,
    dataDir,
    async loginAs(email, password = DEMO_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`login as ${email} failed: ${res.body}`);
      return { authorization: `Bearer ${res.json().data.accessToken}` };
    },
    async close() {
      await app.close();
      await database.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second instance of the shop on the test shop's database, as a second server behind the load balancer
 * would be: its own caches, its own listening connection. Only PostgreSQL has several processes; the caller
 * closes it.
 */
export async function secondInstance(shop: TestShop): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    RATE_LIMIT: 'false',
    SECRET_KEY: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: shop.dataDir,
  });
  const other = await buildApp({ config, database: shop.database, logger: false });
  await other.ready();
  return other;
}

export const body = (res: LightMyRequestResponse) =>
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever data an answer carries
  res.json() as { statusCode: number; message: string; data: any };
