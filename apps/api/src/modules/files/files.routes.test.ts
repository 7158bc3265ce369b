import { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES, messages } from '@kshop/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storedFiles } from '../../db/schema.js';
import type { LocalFileStorage } from '../../lib/storage/local-storage.js';
import { PDF_BYTES, PNG_BYTES, signUp, uploadCertificate } from '../../test/accounts.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { startS3Peer } from '../../test/s3-peer.js';
import { staffSession } from '../../test/staff.js';
import { CLEAN_SVG, HOSTILE_SVGS } from '../../test/svg-files.js';
import { FILE_MESSAGES, purgeUnreferenced } from './files.service.js';

describe.each(['local', 's3'] as const)('certificates on %s storage', (driver) => {
  let shop: TestShop;
  let s3: Awaited<ReturnType<typeof startS3Peer>> | undefined;

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3Peer() : undefined;
    shop = await createTestShop({ env: s3?.env });
  });
  afterAll(async () => {
    await shop?.close();
    await s3?.close();
  });

  /** PUTs bytes to an upload URL: the API itself for local files, the S3 peer over HTTP otherwise. */
  async function put(url: string, contentType: string, bytes: Buffer) {
    if (driver === 'local') {
      const res = await shop.app.inject({
        method: 'PUT',
        url,
        headers: { 'content-type': contentType },
        payload: bytes,
      });
      return res.statusCode;
    }
    const res = await fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });
    return res.status;
  }

  async function fetchDownload(url: string) {
    if (driver === 'local') {
      const res = await shop.app.inject({ url });
      return {
        status: res.statusCode,
        body: res.rawPayload,
        disposition: String(res.headers['content-disposition']),
        type: String(res.headers['content-type']),
      };
    }
    const res = await fetch(url);
    return {
      status: res.status,
      body: Buffer.from(await res.arrayBuffer()),
      disposition: String(res.headers.get('content-disposition')),
      type: String(res.headers.get('content-type')),
    };
  }

  async function uploadUrl(fileName: string, headers?: Record<string, string>) {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/s3/upload',
      headers,
      payload: { fileInfoList: [{ fileType: 'BUSINESS_CERT', fileName }] },
    });
    return { res, entry: res.statusCode === 200 ? body(res).data.urlList[0] : undefined };
  }

  it('lets a guest upload a certificate for sign-up and its owner download it under its original name', async () => {
    const { entry } = await uploadUrl('사업자등록증 2026.pdf');
    expect(entry.contentType).toBe('application/pdf');
    expect(entry.fileUrl).not.toContain('?');
    expect(await put(entry.url, entry.contentType, PDF_BYTES)).toBe(200);

    const account = await signUpWith(entry.fileUrl);
    const owner = await shop.loginAs(account.email, account.password);
    const download = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/s3/download',
      headers: owner,
      payload: { imageUrl: entry.fileUrl },
    });
    expect(download.statusCode).toBe(200);
    expect(body(download).data.fileName).toBe('사업자등록증 2026.pdf');
    const file = await fetchDownload(body(download).data.url);
    expect(file.status).toBe(200);
    expect(file.body.equals(PDF_BYTES)).toBe(true);
    expect(file.disposition).toContain('attachment');

    const other = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/s3/download',
      headers: await shop.loginAs(DEMO.korea),
      payload: { imageUrl: entry.fileUrl },
    });
    expect(other.statusCode).toBe(404);
    const guest = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/s3/download',
      payload: { imageUrl: entry.fileUrl },
    });
    expect(guest.statusCode).toBe(401);
  });

  async function signUpWith(fileUrl: string) {
    const { verifyEmail, signupForm } = await import('../../test/accounts.js');
    const email = `files-${Math.random().toString(36).slice(2)}@company.example`;
    await verifyEmail(shop, email);
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: signupForm(email, fileUrl),
    });
    expect(res.statusCode).toBe(200);
    return { email, password: 'Seoul2026!' };
  }

  it('refuses file types outside the list with the spec message, and product images from buyers', async () => {
    for (const name of ['tool.exe', 'page.html', 'noextension']) {
      const { res } = await uploadUrl(name);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(messages.file.typeNotAllowed);
    }
    const image = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/s3/upload',
      headers: await shop.loginAs(DEMO.korea),
      payload: { fileInfoList: [{ fileType: 'PRODUCT_IMAGE', fileName: 'a.png' }] },
    });
    expect(image.statusCode).toBe(403);
  });

  it('refuses content that is not what the name says', async () => {
    const { entry } = await uploadUrl('certificate.pdf');
    const status = await put(
      entry.url,
      entry.contentType,
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    const account = signUpWith(entry.fileUrl).catch((err: Error) => err);
    if (driver === 'local') expect(status).toBe(400);
    // On S3 the bucket takes any bytes; the check happens when the file is used.
    expect(await account).toBeInstanceOf(Error);
  });

  it('reads an SVG certificate whole when it is used, and hands a clean one out as an SVG attachment', async () => {
    const padded = HOSTILE_SVGS.find(([name]) => name.includes('70 KB'))![1];
    const hostile = await uploadUrl('late-script.svg');
    const status = await put(hostile.entry.url, hostile.entry.contentType, padded);
    if (driver === 'local') expect(status).toBe(400);
    expect(await signUpWith(hostile.entry.fileUrl).catch((err: Error) => err)).toBeInstanceOf(Error);

    const clean = await uploadUrl('seal.svg');
    expect(await put(clean.entry.url, clean.entry.contentType, CLEAN_SVG)).toBe(200);
    const owner = await signUpWith(clean.entry.fileUrl);
    const link = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/s3/download',
      headers: await shop.loginAs(owner.email, owner.password),
      payload: { imageUrl: clean.entry.fileUrl },
    });
    const file = await fetchDownload(body(link).data.url);
    expect(file.status).toBe(200);
    expect(file.body.equals(CLEAN_SVG)).toBe(true);
    expect(file.type).toMatch(/^image\/svg\+xml/);
    expect(file.disposition).toMatch(/^attachment; filename="seal.svg"/);
  });

  it('accepts an image certificate checked by its signature', async () => {
    const { entry } = await uploadUrl('scan.png');
    expect(entry.contentType).toBe('image/png');
    expect(await put(entry.url, entry.contentType, PNG_BYTES)).toBe(200);
    await signUpWith(entry.fileUrl);
  });

  it('keeps another buyer from claiming an upload that is not theirs', async () => {
    const owner = await signUp(shop, `owner-${driver}@company.example`);
    const ownerAuth = await shop.loginAs(owner.email, owner.password);
    const { fileUrl } = await uploadCertificate(shop, { headers: ownerAuth });
    const profile = body(
      await shop.app.inject({ url: '/api/v1/user', headers: await shop.loginAs(DEMO.global) }),
    ).data;
    const res = await shop.app.inject({
      method: 'PATCH',
      url: '/api/v1/user',
      headers: await shop.loginAs(DEMO.global),
      payload: {
        companyName: profile.companyName,
        companyAddress: profile.companyAddress,
        representativeName: profile.representativeName,
        phoneNumber: profile.phoneNumber,
        businessRegistrationNumber: profile.businessRegistrationNumber,
        businessCertificateUrl: fileUrl,
        postalCode: profile.postalCode,
        marketingAgree: profile.marketingAgree,
      },
    });
    expect(res.statusCode).toBe(403);
  });

  it('removes uploads nobody used within a day', async () => {
    const { entry } = await uploadUrl('forgotten.pdf');
    await put(entry.url, entry.contentType, PDF_BYTES);
    const [row] = await shop.db.select().from(storedFiles).where(eq(storedFiles.fileName, 'forgotten.pdf'));
    const removed = await purgeUnreferenced(shop.db, shop.app.storage, Date.now() + 25 * 60 * 60 * 1000);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await shop.db.select().from(storedFiles).where(eq(storedFiles.id, row!.id))).toEqual([]);
    expect(await shop.app.storage.inspect(row!.storageKey, 16)).toBeNull();
  });
});

