import path from 'node:path';
import { ConfigError, loadConfig } from './config/env.js';
import { databaseOptions, openDatabase } from './db/client.js';
import { AppError } from './lib/errors.js';
import { outboxMailer, smtpMailer } from './lib/mailer.js';
import * as buyers from './modules/buyers/buyers.service.js';

const USAGE = `Staff commands:
  npm run shop -- pending                    list accounts waiting for approval
  npm run shop -- approve <email>            approve a company account
  npm run shop -- reject <email> [reason]    reject it (ends its sessions, mails the reason)`;

const out = (line: string) => process.stdout.write(`${line}\n`);

async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') return out(USAGE);
  const config = loadConfig();
  const log = { info: (details: object, message: string) => out(`${message}: ${JSON.stringify(details)}`) };
  const mailer = config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : outboxMailer(path.join(config.dataDir, 'outbox'), config.MAIL_FROM, log);
  const database = await openDatabase(databaseOptions(config));
  try {
    switch (command) {
      case 'pending': {
        const rows = await buyers.listPending(database.db);
        if (rows.length === 0) return out('No accounts are waiting for approval.');
        for (const r of rows) {
          out(
            `${r.createdAt.toISOString().slice(0, 16)}  ${r.email.padEnd(36)} ${r.companyName} (${r.businessRegistrationNumber}, ${r.isKoreanCompany ? 'Korea' : 'Global'})`,
          );
        }
        return;
      }
      case 'approve': {
        const email = required(args[0], 'approve <email>');
        const buyer = await buyers.approve(database.db, mailer, email);
        return out(`Approved ${buyer.email} (${buyer.companyName}).`);
      }
      case 'reject': {
        const email = required(args[0], 'reject <email> [reason]');
        const buyer = await buyers.reject(database.db, mailer, email, args.slice(1).join(' '));
        return out(`Rejected ${buyer.email} (${buyer.companyName}).`);
      }
      default:
        throw new UsageError(`Unknown command '${command}'.\n${USAGE}`);
    }
  } finally {
    mailer.close();
    await database.close();
  }
}

class UsageError extends Error {}

function required(value: string | undefined, usage: string): string {
  if (!value) throw new UsageError(`Usage: npm run shop -- ${usage}`);
  return value;
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    const known =
      err instanceof AppError ||
      err instanceof UsageError ||
      err instanceof ConfigError ||
      (err instanceof Error && err.message.includes('in use'));
    process.stderr.write(`${known ? (err as Error).message : String((err as Error)?.stack ?? err)}\n`);
    process.exit(known ? 1 : 2);
  },
);
