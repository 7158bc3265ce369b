import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyers } from '../../db/schema.js';
import { signupForm, uploadCertificate, verifyEmail } from '../../test/accounts.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { staffSession } from '../../test/staff.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const storedLanguage = async (email: string) =>
  (await shop.db.select({ language: buyers.language }).from(buyers).where(eq(buyers.email, email)))[0]
    ?.language;

describe("a member's language", () => {
  it("is the browser's at sign-up", async () => {
    for (const [email, header, language] of [
      ['korean-browser@example.com', 'ko-KR,ko;q=0.9,en;q=0.8', 'ko'],
      ['english-browser@example.com', 'en-GB,en;q=0.9', 'en'],
    ] as const) {
      await verifyEmail(shop, email);
      const { fileUrl } = await uploadCertificate(shop);
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        headers: { 'accept-language': header },
        payload: signupForm(email, fileUrl),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await storedLanguage(email)).toBe(language);
    }
  });

  it('is read and chosen by the member alone; a value the shop does not speak changes nothing', async () => {
    const member = await shop.loginAs(DEMO.korea);
    const read = () => shop.app.inject({ method: 'GET', url: '/api/v1/user/language', headers: member });
    const choose = (language: unknown) =>
      shop.app.inject({
        method: 'PUT',
        url: '/api/v1/user/language',
        headers: member,
        payload: { language },
      });
    expect(body(await read()).data).toEqual({ language: 'en' });

    const chosen = await choose('ko');
    expect(chosen.statusCode).toBe(200);
    expect(body(chosen).data).toEqual({ language: 'ko' });
    expect(body(await read()).data).toEqual({ language: 'ko' });
    expect(await storedLanguage(DEMO.korea)).toBe('ko');

    for (const wrong of ['ja', 'KO', '', null, 7]) {
      const refused = await choose(wrong);
      expect(refused.statusCode).toBe(400);
      expect(body(refused).message).toBe('language must be one of en, ko.');
    }
    expect(await storedLanguage(DEMO.korea)).toBe('ko');
    // Another member's language is untouched.
    expect(await storedLanguage(DEMO.global)).toBe('en');
    await choose('en');
  });

  it("is nobody's business without a sign-in", async () => {
    const res = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/user/language',
      payload: { language: 'ko' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("a member of staff's back office language", () => {
  it('is Korean for a new account, and theirs to change', async () => {
    const clerk = await staffSession(shop, 'language-clerk@kshop.example');
    const me = async () => body(await shop.app.inject({ url: '/api/v1/admin/me', headers: clerk })).data;
    expect((await me()).language).toBe('ko');
    const changed = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/me/language',
      headers: clerk,
      payload: { language: 'en' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me()).language).toBe('en');
    const refused = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/me/language',
      headers: clerk,
      payload: { language: 'de' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await me()).language).toBe('en');
  });
});