describe('local upload links', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ demoData: false });
  });
  afterAll(() => shop?.close());

  it('refuses a tampered signature, a different content type, a second upload and a file over 20 MiB', async () => {
    const first = await uploadCertificate(shop);
    expect(first.put.statusCode).toBe(200);
    const forged = await shop.app.inject({
      method: 'PUT',
      url: first.url.replace(/signature=[^&]+/, 'signature=forged'),
      headers: { 'content-type': first.contentType },
      payload: PDF_BYTES,
    });
    expect(body(forged).message).toBe('This upload link is not valid or has expired.');
    const again = await shop.app.inject({
      method: 'PUT',
      url: first.url,
      headers: { 'content-type': first.contentType },
      payload: PDF_BYTES,
    });
    expect(again.statusCode).toBe(409);

    const tampered = await uploadCertificate(shop, { fileName: 'x.pdf' });
    const res = await shop.app.inject({
      method: 'PUT',
      url: tampered.url.replace(/signature=[^&]+/, 'signature=forged'),
      headers: { 'content-type': 'application/pdf' },
      payload: PDF_BYTES,
    });
    expect(res.statusCode).toBe(403);

    const upload = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/s3/upload',
      payload: { fileInfoList: [{ fileType: 'BUSINESS_CERT', fileName: 'big.pdf' }] },
    });
    const { url } = body(upload).data.urlList[0];
    const wrongType = await shop.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'text/html' },
      payload: PDF_BYTES,
    });
    expect(wrongType.statusCode).toBe(403);
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const tooBig = await shop.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'application/pdf' },
      payload: big,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(body(tooBig).message).toBe('The file is too large (at most 20 MiB).');
  });
});

