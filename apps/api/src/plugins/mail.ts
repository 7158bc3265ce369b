import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.js';
import type { Executor } from '../db/client.js';
import { type Mail, type Mailer, outboxMailer, smtpMailer } from '../lib/mailer.js';
import { type Sealer, sealer } from '../lib/seal.js';
import { createMailSender, type MailSender, queueMail } from '../modules/mail/mail-queue.js';

/** The shop's mailer: `send` queues the mail (decision 0035) and asks this instance's sender to send it soon. */
export type QueuedMailer = Mailer & {
  /** Queues several mails in one statement. */
  sendAll(mails: Mail[]): Promise<void>;
  /** This instance's sender: `sender.wake()` after a statement that queued mails itself (an order's). */
  sender: MailSender;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: QueuedMailer;
  }
}

/** Where mails leave the shop: the SMTP server of SMTP_URL, else the outbox folder of DATA_DIR. */
export function mailTransport(config: Config, log: Parameters<typeof outboxMailer>[2]): Mailer {
  return config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : outboxMailer(path.join(config.dataDir, 'outbox'), config.MAIL_FROM, log);
}

/** The sealer of queued mails' texts, keyed from the shop's secret. */
export const mailSealer = (secret: string): Sealer => sealer(secret, 'mail-queue');

/** A mailer on the queue of `db`, with its sender. */
export function queuedMailer(o: {
  db: Executor;
  transport: Mailer;
  secret: string;
  inbox: () => string;
  log: Parameters<typeof createMailSender>[0]['log'];
}): QueuedMailer {
  const seal = mailSealer(o.secret);
  const sender = createMailSender({
    db: o.db,
    transport: o.transport,
    sealer: seal,
    inbox: o.inbox,
    log: o.log,
  });
  return {
    async send(mail) {
      await queueMail(o.db, seal, [mail]);
      sender.wake();
    },
    async sendAll(mails) {
      await queueMail(o.db, seal, mails);
      sender.wake();
    },
    sender,
    close: () => o.transport.close(),
  };
}

export default fp(
  async function mail(app: FastifyInstance, opts: { config: Config; transport?: Mailer }) {
    const { config } = opts;
    const log = app.log.child({ module: 'mail' });
    const mailer = queuedMailer({
      db: app.db,
      transport: opts.transport ?? mailTransport(config, log),
      secret: app.secret,
      inbox: () => config.SHOP_INBOX_EMAIL,
      log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onReady', async () => mailer.sender.start(config.MAIL_POLL_MS));
    app.addHook('onClose', async () => {
      await mailer.sender.stop();
      mailer.close();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
