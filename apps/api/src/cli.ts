import path from 'node:path';
import { ORDER_STATUSES, type OrderStatus } from '@kshop/contract';
import { type Config, ConfigError, loadConfig } from './config/env.js';
import { resolveSecret } from './config/secret.js';
import { BackupError, restoreBackup } from './db/backup.js';
import { askRunningShopForBackup } from './db/backup-requests.js';
import { type Db, databaseOptions, openDatabase } from './db/client.js';
import { holderOf } from './db/lock.js';
import { AppError } from './lib/errors.js';
import type { Mailer } from './lib/mailer.js';
import * as buyers from './modules/buyers/buyers.service.js';
import { addMemo } from './modules/orders/memos.service.js';
import { orderByNumber } from './modules/orders/order-views.js';
import { assignPersonInCharge } from './modules/orders/person-in-charge.js';
import { mailStatusChange, moveOrder, statusLabel } from './modules/orders/status-moves.js';
import * as staffRepo from './modules/staff/staff.repository.js';
import * as staff from './modules/staff/staff.service.js';
import { mailTransport, queuedMailer } from './plugins/mail.js';

const USAGE = `Staff commands:
  npm run shop -- pending                    list accounts waiting for approval
  npm run shop -- approve <email>            approve a company account
  npm run shop -- reject <email> [reason]    reject it (ends its sessions, mails the reason)
  npm run shop -- staff create <email> [--owner] [--language en|ko] [--name <name>]
        a back-office account with a one-time password (the first one is always an owner), in Korean
        unless --language en
  npm run shop -- order <orderNumber>        show an order
  npm run shop -- order <orderNumber> status <STATUS> [reason, required for CANCELLED]
        move it: PENDING, CONFIRMED, PAID, PREPARING, SHIPPED, DELIVERED, CANCELLED
  npm run shop -- order <orderNumber> assign <staffEmail>
        name the person in charge (an order is confirmed only with one)
  npm run shop -- order <orderNumber> memo '<label>/<amount>'
        add a memo, e.g. 'Shipping fee/15000' or 'Discount/-5000'
  npm run shop -- backup <file>              write a backup of the whole database (the shop may be running)
  npm run shop -- restore <file>             replace the database with a backup (stop the shop first)`;

const COMMANDS = ['pending', 'approve', 'reject', 'staff', 'order', 'backup', 'restore'] as const;
type Command = (typeof COMMANDS)[number];
const isCommand = (word: string): word is Command => (COMMANDS as readonly string[]).includes(word);

/** How long a command waits for its mails to be sent before it ends. */
const COMMAND_MAIL_WAIT_MS = 30_000;

const out = (line: string) => process.stdout.write(`${line}\n`);

async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') return out(USAGE);
  // An unknown command is told at once, before the database is opened (the embedded one takes seconds).
  if (!isCommand(command)) throw new UsageError(`Unknown command '${command}'.\n${USAGE}`);
  const config = loadConfig();
  const line = (details: object, message: string) => `${message}: ${JSON.stringify(details)}`;
  const log = {
    info: (details: object, message: string) => out(line(details, message)),
    warn: (details: object, message: string) => process.stderr.write(`${line(details, message)}\n`),
    error: (details: object, message: string) => process.stderr.write(`${line(details, message)}\n`),
  };
  if (command === 'backup') return backup(config, required(args[0], 'backup <file>'));
  if (command === 'restore') return restore(config, required(args[0], 'restore <file>'));
  const database = await openDatabase(databaseOptions(config));
  // A command's mails are queued like the shop's (decision 0035) and sent before the command ends; any the mail
  // server did not take wait in the queue for the shop's sender.
  const mailer = queuedMailer({
    db: database.db,
    transport: mailTransport(config, log),
    secret: resolveSecret(config),
    inbox: () => config.SHOP_INBOX_EMAIL,
    log,
  });
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
      case 'staff': {
        if (args[0] !== 'create')
          throw new UsageError(
            'Usage: npm run shop -- staff create <email> [--owner] [--language en|ko] [--name <name>]',
          );
        const email = required(args[1], 'staff create <email> [--owner] [--language en|ko] [--name <name>]');
        const chosen = args.includes('--language') ? args[args.indexOf('--language') + 1] : 'ko';
        if (chosen !== 'en' && chosen !== 'ko') throw new UsageError('--language is en or ko.');
        // The name staff are shown by; without one the back office shows the email until an owner names them.
        const name = args.includes('--name') ? (args[args.indexOf('--name') + 1] ?? '').trim() : '';
        if (args.includes('--name') && (name === '' || name.startsWith('--') || name.length > 100))
          throw new UsageError('--name takes a name of 1 to 100 characters.');
        const created = await staff.createStaff(
          database.db,
          { email, name, role: args.includes('--owner') ? 'OWNER' : 'STAFF', language: chosen },
          null,
        );
        out(`Created ${created.role} ${created.email}.`);
        return out(`One-time password: ${created.password}\nSign in at /admin and change it.`);
      }
      case 'order':
        return await orderCommand(database.db, mailer, args);
      default:
        // Every command of COMMANDS has its case: the compiler says so here.
        return command satisfies never;
    }
  } finally {
    await mailer.sender.stop(COMMAND_MAIL_WAIT_MS);
    mailer.close();
    await database.close();
  }
}

