import { randomBytes } from 'node:crypto';
import {
  type AddressRequest,
  type AddressView,
  addressCountry,
  type Language,
  messages,
  shopMessages,
  type UpdateProfileRequest,
  type UserProfile,
} from '@kshop/contract';
import { findActiveBuyerByEmail } from '../../db/buyer-lookup.js';
import type { Db, Executor } from '../../db/client.js';
import { lockBuyer } from '../../db/row-locks.js';
import { inTransaction } from '../../db/transaction.js';
import type { AccountLimits } from '../../lib/account-limits.js';
import { newTemporaryPassword } from '../../lib/codes.js';
import { notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashPassword } from '../../lib/password.js';
import { type FileStorage, fileIdFromUrl } from '../../lib/storage/storage.js';
import type { UntrustedWork } from '../../workers/untrusted-pool.js';
import { checkUpload, claimFile } from '../files/files.service.js';
import { buyerMails } from '../mail/mail-texts.js';
import * as repo from './user.repository.js';

const ADDRESS_NOT_FOUND = shopMessages.address.notFound;

const toAddressView = (a: Awaited<ReturnType<typeof repo.listAddresses>>[number]): AddressView => ({
  addressUuid: a.id,
  postalCode: a.postalCode,
  addressDetail: a.addressDetail,
  isDefault: a.isDefault,
  country: a.country,
});

export async function profile(db: Executor, storage: FileStorage, buyerId: string): Promise<UserProfile> {
  const row = await repo.findProfile(db, buyerId);
  if (!row) throw notFound();
  const { buyer: b } = row;
  return {
    email: b.email,
    phoneNumber: b.phoneNumber,
    companyName: b.companyName,
    representativeName: b.representativeName,
    businessRegistrationNumber: b.businessRegistrationNumber,
    companyAddress: b.companyAddress,
    postalCode: b.postalCode,
    businessCertificateUrl: row.certificateKey ? await storage.objectUrl(row.certificateKey) : '',
    businessCertificateName: row.certificateName ?? '',
    marketingAgree: b.marketingAgree,
    isKoreanCompany: b.isKoreanCompany,
    status: b.status,
    addresses: (await repo.listAddresses(db, buyerId)).map(toAddressView),
  };
}

/** Saves the editable profile; a new certificate must be an upload of this member's. */
export async function updateProfile(
  db: Db,
  storage: FileStorage,
  untrustedWork: UntrustedWork,
  buyerId: string,
  input: UpdateProfileRequest,
) {
  const newFileId = fileIdFromUrl(input.businessCertificateUrl);
  const changes = (fileId: string | null) => input.businessCertificateUrl !== '' && newFileId !== fileId;
  // A new certificate is checked before the transaction (an SVG is read through in the worker pool).
  const before = await repo.findProfile(db, buyerId);
  const check = () =>
    checkUpload(db, storage, untrustedWork, input.businessCertificateUrl, 'BUSINESS_CERT', buyerId);
  const checked = before && changes(before.buyer.businessCertificateFileId) ? await check() : null;
  await inTransaction(db, async (tx) => {
    await lockBuyer(tx, buyerId);
    const current = await repo.findProfile(tx, buyerId);
    if (!current) throw notFound();
    const businessCertificateFileId = changes(current.buyer.businessCertificateFileId)
      ? // Checked above, unless another save changed the certificate in between.
        await claimFile(tx, checked ?? (await check()), buyerId)
      : current.buyer.businessCertificateFileId;
    await repo.updateBuyer(tx, buyerId, {
      companyName: input.companyName,
      companyAddress: input.companyAddress,
      representativeName: input.representativeName,
      phoneNumber: input.phoneNumber,
      businessRegistrationNumber: input.businessRegistrationNumber,
      postalCode: input.postalCode,
      marketingAgree: input.marketingAgree,
      businessCertificateFileId,
    });
  });
}

/**
 * A new password ends every session, the one that changed it too (the storefront then asks for a fresh login),
 * and drops a pending temporary password.
 */
/** The member's language. */
export async function language(db: Executor, buyerId: string): Promise<Language> {
  const found = await repo.buyerLanguage(db, buyerId);
  if (!found) throw notFound(messages.http.notFound, 'USER_NOT_FOUND');
  return found;
}

export const setLanguage = (db: Executor, buyerId: string, chosen: Language) =>
  repo.updateBuyer(db, buyerId, { language: chosen });

export async function changePassword(db: Db, buyerId: string, password: string) {
  const passwordHash = await hashPassword(password);
  await inTransaction(db, async (tx) => {
    await repo.updateBuyer(tx, buyerId, {
      passwordHash,
      temporaryPasswordHash: null,
      temporaryPasswordExpiresAt: null,
    });
    await repo.deleteSessions(tx, buyerId);
  });
}

export const TEMPORARY_PASSWORD_MINUTES = 30;