describe('SVG certificates and served files on local storage', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ demoData: false });
  });
  afterAll(() => shop?.close());

  it.each(HOSTILE_SVGS)('refuses an SVG with %s and keeps nothing of it', async (_name, bytes) => {
    const upload = await uploadCertificate(shop, { fileName: 'seal.svg', bytes });
    expect(upload.put.statusCode).toBe(400);
    expect(body(upload.put as LightMyRequestResponse).message).toBe(FILE_MESSAGES.contentMismatch);
    const [row] = await shop.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.storageKey, keyOf(upload.url)));
    expect(row!.uploadedAt).toBeNull();
    expect(await shop.app.storage.inspect(row!.storageKey, 16)).toBeNull();
  });

  it('accepts a clean SVG, and its owner downloads it sandboxed, unsniffed and as an attachment', async () => {
    const upload = await uploadCertificate(shop, { fileName: 'seal.svg', bytes: CLEAN_SVG });
    expect(upload.put.statusCode).toBe(200);
    const owner = await signedUpWith(upload.fileUrl);
    const link = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/s3/download',
      headers: owner,
      payload: { imageUrl: upload.fileUrl },
    });
    expect(link.statusCode).toBe(200);
    const file = await shop.app.inject({ url: body(link).data.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(CLEAN_SVG)).toBe(true);
    expect(file.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="seal.svg"/);
    expect(file.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses an SVG whose script sits beyond the first 64 KiB when it is used, not only when it arrives', async () => {
    const padded = HOSTILE_SVGS.find(([name]) => name.includes('70 KB'))![1];
    const upload = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/s3/upload',
      payload: { fileInfoList: [{ fileType: 'BUSINESS_CERT', fileName: 'late.svg' }] },
    });
    const { url, fileUrl } = body(upload).data.urlList[0];
    // Written behind the upload check's back, as a bucket would take it: the claim reads the whole file.
    await (shop.app.storage as LocalFileStorage).write(keyOf(url), Readable.from([padded]), MAX_UPLOAD_BYTES);
    const email = `late-${Date.now()}@company.example`;
    const { verifyEmail, signupForm } = await import('../../test/accounts.js');
    await verifyEmail(shop, email);
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: signupForm(email, fileUrl),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(FILE_MESSAGES.contentMismatch);
  });

  it('says a download link (not an upload link) is not valid when it is forged or expired', async () => {
    const upload = await uploadCertificate(shop);
    const owner = await signedUpWith(upload.fileUrl);
    const link = body(
      await shop.app.inject({
        method: 'POST',
        url: '/api/v1/s3/download',
        headers: owner,
        payload: { imageUrl: upload.fileUrl },
      }),
    ).data.url as string;
    const forged = await shop.app.inject({ url: link.replace(/signature=[^&]+/, 'signature=forged') });
    expect(forged.statusCode).toBe(403);
    expect(body(forged)).toEqual({
      statusCode: 403,
      message: 'This download link is not valid or has expired.',
      data: null,
    });
    const renamed = await shop.app.inject({ url: link.replace(/name=[^&]+/, 'name=other.pdf') });
    expect(body(renamed).message).toBe('This download link is not valid or has expired.');

    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now - 60 * 60 * 1000);
    const old = await shop.app.storage.downloadUrl(keyOf(upload.url), 'certificate.pdf', 'application/pdf');
    clock.mockRestore();
    const expired = await shop.app.inject({ url: old });
    expect(expired.statusCode).toBe(403);
    expect(body(expired).message).toBe('This download link is not valid or has expired.');
    expect((await shop.app.inject({ url: link })).statusCode).toBe(200);
  });

  it('serves product images sandboxed and unsniffed', async () => {
    const staff = await staffSession(shop, 'images@kshop.example', 'STAFF');
    const upload = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads',
      headers: staff,
      payload: { fileNames: ['cover.png'] },
    });
    const { url, fileUrl, contentType } = body(upload).data.urlList[0];
    const put = await shop.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': contentType },
      payload: PNG_BYTES,
    });
    expect(put.statusCode).toBe(200);
    const product = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: staff,
      payload: {
        title: 'Sealed Album',
        vendor: 'K-Label',
        categoryId: 9,
        imageUrls: [fileUrl],
        options: [
          { optionNameKey1: 'Version', optionNameValue1: 'A', priceKrw: 10000, priceUsd: 8, stock: 5 },
        ],
      },
    });
    expect(product.statusCode).toBe(200);
    const image = await shop.app.inject({ url: fileUrl });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });

  const keyOf = (url: string) => new URL(url, 'http://shop.test').pathname.replace(/^\/files\//, '');

  async function signedUpWith(fileUrl: string) {
    const { verifyEmail, signupForm } = await import('../../test/accounts.js');
    const email = `svg-${Math.random().toString(36).slice(2)}@company.example`;
    await verifyEmail(shop, email);
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: signupForm(email, fileUrl),
    });
    expect(res.statusCode).toBe(200);
    return shop.loginAs(email, 'Seoul2026!');
  }
});
