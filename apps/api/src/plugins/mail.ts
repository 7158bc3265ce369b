import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.js';
import { type Mailer, outboxMailer, smtpMailer } from '../lib/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async function mail(app: FastifyInstance, opts: { config: Config; mailer?: Mailer }) {
    const { config } = opts;
    const mailer = opts.mailer
      ? opts.mailer
      : config.SMTP_URL
        ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
        : outboxMailer(path.join(config.dataDir, 'outbox'), config.MAIL_FROM, app.log);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