/**
 * Mails a temporary password, limited per email. It waits beside the member's own password: that password and
 * every session stay valid until the temporary one is first used to log in (see auth.service login), so
 * asking for one cannot lock a member out. A new request replaces a pending one.
 */
export async function issueTemporaryPassword(db: Db, mailer: Mailer, limits: AccountLimits, email: string) {
  await limits.take('temporaryPassword', email);
  const buyer = await findActiveBuyerByEmail(db, email);
  if (!buyer) throw notFound(messages.tempPassword.userNotFound, 'USER_NOT_FOUND');
  const password = newTemporaryPassword();
  await repo.updateBuyer(db, buyer.id, {
    temporaryPasswordHash: await hashPassword(password),
    temporaryPasswordExpiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_MINUTES * 60_000),
  });
  await mailer.send({
    to: buyer.email,
    ...buyerMails(buyer.language).temporaryPassword(password, TEMPORARY_PASSWORD_MINUTES),
  });
}

/**
 * Closes the account: sessions, cart, addresses and certificate go; the company's name and registration
 * number stay on the (anonymised) record because past orders and their tax invoices must be kept.
 */
export async function deleteAccount(db: Db, storage: FileStorage, buyerId: string) {
  const certificateKey = await inTransaction(db, async (tx) => {
    await lockBuyer(tx, buyerId);
    const current = await repo.findProfile(tx, buyerId);
    if (!current) throw notFound();
    await repo.deleteSessions(tx, buyerId);
    await repo.deleteCart(tx, buyerId);
    await repo.deleteAllAddresses(tx, buyerId);
    await repo.updateBuyer(tx, buyerId, {
      email: `deleted-${buyerId}@deleted.invalid`,
      passwordHash: `deleted:${randomBytes(16).toString('hex')}`,
      phoneNumber: '',
      representativeName: '',
      companyAddress: '',
      postalCode: '',
      marketingAgree: false,
      businessCertificateFileId: null,
      deletedAt: new Date(),
    });
    return current.certificateKey;
  });
  if (certificateKey) await storage.remove(certificateKey).catch(() => {});
}

/**
 * Address changes lock the buyer row first (the shop's lock order), so concurrent changes of one member's
 * addresses run one after the other and exactly one address stays the default.
 */
async function lockAddressBook(tx: Executor, buyerId: string) {
  if (!(await lockBuyer(tx, buyerId))) throw notFound();
}

/**
 * The address's country by the company's rule (contract `addressCountry`). The spec's address call has no country,
 * so a Global company's address that names none is kept without one (null); the storefront's dialog asks for it.
 */
async function countryFor(
  tx: Executor,
  buyerId: string,
  requested: string | undefined,
  stored: string | null,
) {
  return addressCountry(await repo.isKoreanCompany(tx, buyerId), requested, stored);
}

async function keepOneDefault(tx: Executor, buyerId: string, wantsDefault: boolean) {
  if (wantsDefault) await repo.clearDefaultAddress(tx, buyerId);
}

export async function addAddress(db: Db, buyerId: string, input: AddressRequest): Promise<AddressView> {
  return inTransaction(db, async (tx) => {
    await lockAddressBook(tx, buyerId);
    const country = await countryFor(tx, buyerId, input.country, null);
    await keepOneDefault(tx, buyerId, input.isDefault);
    const [row] = await repo.insertAddress(tx, { buyerId, ...input, country });
    await repo.promoteDefaultAddress(tx, buyerId);
    const saved = await repo.findAddress(tx, buyerId, row!.id);
    return toAddressView(saved!);
  });
}

export async function updateAddress(
  db: Db,
  buyerId: string,
  addressId: string,
  input: AddressRequest,
): Promise<AddressView> {
  return inTransaction(db, async (tx) => {
    await lockAddressBook(tx, buyerId);
    const existing = await repo.findAddress(tx, buyerId, addressId);
    if (!existing) throw notFound(ADDRESS_NOT_FOUND, 'ADDRESS_NOT_FOUND');
    const country = await countryFor(tx, buyerId, input.country, existing.country);
    await keepOneDefault(tx, buyerId, input.isDefault);
    await repo.updateAddress(tx, addressId, { ...input, country });
    await repo.promoteDefaultAddress(tx, buyerId);
    return toAddressView((await repo.findAddress(tx, buyerId, addressId))!);
  });
}

export async function removeAddress(db: Db, buyerId: string, addressId: string) {
  await inTransaction(db, async (tx) => {
    await lockAddressBook(tx, buyerId);
    const existing = await repo.findAddress(tx, buyerId, addressId);
    if (!existing) throw notFound(ADDRESS_NOT_FOUND, 'ADDRESS_NOT_FOUND');
    await repo.deleteAddress(tx, addressId);
    await repo.promoteDefaultAddress(tx, buyerId);
  });
}
