import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { mailQueue } from '../../db/schema.js';
import type { Mail, Mailer } from '../../lib/mailer.js';
import { mailSealer } from '../../plugins/mail.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { createMailSender, MAIL_BATCH, MAIL_MAX_ATTEMPTS, queueMail, retryDelayMs } from './mail-queue.js';

// The shop's own sender looks for mails only when woken here (MAIL_POLL_MS=0), so mails this file queues
// straight into the table wait for the senders the tests make.
let shop: TestShop;
let korea: Auth;
beforeAll(async () => {
  shop = await createTestShop({ env: { MAIL_POLL_MS: '0' } });
  korea = await shop.loginAs(DEMO.korea);
});
afterAll(() => shop?.close());

const queued = async () => (await shop.db.select({ n: count() }).from(mailQueue))[0]!.n;
const clearQueue = () => shop.db.delete(mailQueue);
const sealer = () => mailSealer(shop.app.secret);
const quietLog = { warn() {}, error() {} };

/** A transport that records what it was given and fails the mails `fail` says to. */
function recordingTransport(fail: (mail: Mail) => unknown = () => undefined) {
  const sent: Mail[] = [];
  const transport: Mailer = {
    async send(mail) {
      const err = fail(mail);
      if (err) throw err;
      sent.push(mail);
    },
    close() {},
  };
  return { sent, transport };
}

const senderWith = (transport: Mailer) =>
  createMailSender({
    db: shop.db,
    transport,
    sealer: sealer(),
    inbox: () => 'inbox@test.example',
    log: quietLog,
  });

describe('an order queues its two mails in its own statement', () => {
  it("the buyer's receipt and the shop's notice arrive, written from the order, and leave the queue", async () => {
    const option = await stockedOption(shop, 20);
    const res = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 2 }]),
    );
    expect(res.statusCode).toBe(200);
    const { orderNumber } = body(res).data as { orderNumber: string };
    const receipt = await shop.smtp.waitFor((m) => m.subject === `Order ${orderNumber} received`);
    expect(receipt.to).toEqual([DEMO.korea]);
    expect(receipt.raw).toContain(`Thank you for your order ${orderNumber} (`);
    const notice = await shop.smtp.waitFor((m) => m.subject === `New order ${orderNumber}`);
    expect(notice.to).toEqual([shop.app.config.SHOP_INBOX_EMAIL]);
    await shop.app.mailer.sender.drain();
    expect(await queued()).toBe(0);
  });

  it('a refused order queues nothing, and a repeated key queues nothing more', async () => {
    await shop.app.mailer.sender.drain();
    const option = await stockedOption(shop, 5);
    const refused = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 6 }]),
    );
    expect(refused.statusCode).toBe(409);
    expect(await queued()).toBe(0);

    // The shop's sender must not empty the queue while this test counts it.
    await shop.app.mailer.sender.stop(0);
    try {
      const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]);
      const keyed = { ...korea, 'idempotency-key': 'mail-queue-once' };
      const first = await shop.app.inject({ method: 'POST', url: '/api/v1/order', headers: keyed, payload });
      expect(first.statusCode).toBe(200);
      // One row stands for the order's two mails.
      expect(await queued()).toBe(1);
      const again = await shop.app.inject({ method: 'POST', url: '/api/v1/order', headers: keyed, payload });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await queued()).toBe(1);
    } finally {
      // A stopped sender stays stopped; this one sends the two and empties the queue for the next tests.
      const { sent, transport } = recordingTransport();
      await senderWith(transport).drain();
      expect(sent.map((m) => m.subject.split(' ')[0]).sort()).toEqual(['New', 'Order']);
      expect(await queued()).toBe(0);
    }
  });

  it("an order's receipt that went while its notice did not is not sent again with it", async () => {
    await clearQueue();
    const option = await stockedOption(shop, 5);
    await shop.app.mailer.sender.stop(0);
    const res = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
    );
    const { orderNumber } = body(res).data as { orderNumber: string };
    const noInbox = recordingTransport((mail) =>
      mail.subject.startsWith('New order') ? new Error('timeout') : undefined,
    );
    await senderWith(noInbox.transport).drain();
    expect(noInbox.sent.map((m) => m.subject)).toEqual([`Order ${orderNumber} received`]);
    const [left] = await shop.db.select().from(mailQueue);
    expect(left!.kind).toBe('new_order');

    await shop.db.update(mailQueue).set({ sendAfter: sql`now()` });
    const up = recordingTransport();
    await senderWith(up.transport).drain();
    expect(up.sent.map((m) => m.subject)).toEqual([`New order ${orderNumber}`]);
    expect(await queued()).toBe(0);
  });
});

