import { messages } from '@kshop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyers, emailVerifications, storedFiles } from '../../db/schema.js';
import { lastCode, requestCode, signupForm, uploadCertificate, verifyEmail } from '../../test/accounts.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';

let shop: TestShop;
const post = (url: string, payload: unknown, headers?: Record<string, string>) =>
  shop.app.inject({ method: 'POST', url, payload: payload as object, headers });
const buyerCount = async () =>
  (await shop.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(buyers))[0]!.n;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

describe('email checks', () => {
  it('tells whether an email is taken', async () => {
    const taken = await post('/api/v1/auth/email-duplication', { email: DEMO.korea.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message).toBe(messages.signup.userExists);
    expect((await post('/api/v1/auth/email-duplication', { email: 'new@company.example' })).statusCode).toBe(
      200,
    );
  });

  it('validates the email with the spec messages', async () => {
    expect(body(await post('/api/v1/mail', { email: '' })).message).toBe('please enter your email.');
    expect(body(await post('/api/v1/mail', { email: 'a@' })).message).toBe(
      'email must be between 3 and 100 characters.',
    );
    expect(body(await post('/api/v1/mail', { email: 'nobody.example' })).message).toBe(
      'please enter a valid email address.',
    );
  });

  it('mails a six-digit code, stores only its hash, and accepts it once', async () => {
    const email = 'codes@company.example';
    const code = await requestCode(shop, email);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await shop.db.select().from(emailVerifications).where(eq(emailVerifications.email, email));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(181_000);
    const ok = await post('/api/v1/auth/email-verification', { email, code });
    expect(ok.statusCode).toBe(200);
    const again = await post('/api/v1/auth/email-verification', { email, code });
    expect(again.statusCode).toBe(401);
  });

  it('answers 401 with the spec message for a wrong or an over-tried code', async () => {
    const email = 'wrong@company.example';
    const code = await requestCode(shop, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post('/api/v1/auth/email-verification', { email, code: wrong });
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe('Invalid email verification code.');
    for (let i = 0; i < 4; i++) await post('/api/v1/auth/email-verification', { email, code: wrong });
    const overTried = await post('/api/v1/auth/email-verification', { email, code });
    expect(overTried.statusCode).toBe(401);
    expect(body(overTried).message).toBe(messages.signup.invalidCode);
  });

  it('answers an expired code, right or wrong, with its own message, and a new code works again', async () => {
    const email = 'expired@company.example';
    const code = await requestCode(shop, email);
    await shop.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.email, email));
    const right = await post('/api/v1/auth/email-verification', { email, code });
    expect(right.statusCode).toBe(410);
    expect(body(right)).toEqual({ statusCode: 410, message: messages.signup.codeExpired, data: null });
    const wrong = await post('/api/v1/auth/email-verification', {
      email,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(410);
    expect(body(wrong).message).toBe(messages.signup.codeExpired);
    const [row] = await shop.db.select().from(emailVerifications).where(eq(emailVerifications.email, email));
    expect(row!.verifiedAt).toBeNull();
    expect(row!.failedAttempts).toBe(0);

    const fresh = await requestCode(shop, email);
    expect((await post('/api/v1/auth/email-verification', { email, code: fresh })).statusCode).toBe(200);
  });

  it('sending again replaces the earlier code', async () => {
    const email = 'resend@company.example';
    const first = await requestCode(shop, email);
    const second = await requestCode(shop, email);
    expect(await lastCode(shop, email)).toBe(second);
    if (first !== second)
      expect((await post('/api/v1/auth/email-verification', { email, code: first })).statusCode).toBe(401);
    expect((await post('/api/v1/auth/email-verification', { email, code: second })).statusCode).toBe(200);
  });

  it('refuses a code for an email that already has an account', async () => {
    const res = await post('/api/v1/mail', { email: DEMO.global });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('The user already exists');
  });
});

describe('sign-up', () => {
  it('creates a PENDING account with a hashed password and the certificate, then logs in to a pending state', async () => {
    const email = 'newco@company.example';
    await verifyEmail(shop, email);
    const { fileUrl } = await uploadCertificate(shop);
    const res = await post('/api/v1/auth/signup', signupForm(email, fileUrl));
    expect(body(res)).toEqual({ statusCode: 200, message: 'Sign up successful! Please log in.', data: null });

    const [buyer] = await shop.db.select().from(buyers).where(eq(buyers.email, email));
    expect(buyer!.status).toBe('PENDING');
    expect(buyer!.passwordHash).toMatch(/^\$argon2id\$/);
    const [file] = await shop.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, buyer!.businessCertificateFileId!));
    expect(file!.ownerBuyerId).toBe(buyer!.id);
    expect(file!.referencedAt).not.toBeNull();

    const auth = await shop.loginAs(email, 'Seoul2026!');
    const list = await shop.app.inject({ url: '/api/v1/product/list', headers: auth });
    expect(list.statusCode).toBe(403);
    expect(body(list).message).toBe('Your account is pending approval.');
  });

  it('needs a verified email', async () => {
    const { fileUrl } = await uploadCertificate(shop);
    const before = await buyerCount();
    const res = await post('/api/v1/auth/signup', signupForm('unverified@company.example', fileUrl));
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe('Invalid email verification code.');
    expect(await buyerCount()).toBe(before);
  });

  it('refuses an email that already has an account', async () => {
    const { fileUrl } = await uploadCertificate(shop);
    const res = await post('/api/v1/auth/signup', signupForm(DEMO.korea, fileUrl));
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('The user already exists');
  });

  it.each([
    [{ password: 'short1!' }, 'password must be 8-40 characters long.'],
    [{ password: 'nodigits!!' }, 'password must include letters, numbers, and special characters.'],
    [{ password: 'has space1!' }, 'password must include letters, numbers, and special characters.'],
    [{ password: 'quote1234"' }, 'password must include letters, numbers, and special characters.'],
    [{ companyName: ' ' }, 'please enter your company name.'],
    [{ representativeName: '' }, 'please enter your representative name.'],
    [{ businessRegistrationNumber: '12-34' }, 'please enter your business registration number.'],
    [{ phoneNumber: '123' }, 'phone number must be between 7 and 20 characters.'],
    [{ termsOfServiceAgree: false }, 'you must agree to the terms of service.'],
    [{ personalInfoAgree: false }, 'you must agree to the privacy policy.'],
    [{ postalCode: '06#34' }, 'postal code may contain only letters, digits, spaces and hyphens.'],
    [{ postalCode: 'M5V 2T6 123' }, 'postal code must be at most 10 characters.'],
  ])('answers 400 and creates nothing for %o', async (change, message) => {
    const email = `invalid-${Math.random().toString(36).slice(2)}@company.example`;
    await verifyEmail(shop, email);
    const { fileUrl } = await uploadCertificate(shop);
    const before = await buyerCount();
    const res = await post('/api/v1/auth/signup', { ...signupForm(email, fileUrl), ...change });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(message);
    expect(await buyerCount()).toBe(before);
  });

  it('refuses a certificate that was never uploaded and leaves no account behind', async () => {
    const email = 'nofile@company.example';
    await verifyEmail(shop, email);
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/s3/upload',
      payload: { fileInfoList: [{ fileType: 'BUSINESS_CERT', fileName: 'cert.pdf' }] },
    });
    const { fileUrl } = body(res).data.urlList[0];
    const before = await buyerCount();
    const signup = await post('/api/v1/auth/signup', signupForm(email, fileUrl));
    expect(signup.statusCode).toBe(400);
    expect(body(signup).message).toBe('The file was not uploaded. Please upload it again.');
    expect(await buyerCount()).toBe(before);
    // The verified email is still good for a second try.
    const { fileUrl: uploaded } = await uploadCertificate(shop);
    expect((await post('/api/v1/auth/signup', signupForm(email, uploaded))).statusCode).toBe(200);
  });
});
