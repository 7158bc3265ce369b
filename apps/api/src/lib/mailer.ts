import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { maskEmails } from './log.js';

export type Mail = { to: string; subject: string; text: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Sends through the SMTP server of SMTP_URL (nodemailer is loaded on first use), over kept connections
 * (nodemailer's pool: up to 5, each for up to 100 mails): a mail reuses an open one instead of connecting and
 * greeting the server again, two mails per order. Settings in the URL (`?pool=false`, `maxConnections=…`)
 * take precedence.
 */
export function smtpMailer(url: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  const connect = () => {
    transport ??= import('nodemailer').then((m) =>
      // A server that does not answer fails the mail within these times (it is tried again later) rather than
      // holding the sender for nodemailer's default two minutes.
      m.default.createTransport({
        url,
        pool: true,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    );
    return transport;
  };
  return {
    async send(mail) {
      await (await connect()).sendMail({ from, ...mail });
    },
    close: () => void transport?.then((t) => t.close()),
  };
}

/**
 * Without SMTP, each mail is written as a text file to the outbox folder, so a newcomer running the shop
 * locally can read a verification code. The log names the file, never its content.
 */
export function outboxMailer(
  dir: string,
  from: string,
  log: { info(details: object, message: string): void },
): Mailer {
  // The folder is made once; should someone remove it while the shop runs, the next mail makes it again.
  let folder: Promise<unknown> | undefined;
  return {
    async send(mail) {
      folder ??= mkdir(dir, { recursive: true }).catch((err) => {
        folder = undefined;
        throw err;
      });
      await folder;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(3).toString('hex')}.txt`);
      const content = `From: ${from}\nTo: ${mail.to}\nSubject: ${mail.subject}\nDate: ${new Date().toUTCString()}\n\n${mail.text}\n`;
      await writeFile(file, content, { mode: 0o600 }).catch(async (err) => {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await mkdir(dir, { recursive: true });
        await writeFile(file, content, { mode: 0o600 });
      });
      // Subjects carry what a guest typed ("Inquiry from <company>"), which may be an address.
      log.info({ file, subject: maskEmails(mail.subject) }, 'mail written to the outbox');
    },
    close() {},
  };
}
