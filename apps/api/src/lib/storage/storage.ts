import { randomUUID } from 'node:crypto';

export type StoredObject = { size: number; head: Buffer };

/** Where uploads live: the local disk by default, S3 when S3_BUCKET is set. Both hand out short-lived URLs. */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** A URL the browser PUTs the file to, with exactly this Content-Type. */
  uploadUrl(key: string, contentType: string): Promise<string>;
  /** A URL that serves the file as a download under its original name. */
  downloadUrl(key: string, fileName: string, contentType: string): Promise<string>;
  /** Size and first bytes of an uploaded object, or null when nothing was uploaded under the key. */
  inspect(key: string, headBytes: number): Promise<StoredObject | null>;
  remove(key: string): Promise<void>;
  /** The object's URL without any signature: the stable reference a client keeps. */
  objectUrl(key: string): Promise<string>;
  close?(): void;
}

export const UPLOAD_URL_SECONDS = 10 * 60;
export const DOWNLOAD_URL_SECONDS = 5 * 60;

export const FILE_KEY_PREFIX = { BUSINESS_CERT: 'business-cert', PRODUCT_IMAGE: 'product-image' } as const;
export type FileKind = keyof typeof FILE_KEY_PREFIX;

const KEY_PATTERN = /^(business-cert|product-image)\/([0-9a-f-]{36})\/([A-Za-z0-9._-]{1,120})$/;

/** A name safe in a URL path and on any disk; the original name is kept in the database. */
export const safeFileName = (fileName: string) =>
  fileName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-120) || 'file';

export function newFileKey(kind: FileKind, fileName: string) {
  const id = randomUUID();
  return { id, key: `${FILE_KEY_PREFIX[kind]}/${id}/${safeFileName(fileName)}` };
}

export const isFileKey = (key: string) => KEY_PATTERN.test(key);

/** The file id inside a file URL (the upload URL without its query string), or null. */
export function fileIdFromUrl(url: string): string | null {
  const match =
    /(?:^|\/)(?:business-cert|product-image)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//.exec(
      url.split('?')[0] ?? '',
    );
  return match?.[1] ?? null;
}

/** The stable reference a client keeps: the upload URL without its signature. */
export const withoutQuery = (url: string) => url.split('?')[0] ?? url;

/** A download under its original name: an ASCII fallback for old clients, the exact name in UTF-8. */
export const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * Headers for every file a user uploaded, served by the shop: shown as an image or saved as a download, it
 * never runs as a page of the shop (an SVG or HTML-looking file included) and is never sniffed as another type.
 */
export const USER_FILE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
} as const;
