import { findActiveBuyerByEmail } from '../../db/buyer-lookup.js';
import type { Db, Executor } from '../../db/client.js';
import { lockBuyer } from '../../db/row-locks.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import { recordAudit } from '../audit/audit.repository.js';
import { buyerMails } from '../mail/mail-texts.js';
import * as repo from './buyers.repository.js';

/** What staff do with company accounts; the staff command and the back office share it. */

export const listPending = (db: Db) => repo.listByStatus(db, 'PENDING');

const view = (b: repo.BuyerRow) => ({
  id: b.id,
  email: b.email,
  status: b.status,
  statusReason: b.statusReason,
  isKoreanCompany: b.isKoreanCompany,
  companyName: b.companyName,
  representativeName: b.representativeName,
  businessRegistrationNumber: b.businessRegistrationNumber,
  phoneNumber: b.phoneNumber,
  companyAddress: b.companyAddress,
  postalCode: b.postalCode,
  marketingAgree: b.marketingAgree,
  createdAt: b.createdAt.toISOString(),
});

export async function buyerList(db: Executor, filter: repo.BuyerFilter) {
  const { rows, totalCount } = await repo.searchBuyers(db, filter);
  return { buyerList: rows.map(view), totalCount };
}

/** A buyer with what staff need to decide: the certificate (viewable in the page), addresses, orders. */
export async function buyerDetail(db: Executor, storage: FileStorage, id: string) {
  const buyer = await repo.findActiveBuyer(db, id);
  if (!buyer) throw notFound('Buyer not found.', 'BUYER_NOT_FOUND');
  const file = await repo.certificateOf(db, buyer.businessCertificateFileId);
  return {
    ...view(buyer),
    certificate: file
      ? {
          fileName: file.fileName,
          contentType: file.contentType,
          url: await storage.downloadUrl(file.storageKey, file.fileName, file.contentType),
        }
      : null,
    addresses: (await repo.addressesOf(db, id)).map((a) => ({
      addressUuid: a.id,
      postalCode: a.postalCode,
      addressDetail: a.addressDetail,
      isDefault: a.isDefault,
      country: a.country,
    })),
    orderCount: await repo.orderCountOf(db, id),
    priceGroupId: buyer.priceGroupId,
  };
}

type Decision = 'approve' | 'reject' | 'suspend' | 'reinstate';
const PAST: Record<Decision, string> = {
  approve: 'approved',
  reject: 'rejected',
  suspend: 'suspended',
  reinstate: 'reinstated',
};

const NEXT: Record<Decision, { from: repo.BuyerStatus[]; to: repo.BuyerStatus }> = {
  approve: { from: ['PENDING', 'REJECTED'], to: 'APPROVED' },
  reject: { from: ['PENDING', 'APPROVED'], to: 'REJECTED' },
  suspend: { from: ['APPROVED'], to: 'SUSPENDED' },
  reinstate: { from: ['SUSPENDED'], to: 'APPROVED' },
};

/** Moves an account (recorded in the audit log) and mails the company; leaving APPROVED ends its sessions. */
export async function decide(
  db: Db,
  mailer: Mailer,
  target: { id: string } | { email: string },
  decision: Decision,
  reason: string,
  staffId: string | null,
  log?: TransactionLog,
) {
  const buyer = await inTransaction(
    db,
    async (tx) => {
      const match = 'id' in target ? { id: target.id } : await findActiveBuyerByEmail(tx, target.email);
      // Two staff deciding on one account at once: the second sees the first one's decision.
      const found =
        match && (await lockBuyer(tx, match.id)) ? await repo.findActiveBuyer(tx, match.id) : null;
      if (!found)
        throw notFound(
          'id' in target ? 'Buyer not found.' : `No account with the email ${target.email}.`,
          'BUYER_NOT_FOUND',
        );
      const step = NEXT[decision];
      if (!step.from.includes(found.status)) {
        throw new AppError(
          409,
          'BAD_ACCOUNT_TRANSITION',
          `${found.email} is ${found.status} and cannot be ${PAST[decision]}.`,
        );
      }
      await repo.setStatus(tx, found.id, step.to, reason || null);
      if (step.to !== 'APPROVED') await repo.endSessions(tx, found.id);
      await recordAudit(tx, {
        staffId,
        action: `buyer.${decision}`,
        entity: 'buyer',
        entityId: found.id,
        before: { status: found.status },
        after: { status: step.to, reason: reason || null },
      });
      return found;
    },
    { log },
  );
  // Whatever staff wrote in the decision dialog (a reason or a note) goes to the company, in its language.
  await mailer.send({
    to: buyer.email,
    ...buyerMails(buyer.language).decision(decision, buyer.companyName, reason),
  });
  return buyer;
}

export const approve = (db: Db, mailer: Mailer, email: string) =>
  decide(db, mailer, { email }, 'approve', '', null);
export const reject = (db: Db, mailer: Mailer, email: string, reason: string) =>
  decide(db, mailer, { email }, 'reject', reason, null);
