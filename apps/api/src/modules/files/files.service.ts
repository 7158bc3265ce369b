import type { Readable } from 'node:stream';
import { contentTypeFor, isAllowedFileName, MAX_UPLOAD_BYTES, messages, shopMessages } from '@kshop/contract';
import type { Db, Executor } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { bytesToCheck, matchesFileType } from '../../lib/file-signature.js';
import { LocalFileStorage } from '../../lib/storage/local-storage.js';
import {
  type FileKind,
  type FileStorage,
  fileIdFromUrl,
  newFileKey,
  withoutQuery,
} from '../../lib/storage/storage.js';
import type { UntrustedWork } from '../../workers/untrusted-pool.js';
import type { SessionBuyer } from '../auth/auth.repository.js';
import * as repo from './files.repository.js';

export const FILE_MESSAGES = shopMessages.files;

const IMAGE_TYPES = /\.(png|jpe?g|gif|webp)$/i;
const UNREFERENCED_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type UploadRequest = { fileType: FileKind; fileName: string };

/** Hands out upload URLs. Buyers and guests (for sign-up) upload business certificates only. */
export async function requestUploads(
  db: Executor,
  storage: FileStorage,
  buyer: SessionBuyer | null,
  files: UploadRequest[],
  options: { productImages?: boolean } = {},
) {
  const urlList = [];
  for (const file of files) {
    if (file.fileType === 'PRODUCT_IMAGE' && !options.productImages)
      throw forbidden(FILE_MESSAGES.productImagesForStaff);
    if (file.fileType === 'PRODUCT_IMAGE' && !IMAGE_TYPES.test(file.fileName))
      throw badRequest(FILE_MESSAGES.imagesOnly, 'FILE_TYPE');
    const contentType = contentTypeFor(file.fileName);
    if (!isAllowedFileName(file.fileName) || !contentType)
      throw badRequest(messages.file.typeNotAllowed, 'FILE_TYPE');
    const { id, key } = newFileKey(file.fileType, file.fileName);
    await repo.insertFile(db, {
      id,
      kind: file.fileType,
      storageKey: key,
      fileName: file.fileName,
      contentType,
      ownerBuyerId: buyer?.id ?? null,
    });
    const url = await storage.uploadUrl(key, contentType);
    urlList.push({ url, fileUrl: withoutQuery(url), contentType });
  }
  return { urlList };
}

/** The body of a PUT to a local upload URL: checked for signature, size and content before it counts. */
export async function receiveLocalUpload(
  db: Executor,
  storage: LocalFileStorage,
  untrustedWork: UntrustedWork,
  upload: { key: string; contentType: string; expires?: string; signature?: string; body: Readable },
) {
  if (!storage.verify('upload', upload.key, upload.expires, upload.signature, upload.contentType)) {
    throw forbidden(FILE_MESSAGES.badLink, 'BAD_FILE_LINK');
  }
  const file = await repo.findFileByKey(db, upload.key);
  if (!file) throw notFound(FILE_MESSAGES.unknownFile);
  if (file.uploadedAt) throw new AppError(409, 'ALREADY_UPLOADED', FILE_MESSAGES.alreadyUploaded);
  const written = await storage.write(upload.key, upload.body, MAX_UPLOAD_BYTES);
  if ('tooLarge' in written) throw new AppError(413, 'FILE_TOO_LARGE', FILE_MESSAGES.tooLarge);
  const stored = await storage.inspect(upload.key, bytesToCheck(file.fileName));
  let matches = false;
  try {
    matches = stored !== null && (await matchesFileType(file.fileName, stored.head, untrustedWork));
  } finally {
    // Refused, or too complex to check: nothing of it is kept.
    if (!matches) await storage.remove(upload.key);
  }
  if (!matches) throw badRequest(FILE_MESSAGES.contentMismatch, 'FILE_CONTENT');
  await repo.markUploaded(db, file.id, written.size);
}

