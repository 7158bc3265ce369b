import { type Language, messages, type SignupRequest, VERIFICATION_SECONDS } from '@kshop/contract';
import { findActiveBuyerByEmail } from '../../db/buyer-lookup.js';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { AccountLimits } from '../../lib/account-limits.js';
import { hashCode, newVerificationCode, sameHash } from '../../lib/codes.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashPassword } from '../../lib/password.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import type { UntrustedWork } from '../../workers/untrusted-pool.js';
import { checkUpload, claimFile } from '../files/files.service.js';
import { buyerMails } from '../mail/mail-texts.js';
import * as repo from './signup.repository.js';

export const MAX_CODE_ATTEMPTS = 5;
export const VERIFIED_EMAIL_VALID_MS = 30 * 60 * 1000;

const userExists = () => conflict(messages.signup.userExists, 'USER_EXISTS');
const invalidCode = () => new AppError(401, 'INVALID_CODE', messages.signup.invalidCode);
/** 410 rather than 401: the code may have been right, and the buyer's way on is to send a new one. */
const expiredCode = () => new AppError(410, 'CODE_EXPIRED', messages.signup.codeExpired);

export async function checkEmailAvailable(db: Db, email: string) {
  if (await findActiveBuyerByEmail(db, email)) throw userExists();
}

/**
 * Mails a fresh six-digit code, valid for 180 seconds; it replaces any earlier code for the address. Limited
 * per address mailed to, so nobody can flood one inbox from many client addresses.
 */
export async function sendVerificationCode(
  db: Db,
  mailer: Mailer,
  limits: AccountLimits,
  secret: string,
  email: string,
  language: Language = 'en',
) {
  await limits.take('verificationMail', email);
  await checkEmailAvailable(db, email);
  const code = newVerificationCode();
  await repo.insertVerification(
    db,
    email,
    hashCode(secret, email, code),
    new Date(Date.now() + VERIFICATION_SECONDS * 1000),
  );
  // Nobody has an account yet: the mail speaks the language the request asked in.
  await mailer.send({ to: email, ...buyerMails(language).verificationCode(code) });
}

/**
 * At most five wrong tries per code; a used-up or wrong code answers 401. A code past its 180 seconds answers
 * 410 'The code has expired...' whatever was typed, since no typed code can be accepted any more.
 */
export async function verifyCode(db: Db, secret: string, email: string, code: string) {
  const latest = await repo.latestVerification(db, email);
  if (!latest || latest.verifiedAt || latest.failedAttempts >= MAX_CODE_ATTEMPTS) throw invalidCode();
  if (latest.expiresAt.getTime() < Date.now()) throw expiredCode();
  if (!sameHash(latest.codeHash, hashCode(secret, email, code))) {
    await repo.countFailedAttempt(db, latest.id);
    throw invalidCode();
  }
  await repo.markVerified(db, latest.id);
}

/** Creates a PENDING account for an address verified in the last 30 minutes, with its certificate. */
export async function signup(
  db: Db,
  storage: FileStorage,
  untrustedWork: UntrustedWork,
  input: SignupRequest,
  language: Language,
) {
  const passwordHash = await hashPassword(input.password);
  // A guest's certificate is not yet anybody's: checked as nobody's, before the transaction.
  const certificate = await checkUpload(
    db,
    storage,
    untrustedWork,
    input.businessCertificateUrl,
    'BUSINESS_CERT',
    null,
  );
  try {
    return await inTransaction(db, async (tx) => {
      if (await findActiveBuyerByEmail(tx, input.email)) throw userExists();
      if (!(await repo.verifiedSince(tx, input.email, new Date(Date.now() - VERIFIED_EMAIL_VALID_MS))))
        throw invalidCode();
      const now = new Date();
      const [buyer] = await repo.insertBuyer(tx, {
        email: input.email.toLowerCase(),
        passwordHash,
        status: 'PENDING',
        isKoreanCompany: input.isKoreanCompany,
        companyName: input.companyName,
        representativeName: input.representativeName,
        businessRegistrationNumber: input.businessRegistrationNumber,
        phoneNumber: input.phoneNumber,
        companyAddress: input.companyAddress,
        postalCode: input.postalCode,
        marketingAgree: input.marketingAgree,
        language,
        personalInfoAgreedAt: now,
        termsAgreedAt: now,
      });
      const fileId = await claimFile(tx, certificate, buyer!.id);
      await repo.setCertificate(tx, buyer!.id, fileId);
      await repo.forgetVerifications(tx, input.email);
      return { id: buyer!.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw userExists();
    throw err;
  }
}