describe('queued mails are durable', () => {
  it('a queued text is sealed in the table, and the sender opens it', async () => {
    await clearQueue();
    await queueMail(shop.db, sealer(), [
      {
        to: 'someone@test.example',
        subject: 'Your code',
        text: 'Your verification code is 424242.',
      },
    ]);
    const [row] = await shop.db.select().from(mailQueue);
    expect(row!.sealedText).not.toContain('424242');
    expect(row!.sealedText).toMatch(/^v1\./);
    const { sent, transport } = recordingTransport();
    await senderWith(transport).drain();
    expect(sent).toEqual([
      { to: 'someone@test.example', subject: 'Your code', text: 'Your verification code is 424242.' },
    ]);
    expect(await queued()).toBe(0);
  });

  it('a mail the server cannot take now stays queued with a back-off, and goes when it is due', async () => {
    await clearQueue();
    await queueMail(shop.db, sealer(), [{ to: 'a@test.example', subject: 'Later', text: 'x' }]);
    const down = recordingTransport(() =>
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }),
    );
    await senderWith(down.transport).drain();
    const [kept] = await queryRows<{ attempts: number; wait: number }>(
      shop.db,
      sql`select attempts, extract(epoch from send_after - now()) * 1000 as wait from mail_queue`,
    );
    expect(kept!.attempts).toBe(1);
    expect(Number(kept!.wait)).toBeGreaterThan(retryDelayMs(1) - 2_000);
    expect(Number(kept!.wait)).toBeLessThanOrEqual(retryDelayMs(1));

    // Not due yet: a working sender leaves it.
    const up = recordingTransport();
    await senderWith(up.transport).drain();
    expect(up.sent).toHaveLength(0);

    await shop.db.update(mailQueue).set({ sendAfter: sql`now()` });
    await senderWith(up.transport).drain();
    expect(up.sent.map((m) => m.subject)).toEqual(['Later']);
    expect(await queued()).toBe(0);
  });

  it('a mail refused for good (5xx), sealed under another secret, or past its last try is given up and logged', async () => {
    await clearQueue();
    await queueMail(shop.db, sealer(), [{ to: 'nobody@test.example', subject: 'Refused', text: 'x' }]);
    await queueMail(shop.db, sealer(), [{ to: 'b@test.example', subject: 'Last try', text: 'x' }]);
    await queueMail(shop.db, mailSealer('another shop secret, another shop secret'), [
      {
        to: 'c@test.example',
        subject: 'Sealed elsewhere',
        text: 'x',
      },
    ]);
    await shop.db
      .update(mailQueue)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .where(eq(mailQueue.subject, 'Last try'));
    const errors: object[] = [];
    const { transport } = recordingTransport((mail) =>
      mail.subject === 'Refused'
        ? Object.assign(new Error('550 no such mailbox'), { responseCode: 550 })
        : new Error('timeout'),
    );
    await createMailSender({
      db: shop.db,
      transport,
      sealer: sealer(),
      inbox: () => 'inbox@test.example',
      log: { warn() {}, error: (details) => errors.push(details) },
    }).drain();
    expect(errors).toHaveLength(3);
    expect(errors.map((e) => (e as { subject: string }).subject).sort()).toEqual([
      'Last try',
      'Refused',
      'Sealed elsewhere',
    ]);
    expect(JSON.stringify(errors)).not.toContain('@test.example');
    expect(await queued()).toBe(0);
  });

  it('a mail leased by a sender that died goes out once its lease ran out', async () => {
    await clearQueue();
    await queueMail(shop.db, sealer(), [{ to: 'c@test.example', subject: 'Leased', text: 'x' }]);
    // A claim as a sender makes it, and no sender after it: the process died while sending.
    await shop.db.update(mailQueue).set({ attempts: 1, sendAfter: sql`now() + interval '1 minute'` });
    const { sent, transport } = recordingTransport();
    await senderWith(transport).drain();
    expect(sent).toHaveLength(0);
    await shop.db.update(mailQueue).set({ sendAfter: sql`now() - interval '1 second'` });
    await senderWith(transport).drain();
    expect(sent.map((m) => m.subject)).toEqual(['Leased']);
  });

  it('three senders draining at once send each of 3 batches of mails once', async () => {
    await clearQueue();
    const total = MAIL_BATCH * 3;
    await shop.db.insert(mailQueue).values(
      Array.from({ length: total }, (_, i) => ({
        kind: 'message',
        recipient: `r${i}@test.example`,
        subject: `Mail ${i}`,
        sealedText: sealer().seal(`text ${i}`),
      })),
    );
    const { sent, transport } = recordingTransport();
    // Slow sends keep the batches in flight together.
    const slow: Mailer = {
      send: async (mail) => {
        await new Promise((r) => setTimeout(r, 5));
        await transport.send(mail);
      },
      close() {},
    };
    await Promise.all([senderWith(slow).drain(), senderWith(slow).drain(), senderWith(slow).drain()]);
    expect(sent).toHaveLength(total);
    expect(new Set(sent.map((m) => m.subject)).size).toBe(total);
    expect(await queued()).toBe(0);
  });

  it('messages to one address go in the order they were queued; other addresses do not wait for them', async () => {
    await clearQueue();
    for (let i = 1; i <= 4; i++) {
      await queueMail(shop.db, sealer(), [{ to: 'same@test.example', subject: `Code ${i}`, text: 'x' }]);
      await queueMail(shop.db, sealer(), [
        { to: `other${i}@test.example`, subject: `Other ${i}`, text: 'x' },
      ]);
    }
    const { sent, transport } = recordingTransport();
    // The first mails take longest: sent all at once, they would arrive last.
    let delay = 40;
    const uneven: Mailer = {
      send: async (mail) => {
        delay = Math.max(delay - 5, 0);
        await new Promise((r) => setTimeout(r, delay));
        await transport.send(mail);
      },
      close() {},
    };
    await senderWith(uneven).drain();
    expect(sent.filter((m) => m.to === 'same@test.example').map((m) => m.subject)).toEqual([
      'Code 1',
      'Code 2',
      'Code 3',
      'Code 4',
    ]);
    expect(sent).toHaveLength(8);
    // The other addresses went beside the first code, not after the fourth.
    expect(sent.findIndex((m) => m.subject === 'Other 4')).toBeLessThan(
      sent.findIndex((m) => m.subject === 'Code 4'),
    );
  });

  it('a mail row must be a message with its text, or name an order', async () => {
    await expect(
      shop.db.insert(mailQueue).values({ kind: 'message', recipient: 'x@test.example' }),
    ).rejects.toThrow();
    await expect(shop.db.insert(mailQueue).values({ kind: 'order_placed' })).rejects.toThrow();
  });
});