/** An upload whose type and size were checked, ready to be claimed in a transaction. */
export type CheckedUpload = { id: string; size: number };

/**
 * Checks an upload for `kind` before any transaction: it exists, belongs to nobody else, is stored whole and is
 * what its name says (an SVG is read through in the worker pool, which can take seconds: no transaction waits
 * for it, and on the embedded database nothing else does either).
 */
export async function checkUpload(
  db: Executor,
  storage: FileStorage,
  untrustedWork: UntrustedWork,
  fileUrl: string,
  kind: FileKind,
  ownerBuyerId: string | null,
): Promise<CheckedUpload> {
  const id = fileIdFromUrl(fileUrl);
  const file = id ? await repo.findFileById(db, id) : null;
  if (!file || file.kind !== kind) throw badRequest(FILE_MESSAGES.unknownFile, 'FILE_UNKNOWN');
  if (file.ownerBuyerId && file.ownerBuyerId !== ownerBuyerId) throw forbidden(FILE_MESSAGES.notYours);
  const stored = await storage.inspect(file.storageKey, bytesToCheck(file.fileName));
  if (!stored) throw badRequest(FILE_MESSAGES.notUploaded, 'FILE_NOT_UPLOADED');
  if (stored.size > MAX_UPLOAD_BYTES) throw badRequest(FILE_MESSAGES.tooLarge, 'FILE_TOO_LARGE');
  if (!(await matchesFileType(file.fileName, stored.head, untrustedWork)))
    throw badRequest(FILE_MESSAGES.contentMismatch, 'FILE_CONTENT');
  return { id: file.id, size: stored.size };
}

/** Marks a checked upload as referenced by `ownerBuyerId` (or the shop), in the caller's transaction. */
export async function claimFile(
  tx: Executor,
  upload: CheckedUpload,
  ownerBuyerId: string | null,
): Promise<string> {
  await repo.markReferenced(tx, upload.id, ownerBuyerId, upload.size);
  return upload.id;
}

/** A short-lived download URL: certificates for their owner only (staff come with the back office). */
export async function downloadFor(
  db: Executor,
  storage: FileStorage,
  buyer: SessionBuyer | null,
  fileUrl: string,
) {
  if (!buyer) throw unauthorized();
  const id = fileIdFromUrl(fileUrl);
  const file = id ? await repo.findFileById(db, id) : null;
  if (!file?.referencedAt) throw notFound(FILE_MESSAGES.unknownFile);
  if (file.kind === 'BUSINESS_CERT' && file.ownerBuyerId !== buyer.id)
    throw notFound(FILE_MESSAGES.unknownFile);
  return {
    url: await storage.downloadUrl(file.storageKey, file.fileName, file.contentType),
    fileName: file.fileName,
  };
}

/** The URL a client keeps for a stored file (what it sent at sign-up or profile update). */
export async function fileUrlOf(db: Executor, storage: FileStorage, fileId: string | null): Promise<string> {
  if (!fileId) return '';
  const file = await repo.findFileById(db, fileId);
  if (!file) return '';
  return storage.objectUrl(file.storageKey);
}

/** Removes uploads nobody referenced within a day. */
export async function purgeUnreferenced(db: Db, storage: FileStorage, now = Date.now()) {
  const stale = await repo.listUnreferencedBefore(db, new Date(now - UNREFERENCED_LIFETIME_MS));
  for (const file of stale) {
    await storage.remove(file.storageKey);
    await repo.deleteFile(db, file.id);
  }
  return stale.length;
}

export { LocalFileStorage };

/** A product image in use, which anyone may see (local storage serves it; S3 serves its own URL). */
export async function publicProductImage(db: Executor, key: string) {
  if (!key.startsWith('product-image/')) return null;
  const file = await repo.findFileByKey(db, key);
  return file?.kind === 'PRODUCT_IMAGE' && file.referencedAt ? file : null;
}
