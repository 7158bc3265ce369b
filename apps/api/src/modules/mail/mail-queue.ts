import { type CurrencyCode, formatPrice, fromMinorUnits } from '@kshop/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { mailQueue } from '../../db/schema.js';
import type { Mail, Mailer } from '../../lib/mailer.js';
import type { Sealer } from '../../lib/seal.js';
import { preorderLinesJson } from '../orders/orders.repository.js';
import { buyerMails, type PreorderLine } from './mail-texts.js';

/**
 * The shop's mails as durable work (decision 0035). An order's statement queues the order's mails itself; other
 * code queues a mail through `app.mailer.send` once its change committed, before it answers. Each instance's
 * sender claims queued mails in batches, sends them through the transport (SMTP or the outbox folder) and
 * deletes them once sent. A mail survives a restart of the shop and a mail server that is down; it can go out
 * twice only if the shop stops between the server taking it and its row being deleted.
 */

/**
 * `order_placed` stands for an order's two mails (one row per order keeps the order's statement small);
 * `order_received` (the buyer's receipt) or `new_order` (the shop's notice) for the one left when the other went.
 */
type OrderMailKind = 'order_received' | 'new_order';
type Kind = 'message' | 'order_placed' | OrderMailKind;

/** What an order's two mails say, read when they are sent. */
type OrderToTell = {
  orderNumber: string;
  finalAmount: number;
  currency: CurrencyCode;
  companyName: string;
  receiverEmail: string;
  buyerEmail: string | null;
  buyerLanguage: string | null;
  takenById: string | null;
  takenByName: string | null;
  takenByEmail: string | null;
  /** The buyer's own purchase-order number (issue 35), or null. */
  poReference: string | null;
  /** The order's pre-order lines (issue 34), with their products' release and planned ship dates. */
  preorders: PreorderLine[];
};

type QueuedRow = {
  id: number;
  kind: Kind;
  recipient: string | null;
  subject: string | null;
  sealedText: string | null;
  attempts: number;
  /** The order an order's mail names, as it is now; null for a message, or an order removed since. */
  order: OrderToTell | null;
};

/** Claims lease a mail for this long: a sender that died holding it leaves it to another after that. */
export const MAIL_LEASE_MS = 60_000;
/**
 * Mails claimed at once. Under a rush of orders the sender's statements (a claim and a delete a batch) wait in
 * the database pool behind the orders' own, so a batch must be large for the sender to keep up at all.
 */
export const MAIL_BATCH = 200;
/** Tries before a mail the server keeps refusing for a passing reason is given up (about eleven hours). */
export const MAIL_MAX_ATTEMPTS = 12;
/** The wait after a failed try: 10 s, doubling, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(10_000 * 2 ** (attempts - 1), 3_600_000);

/** Queues mails in one statement; they are sent after the transaction of `db` commits, not if it rolls back. */
export async function queueMail(db: Executor, sealer: Sealer, mails: Mail[]) {
  if (mails.length === 0) return;
  await db.insert(mailQueue).values(
    mails.map((mail) => ({
      kind: 'message',
      recipient: mail.to,
      subject: mail.subject,
      sealedText: sealer.seal(mail.text),
    })),
  );
}

/**
 * Takes up to `limit` mails that are due, oldest first, and leases them to this sender (their next try moves
 * `MAIL_LEASE_MS` on), with the order that an order's mail names: one statement, since under a rush of orders
 * every statement of the sender waits in the pool behind theirs. `skip locked`: senders of two instances never
 * wait for each other or take the same mail. The queue is the last thing any transaction locks (decision
 * 0010), and this statement locks nothing else. Returned in the order the mails were queued.
 */
