import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config/env.js';
import { answerBackupRequests } from './db/backup-requests.js';
import { type Database, databaseOptions, openDatabase } from './db/client.js';
import { startDailyBackups } from './db/daily-backups.js';
import { findDemoAccounts, seedOnFirstStart } from './db/seed/index.js';
import { purgeUnreferenced } from './modules/files/files.service.js';
import { deleteExpiredKeys } from './modules/idempotency/idempotency.js';
import { deleteFinishedJobs } from './modules/jobs/jobs.service.js';

const FINISHED_JOBS_KEPT_DAYS = 30;

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const defaultAdminDist = fileURLToPath(new URL('../../admin/dist', import.meta.url));

async function main() {
  const config = loadConfig();
  const database: Database = await openDatabase(databaseOptions(config));
  const seed = await seedOnFirstStart(database.db, { demoData: config.DEMO_DATA, reportAccounts: false });
  const app = await buildApp({
    config,
    database,
    webDistDir: config.WEB_DIST_DIR ?? defaultWebDist,
    adminDistDir: config.ADMIN_DIST_DIR ?? defaultAdminDist,
  });

  // Uploads nobody referenced within a day, idempotency keys past their day and background jobs finished
  // a month ago (with the files they imported) are removed; checked hourly and once shortly after start.
  const purge = () =>
    purgeUnreferenced(database.db, app.storage)
      .then((removed) => removed > 0 && app.log.info({ removed }, 'removed unreferenced uploads'))
      .catch((err) => app.log.error({ err }, 'could not remove unreferenced uploads'))
      .then(() => deleteExpiredKeys(database.db))
      .catch((err) => app.log.error({ err }, 'could not remove expired idempotency keys'))
      .then(() => deleteFinishedJobs(database.db, FINISHED_JOBS_KEPT_DAYS))
      .catch((err) => app.log.error({ err }, 'could not remove finished jobs'));
  const purgeTimers = [setTimeout(purge, 60_000), setInterval(purge, 3_600_000)];
  for (const timer of purgeTimers) timer.unref();

  const stopBackups = [
    config.BACKUP_DAYS > 0
      ? startDailyBackups(database, path.join(config.dataDir, 'backups'), config.BACKUP_DAYS, app.log)
      : () => {},
    // The staff command's `backup` asks the shop holding the embedded database to write it.
    database.driver === 'pglite' ? answerBackupRequests(database, config.dataDir, app.log) : () => {},
  ];

  const httpServer = app.server;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error({ afterMs: Date.now() - started }, 'requests still running at the shutdown timeout');
      httpServer.closeAllConnections();
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    for (const timer of purgeTimers) clearTimeout(timer);
    for (const stop of stopBackups) stop();
    // Node closes the connections idle at close time; a kept-alive connection whose last request finishes
    // later would otherwise stay open until the keep-alive timeout. Closed as soon as they go idle instead.
    const reaper = setInterval(() => httpServer.closeIdleConnections(), 50);
    try {
      await app.close();
      clearInterval(reaper);
      await database.close();
      app.log.info({ afterMs: Date.now() - started }, 'shut down');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://localhost:${config.PORT}`;
  app.log.info({ url, database: database.driver, seeded: seed.seeded }, 'shop listening');
  if (!app.shopAddress.configured) {
    app.log.warn(
      { linksTo: app.shopAddress.current() },
      'PUBLIC_URL is not set: links in mails use the address staff last reached the back office at, until then this one; set PUBLIC_URL to the address buyers use',
    );
  }
  // Checked after listening, so the password checks do not delay the first page.
  const accounts = seed.seeded || !config.DEMO_DATA ? seed.accounts : await findDemoAccounts(database.db);
  const logins = accounts.map((a) => `  ${a.email.padEnd(30)} ${a.password}  (${a.status}, ${a.currency})\n`);
  // The staff command opens the database itself: the embedded one only while the shop is not holding it.
  const whenStopped = database.driver === 'pglite' ? '   (with the shop stopped)' : '';
  process.stdout.write(
    `\nK-Shop is open at ${url}\n` +
      (logins.length > 0 ? `Demo buyer logins:\n${logins.join('')}` : '') +
      `Back office: ${url}/admin; create its first account with\n` +
      `  npm run shop -- staff create you@example.com${whenStopped}\n\n`,
  );
}

main().catch((err) => {
  process.stderr.write(
    `The shop could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