/**
 * PostgreSQL is dumped by pg_dump while the shop runs; the embedded database by the shop holding it, or by this
 * command when no shop is running.
 */
async function backup(config: Config, file: string) {
  const options = databaseOptions(config);
  const holder = options.driver === 'pglite' && options.dataDir ? holderOf(options.dataDir) : null;
  if (holder !== null) {
    await askRunningShopForBackup(config.dataDir, holder, file);
  } else {
    const database = await openDatabase(options);
    try {
      await database.backup(file);
    } finally {
      await database.close();
    }
  }
  out(`Backup written to ${path.resolve(file)}.`);
}

async function restore(config: Config, file: string) {
  const { keptAt } = await restoreBackup(databaseOptions(config), file);
  out(`Restored ${path.resolve(file)}.`);
  if (keptAt) out(`The database it replaced is kept in ${keptAt}; remove it when the shop runs well.`);
}

async function orderCommand(db: Db, mailer: Mailer, [orderNumber, action, ...rest]: string[]) {
  const number = required(
    orderNumber,
    'order <orderNumber> [status <STATUS> | assign <staffEmail> | memo <label/amount>]',
  );
  if (!action) {
    const order = await orderByNumber(db, number);
    out(`${order.orderNumber}  ${order.status} (${statusLabel(order.status)})  ${order.currencyCode}`);
    for (const line of order.orderDetails) {
      const option = [line.productOption.optionNameValue1, line.productOption.optionNameValue2]
        .filter(Boolean)
        .join(' / ');
      out(`  ${line.quantity} x ${line.productOption.productTitle} [${option}]  ${line.amount}`);
    }
    for (const memo of order.orderMemos) out(`  memo: ${memo.content}`);
    return out(
      `  product amount ${order.beforeDiscountProductAmount}, final amount ${order.finalPaymentAmount}`,
    );
  }
  if (action === 'status') {
    const status = required(rest[0], 'order <orderNumber> status <STATUS>').toUpperCase();
    if (!(ORDER_STATUSES as readonly string[]).includes(status)) {
      throw new UsageError(`Unknown status '${status}'. Use one of ${ORDER_STATUSES.join(', ')}.`);
    }
    // Cancelling takes a reason, the words after the status: `order <n> status CANCELLED Out of stock`.
    const reason = rest.slice(1).join(' ').trim() || null;
    if (status === 'CANCELLED' && !reason) {
      throw new UsageError('Usage: npm run shop -- order <orderNumber> status CANCELLED <reason>');
    }
    const change = await moveOrder(db, number, status as OrderStatus, null, undefined, reason);
    await mailStatusChange(mailer, change);
    return out(`Order ${number}: ${change.from} -> ${change.to}.`);
  }
  if (action === 'assign') {
    const email = required(rest[0], 'order <orderNumber> assign <staffEmail>');
    const member = await staffRepo.findStaffByEmail(db, email);
    if (!member || member.disabledAt)
      throw new UsageError(`No active staff member has the email '${email}'.`);
    await assignPersonInCharge(db, number, member.id, null);
    return out(`Order ${number}: ${member.email} is in charge.`);
  }
  if (action === 'memo') {
    const memo = await addMemo(
      db,
      number,
      required(rest.join(' '), "order <orderNumber> memo '<label>/<amount>'"),
    );
    return out(`Order ${number}: memo added; final amount ${memo.finalAmount} ${memo.currencyCode}.`);
  }
  throw new UsageError(`Unknown order action '${action}'.\n${USAGE}`);
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
      err instanceof BackupError ||
      (err instanceof Error && err.message.includes('in use'));
    process.stderr.write(`${known ? (err as Error).message : String((err as Error)?.stack ?? err)}\n`);
    process.exit(known ? 1 : 2);
  },
);
