import type { TestShop } from './app.js';

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PNG_BYTES = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

/** Asks for an upload URL and PUTs the file to it, as the storefront does; answers the file URL to keep. */
export async function uploadCertificate(
  shop: TestShop,
  options: { fileName?: string; bytes?: Buffer; headers?: Record<string, string> } = {},
) {
  const fileName = options.fileName ?? 'certificate.pdf';
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/s3/upload',
    headers: options.headers,
    payload: { fileInfoList: [{ fileType: 'BUSINESS_CERT', fileName }] },
  });
  if (res.statusCode !== 200) throw new Error(`upload URL refused: ${res.body}`);
  const { url, fileUrl, contentType } = res.json().data.urlList[0];
  const bytes = options.bytes ?? PDF_BYTES;
  // Local storage takes the PUT on the API itself; S3 storage hands out an absolute URL of the bucket.
  const put = url.startsWith('http')
    ? {
        statusCode: (
          await fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes })
        ).status,
      }
    : await shop.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: bytes });
  return { url, fileUrl, contentType, put };
}

/** The six-digit code of the last verification mail to an address. */
export async function lastCode(shop: TestShop, email: string): Promise<string> {
  const mails = await shop.smtp.mailsTo(email);
  const code = /verification code is (\d{6})/.exec(mails.at(-1)!.raw)?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

/** Sends a code and waits for its mail; answers the code. */
export async function requestCode(shop: TestShop, email: string): Promise<string> {
  const before = shop.smtp.received.filter((m) => m.to.includes(email)).length;
  const res = await shop.app.inject({ method: 'POST', url: '/api/v1/mail', payload: { email } });
  if (res.statusCode !== 200) throw new Error(`code not sent: ${res.body}`);
  await shop.smtp.mailsTo(email, before + 1);
  return lastCode(shop, email);
}

export async function verifyEmail(shop: TestShop, email: string) {
  const code = await requestCode(shop, email);
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/auth/email-verification',
    payload: { email, code },
  });
  if (res.statusCode !== 200) throw new Error(`verification failed: ${res.body}`);
}

export const signupForm = (email: string, businessCertificateUrl: string) => ({
  email,
  password: 'Seoul2026!',
  companyName: 'Hanbit Records Trading',
  companyAddress: '12 Teheran-ro, Gangnam-gu, Seoul',
  representativeName: 'Kim Minji',
  phoneNumber: '+82 10-1234-5678',
  businessRegistrationNumber: '1208812345',
  businessCertificateUrl,
  postalCode: '06234',
  isKoreanCompany: true,
  personalInfoAgree: true,
  termsOfServiceAgree: true,
  marketingAgree: false,
});

/** A new company account, signed up through the API (PENDING until approved). */
export async function signUp(shop: TestShop, email: string) {
  await verifyEmail(shop, email);
  const { fileUrl } = await uploadCertificate(shop);
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: signupForm(email, fileUrl),
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  return { email, password: 'Seoul2026!', fileUrl };
}

/** Asks for a temporary password for `email` as the storefront does, and answers the one the mail carries. */
export async function temporaryPasswordFor(shop: TestShop, email: string): Promise<string> {
  const before = (await shop.smtp.mailsTo(email, 0)).length;
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/user/temp-password',
    payload: { email },
  });
  if (res.json().message !== 'Temporary password issued successfully.')
    throw new Error(`no temporary password for ${email}: ${res.body}`);
  const mails = await shop.smtp.mailsTo(email, before + 1);
  return /temporary password is (\S+)/.exec(mails.at(-1)!.raw)![1]!;
}
