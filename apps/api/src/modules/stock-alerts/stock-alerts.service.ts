import { messages, productDetailPath, stockAlertMessages } from '@kshop/contract';
import type { Db, Executor } from '../../db/client.js';
import { lockOptions } from '../../db/row-locks.js';
import type { productOptions } from '../../db/schema.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { JobContext } from '../jobs/jobs.service.js';
import { buyerMails } from '../mail/mail-texts.js';
import * as repo from './stock-alerts.repository.js';

export const STOCK_ALERT_JOB = 'stock-alert';

type OptionRow = typeof productOptions.$inferSelect;

/** What the storefront sells: not flagged sold out, and at least the minimum order available. */
export const isOrderable = (
  option: Pick<OptionRow, 'isSoldOut' | 'stock' | 'holdStock' | 'minimumOrderQuantity'>,
) => !option.isSoldOut && option.stock - option.holdStock >= Math.max(option.minimumOrderQuantity, 1);

const optionLabel = (option: OptionRow) =>
  option.optionNameValue2
    ? `${option.optionNameValue1} / ${option.optionNameValue2}`
    : option.optionNameValue1;

/**
 * Records the member's request. The option's row is locked (lock order: options, then the request), so a
 * stock change racing with the request either commits first and is refused here as in stock, or waits and
 * then sees the request and queues its mail.
 */
export async function subscribe(db: Db, buyerId: string, optionId: string, log?: TransactionLog) {
  await inTransaction(
    db,
    async (tx) => {
      const found = await repo.findOption(tx, optionId);
      if (!found) throw notFound(messages.http.productNotFound, 'PRODUCT_NOT_FOUND');
      const [option] = await lockOptions(tx, [optionId]);
      if (!option) throw notFound(messages.http.productNotFound, 'PRODUCT_NOT_FOUND');
      if (isOrderable(option)) throw conflict(stockAlertMessages.inStock, 'OPTION_IN_STOCK');
      await repo.upsertWaiting(tx, buyerId, optionId);
    },
    { log },
  );
  return { optionUuid: optionId, subscribed: true };
}

export async function unsubscribe(db: Executor, buyerId: string, optionId: string) {
  if (!(await repo.findOption(db, optionId)))
    throw notFound(messages.http.productNotFound, 'PRODUCT_NOT_FOUND');
  await repo.deleteWaiting(db, buyerId, optionId);
  return { optionUuid: optionId, subscribed: false };
}

export async function waitingOptions(db: Executor, buyerId: string, optionId: string) {
  if (!(await repo.findOption(db, optionId)))
    throw notFound(messages.http.productNotFound, 'PRODUCT_NOT_FOUND');
  return { optionUuidList: await repo.waitingOptionsOfProduct(db, buyerId, optionId) };
}

export async function waitingCounts(db: Executor, productId: string) {
  if (!(await repo.productExists(db, productId)))
    throw notFound(messages.http.productNotFound, 'PRODUCT_NOT_FOUND');
  return { optionList: await repo.waitingCounts(db, productId) };
}

/**
 * The job the trigger of drizzle/0012_stock_alerts.sql queues when an option with waiting requests
 * becomes orderable: after that change committed, each waiting member gets one mail. Requests are
 * claimed (marked done) before mailing; a mail that fails makes its request wait again and the job runs
 * again later.
 */
export function stockAlertJob(db: Db, mailer: Mailer, shopAddress: () => string) {
  return async ({ input, log }: JobContext<{ optionId: string }>) => {
    const found = await repo.findOption(db, input.optionId);
    // Sold out again (or removed) before the job ran: the requests wait for the next return.
    if (!found || !isOrderable(found.option)) return { mailed: 0 };
    const recipients = await inTransaction(db, (tx) => repo.claimWaiting(tx, input.optionId));
    // Absolute: a mail is read outside the shop (decision in plugins/shop-address.ts).
    const link = `${shopAddress()}${productDetailPath(input.optionId)}`;
    const label = optionLabel(found.option);
    const failed: string[] = [];
    for (const recipient of recipients) {
      try {
        const mail = buyerMails(recipient.language).backInStock(found.product.title, label, link);
        await mailer.send({ to: recipient.email, ...mail });
      } catch (err) {
        log.warn({ err, alertId: recipient.alertId }, 'could not send a back-in-stock mail');
        failed.push(recipient.alertId);
      }
    }
    if (failed.length) {
      await repo.unclaim(db, failed);
      throw new Error(`${failed.length} back-in-stock mails could not be sent`);
    }
    return { mailed: recipients.length };
  };
}
