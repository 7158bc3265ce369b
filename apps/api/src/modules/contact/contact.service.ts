import type { ContactRequest } from '@kshop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.js';
import { contactInquiries } from '../../db/schema.js';
import type { Mailer } from '../../lib/mailer.js';

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
  await db.insert(contactInquiries).values({ ...inquiry, buyerId });
  mailer
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
