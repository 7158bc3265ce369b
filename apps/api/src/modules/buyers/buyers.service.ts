import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import * as repo from './buyers.repository.js';

/** What staff do with company accounts; the staff command and the back office share it. */

export const listPending = (db: Db) => repo.listByStatus(db, 'PENDING');

async function buyerByEmail(db: Db, email: string) {
  const buyer = await repo.findActiveBuyerByEmail(db, email);
  if (!buyer) throw notFound(`No account with the email ${email}.`, 'BUYER_NOT_FOUND');
  return buyer;
}

export async function approve(db: Db, mailer: Mailer, email: string) {
  const buyer = await buyerByEmail(db, email);
  if (buyer.status === 'APPROVED')
    throw new AppError(409, 'ALREADY_APPROVED', `${email} is already approved.`);
  await repo.setStatus(db, buyer.id, 'APPROVED', null);
  await mailer.send({
    to: buyer.email,
    subject: 'Your K-Shop wholesale account is approved',
    text: `Welcome, ${buyer.companyName}.\nYour account is approved: log in to see wholesale prices and place orders.`,
  });
  return buyer;
}

/** Rejecting ends the company's sessions at once; the reason goes to the company by mail. */
export async function reject(db: Db, mailer: Mailer, email: string, reason: string) {
  const buyer = await buyerByEmail(db, email);
  await db.transaction(async (tx) => {
    await repo.setStatus(tx, buyer.id, 'REJECTED', reason || null);
    await repo.endSessions(tx, buyer.id);
  });
  await mailer.send({
    to: buyer.email,
    subject: 'Your K-Shop wholesale account application',
    text: `We could not approve the account of ${buyer.companyName}.${reason ? `\nReason: ${reason}` : ''}\nPlease contact us if you have questions.`,
  });
  return buyer;
}
