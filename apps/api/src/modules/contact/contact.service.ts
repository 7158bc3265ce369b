import type { ContactRequest } from '@kshop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { recordAudit } from '../audit/audit.repository.js';
import {
  findInquiry,
  type InquiryRow,
  insertInquiry,
  listInquiries,
  markAnswered,
} from './contact.repository.js';

/** Keeps the inquiry for the staff, then mails it to the shop's inbox; a mail failure loses nothing. */
export async function submitInquiry(
  db: Executor,
  mailer: Mailer,
  inbox: string,
  buyerId: string | null,
  input: ContactRequest,
  log: FastifyBaseLogger,
) {
  const { termsOfServiceAgree: _agreed, ...inquiry } = input;
  await insertInquiry(db, { ...inquiry, buyerId });
  await mailer
    .send({
      to: inbox,
      subject: `Inquiry from ${inquiry.companyName}`,
      text: [
        `Company: ${inquiry.companyName} (registration ${inquiry.businessRegistrationNumber})`,
        `Representative: ${inquiry.representativeName}`,
        `Email: ${inquiry.email}  Phone: ${inquiry.phoneNumber}`,
        `Member: ${buyerId ? 'yes' : 'no (guest)'}`,
        '',
        inquiry.content,
      ].join('\n'),
    })
    .catch((err) => log.error({ err }, 'could not mail an inquiry to the shop'));
}

const view = (i: InquiryRow) => ({
  id: i.id,
  status: i.status,
  email: i.email,
  companyName: i.companyName,
  representativeName: i.representativeName,
  phoneNumber: i.phoneNumber,
  businessRegistrationNumber: i.businessRegistrationNumber,
  content: i.content,
  member: i.buyerId !== null,
  answerNote: i.answerNote,
  answeredAt: i.answeredAt?.toISOString() ?? null,
  createdAt: i.createdAt.toISOString(),
});

export async function inquiryList(
  db: Executor,
  status: InquiryRow['status'] | undefined,
  page: number,
  limit: number,
) {
  const { rows, totalCount } = await listInquiries(db, status, limit, (page - 1) * limit);
  return { inquiryList: rows.map(view), totalCount };
}

export async function inquiry(db: Executor, id: string) {
  const row = await findInquiry(db, id);
  if (!row) throw notFound('Inquiry not found.');
  return view(row);
}

export async function answerInquiry(db: Db, id: string, note: string, staffId: string) {
  await inTransaction(db, async (tx) => {
    const row = await findInquiry(tx, id);
    if (!row) throw notFound('Inquiry not found.');
    await markAnswered(tx, id, note, staffId);
    await recordAudit(tx, {
      staffId,
      action: 'inquiry.answer',
      entity: 'inquiry',
      entityId: id,
      before: { status: row.status },
      after: { status: 'ANSWERED', note },
    });
  });
}