export async function claimMails(db: Executor, limit: number): Promise<QueuedRow[]> {
  const result = await db.execute(sql`
    with claimed as (
      update mail_queue m set attempts = m.attempts + 1,
        send_after = now() + ${MAIL_LEASE_MS} * interval '1 millisecond'
      where m.id in (
        select id from mail_queue where send_after <= now() order by id limit ${limit}
        for update skip locked)
      returning m.id, m.kind, m.order_id, m.recipient, m.subject, m.sealed_text, m.attempts
    )
    select c.id, c.kind, c.recipient, c.subject, c.sealed_text as "sealedText", c.attempts,
      case when o.id is null then null else json_build_object('orderNumber', o.order_number,
        'finalAmount', o.final_amount, 'currency', o.currency_code, 'companyName', o.receiver_company_name,
        'receiverEmail', o.receiver_email, 'buyerEmail', b.email, 'buyerLanguage', b.language, 'takenById', o.taken_by_staff_id,
        'takenByName', s.name, 'takenByEmail', s.email, 'poReference', o.po_reference,
        'preorders', ${preorderLinesJson(sql`o.id`)}) end as "order"
    from claimed c
    left join orders o on o.id = c.order_id
    left join buyers b on b.id = o.buyer_id
    left join staff s on s.id = o.taken_by_staff_id
    order by c.id`);
  return (result as unknown as { rows: QueuedRow[] }).rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The buyer's receipt and the shop's notice of a new order, storefront or taken by staff. */
function orderMail(kind: OrderMailKind, order: OrderToTell, inbox: string): Mail {
  const total = formatPrice(fromMinorUnits(order.finalAmount, order.currency), order.currency);
  if (kind === 'order_received')
    return {
      to: order.buyerEmail ?? order.receiverEmail,
      ...buyerMails(order.buyerLanguage).orderReceived(
        order.orderNumber,
        total,
        order.preorders ?? [],
        order.poReference,
      ),
    };
  const takenBy = order.takenById ? order.takenByName || order.takenByEmail || 'staff' : undefined;
  return {
    to: inbox,
    subject: `New order ${order.orderNumber}`,
    text:
      `Order ${order.orderNumber} (${total}) from ${order.companyName}${takenBy ? `, taken by ${takenBy},` : ''} waits for a person in charge.` +
      (order.poReference ? `\nThe buyer's PO number: ${order.poReference}` : ''),
  };
}

/**
 * A failure for good, not worth trying again: the mail server's 5xx reply (no such mailbox, refused), or a text
 * that cannot be opened.
 */
const isPermanent = (err: unknown) => {
  const { responseCode, permanent } = err as { responseCode?: unknown; permanent?: unknown };
  return (
    permanent === true || (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600)
  );
};

type Log = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type MailSender = {
  /** Sends what is due now; resolves when the queue had nothing more due or the sender stopped. */
  drain(): Promise<void>;
  /** Asks for a drain soon (a mail was just queued here); drains that overlap run one after the other. */
  wake(): void;
  /** Looks for due mails every `pollMs` (queued by another instance, or due again after a failure). */
  start(pollMs: number): void;
  /** Stops looking, after sending what is due for at most `lastDrainMs` (5 s by default; 0 sends nothing more). */
  stop(lastDrainMs?: number): Promise<void>;
};

export function createMailSender(o: {
  db: Executor;
  transport: Mailer;
  sealer: Sealer;
  inbox: () => string;
  log: Log;
}): MailSender {
  const { db, transport, sealer, log } = o;

  /** A text sealed under another secret (a command run with another DATA_DIR, say) never opens here. */
  const openText = (sealed: string) => {
    try {
      return sealer.open(sealed);
    } catch {
      throw Object.assign(new Error("the mail's text does not open with this shop's secret"), {
        permanent: true,
      });
    }
  };

  /** A row's mails, each with the kind a row left holding it alone would have. */
  const writeMails = (row: QueuedRow): { kind: Kind; mail: Mail }[] => {
    if (row.kind === 'message')
      return [
        {
          kind: row.kind,
          mail: { to: row.recipient!, subject: row.subject!, text: openText(row.sealedText!) },
        },
      ];
    // An order removed since leaves nothing to tell.
    if (!row.order) return [];
    const kinds: OrderMailKind[] = row.kind === 'order_placed' ? ['order_received', 'new_order'] : [row.kind];
    return kinds.map((kind) => ({ kind, mail: orderMail(kind, row.order!, o.inbox()) }));
  };

  /**
   * One batch: claim, write, send, then forget the rows whose mails all went and put off the others. An order's
   * row whose receipt went but not its notice (or the reverse) keeps only the mail left to send.
   */
  async function sendBatch(): Promise<number> {
    const rows = await claimMails(db, MAIL_BATCH);
    if (rows.length === 0) return 0;
    const failed = new Map<number, { kinds: Kind[]; err: unknown }>();
    const fail = (row: QueuedRow, kind: Kind, err: unknown) => {
      const seen = failed.get(row.id);
      if (seen) seen.kinds.push(kind);
      else failed.set(row.id, { kinds: [kind], err });
    };
    // Messages to one address go one after the other, in the order they were queued (a newer sign-up code
    // after the older); everything else goes at once, over the transport's several connections: an order's
    // receipt and notice stand alone (the shop's inbox gets one notice per order).
    const inTurn = new Map<string, { row: QueuedRow; kind: Kind; mail: Mail }[]>();
    for (const row of rows) {
      try {
        for (const [i, { kind, mail }] of writeMails(row).entries()) {
          const turn = row.kind === 'message' ? `to:${mail.to}` : `row:${row.id}:${i}`;
          inTurn.set(turn, [...(inTurn.get(turn) ?? []), { row, kind, mail }]);
        }
      } catch (err) {
        fail(row, row.kind, err);
      }
    }
    await Promise.all(
      [...inTurn.values()].map(async (mails) => {
        for (const { row, kind, mail } of mails) {
          await transport.send(mail).catch((err) => fail(row, kind, err));
        }
      }),
    );
    const done: number[] = [];
    for (const row of rows) {
      const failure = failed.get(row.id);
      if (!failure) {
        done.push(row.id);
        continue;
      }
      const { err, kinds } = failure;
      const about = { err, mail: row.id, kind: row.kind, subject: row.subject, attempts: row.attempts };
      if (isPermanent(err) || row.attempts >= MAIL_MAX_ATTEMPTS) {
        log.error(about, 'gave up a mail the mail server would not take');
        done.push(row.id);
      } else {
        log.warn(about, 'could not send a mail; it will be tried again');
        await db
          .update(mailQueue)
          .set({
            kind: kinds.length === 1 ? kinds[0]! : row.kind,
            sendAfter: sql`now() + ${retryDelayMs(row.attempts)} * interval '1 millisecond'`,
          })
          .where(eq(mailQueue.id, row.id));
      }
    }
    if (done.length > 0) await db.delete(mailQueue).where(inArray(mailQueue.id, done));
    return rows.length;
  }

  /** Once the sender stops, no drain starts; the last one ends by this time. */
  let stopped = false;
  let deadline = Number.POSITIVE_INFINITY;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const drain = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    if (stopped) return Promise.resolve();
    running = (async () => {
      do {
        again = false;
        while (Date.now() < deadline && (await sendBatch()) === MAIL_BATCH) {}
      } while (again && Date.now() < deadline);
    })()
      .catch((err) => log.warn({ err }, 'could not send the queued mails; they wait for the next try'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    drain,
    wake: () => void drain(),
    start(pollMs) {
      void drain();
      if (pollMs > 0) timer = setInterval(() => void drain(), pollMs).unref();
    },
    async stop(lastDrainMs = 5_000) {
      clearInterval(timer);
      // What was queued before the stop still goes out if it can within the time; the rest waits in the queue.
      deadline = Date.now() + lastDrainMs;
      await drain();
      stopped = true;
    },
  };
}
