import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DOWNLOAD_URL_SECONDS, type FileStorage, isFileKey, UPLOAD_URL_SECONDS } from './storage.js';

/** How far past the size limit an upload is still read (and dropped) before the connection is cut. */
const DRAIN_FACTOR = 8;

export type SignedPurpose = 'upload' | 'download';

/** Files on the local disk under DATA_DIR/files, reached through URLs the API signs with HMAC. */
export class LocalFileStorage implements FileStorage {
  readonly driver = 'local' as const;

  constructor(
    private readonly root: string,
    private readonly secret: string,
    private readonly baseUrl = '',
  ) {}

  private signature(purpose: SignedPurpose, key: string, expires: number, extra: string) {
    return createHmac('sha256', this.secret)
      .update(`${purpose}\n${key}\n${expires}\n${extra}`)
      .digest('base64url');
  }

  private signedUrl(
    purpose: SignedPurpose,
    key: string,
    seconds: number,
    extra: string,
    query: Record<string, string>,
  ) {
    const expires = Math.floor(Date.now() / 1000) + seconds;
    const signature = this.signature(purpose, key, expires, extra);
    const params = new URLSearchParams({ ...query, expires: String(expires), signature });
    return `${this.baseUrl}/files/${key}?${params}`;
  }

  async uploadUrl(key: string, contentType: string) {
    return this.signedUrl('upload', key, UPLOAD_URL_SECONDS, contentType, {});
  }

  async downloadUrl(key: string, fileName: string, contentType: string) {
    const extra = `${fileName}\n${contentType}`;
    return this.signedUrl('download', key, DOWNLOAD_URL_SECONDS, extra, {
      name: fileName,
      type: contentType,
    });
  }

  /** Whether a signed URL is genuine and still valid; `extra` is what was signed beside key and expiry. */
  verify(
    purpose: SignedPurpose,
    key: string,
    expires: string | undefined,
    signature: string | undefined,
    extra: string,
  ) {
    const expiry = Number(expires);
    if (!isFileKey(key) || !signature || !Number.isInteger(expiry) || expiry < Date.now() / 1000)
      return false;
    const expected = Buffer.from(this.signature(purpose, key, expiry, extra));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private pathOf(key: string) {
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  /** Writes an upload, stopping at maxBytes; the file appears only once complete. */
  async write(key: string, body: Readable, maxBytes: number): Promise<{ size: number } | { tooLarge: true }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.partial`;
    const handle = await open(partial, 'w', 0o600);
    let size = 0;
    try {
      for await (const chunk of body) {
        size += (chunk as Buffer).length;
        // Past the limit the rest is read and dropped (up to a bound), so the client hears the 413 instead of
        // a connection reset; a body far beyond the limit is cut off.
        if (size > maxBytes * DRAIN_FACTOR) break;
        if (size <= maxBytes) await handle.write(chunk as Buffer);
      }
      if (size > maxBytes) {
        await handle.close();
        await rm(partial, { force: true });
        return { tooLarge: true };
      }
      await handle.close();
      await rename(partial, target);
      return { size };
    } catch (err) {
      await handle.close().catch(() => {});
      await rm(partial, { force: true });
      throw err;
    }
  }

  read(key: string) {
    return createReadStream(this.pathOf(key));
  }

  async inspect(key: string, headBytes: number) {
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    const handle = await open(file, 'r');
    try {
      const head = Buffer.alloc(Math.min(headBytes, info.size));
      await handle.read(head, 0, head.length, 0);
      return { size: info.size, head };
    } finally {
      await handle.close();
    }
  }

  async objectUrl(key: string) {
    return `${this.baseUrl}/files/${key}`;
  }

  async remove(key: string) {
    await rm(this.pathOf(key), { force: true });
  }
}
