import { ADDRESS_RULES, messages } from '@kshop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, buyers } from '../../db/schema.js';
import { signUp, uploadCertificate } from '../../test/accounts.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';

let shop: TestShop;
type Auth = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers?: Auth, payload?: object) =>
  shop.app.inject({ method, url, headers, payload });

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const editable = (p: Record<string, unknown>) => ({
  companyName: p.companyName,
  companyAddress: p.companyAddress,
  representativeName: p.representativeName,
  phoneNumber: p.phoneNumber,
  businessRegistrationNumber: p.businessRegistrationNumber,
  businessCertificateUrl: p.businessCertificateUrl,
  postalCode: p.postalCode,
  marketingAgree: p.marketingAgree,
});

describe('profile', () => {
  it('is only for members', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/user'],
      ['PATCH', '/api/v1/user'],
      ['DELETE', '/api/v1/user'],
      ['PATCH', '/api/v1/user/password'],
      ['POST', '/api/v1/user/address'],
    ] as const) {
      const res = await call(
        method,
        url,
        undefined,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect([400, 401]).toContain(res.statusCode);
      if (method === 'GET' || method === 'DELETE')
        expect(body(res)).toEqual({ statusCode: 401, message: 'Unauthorized', data: null });
    }
    const expired = await call('GET', '/api/v1/user', { authorization: 'Bearer expired-or-unknown' });
    expect(expired.statusCode).toBe(401);
  });

  it('shows the member its own profile and addresses, never a password hash', async () => {
    const res = await call('GET', '/api/v1/user', await shop.loginAs(DEMO.korea));
    expect(res.statusCode).toBe(200);
    const data = body(res).data;
    expect(data.email).toBe(DEMO.korea);
    expect(data.addresses.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/argon2|passwordHash/);
  });

  it('saves changes, validates them with the spec messages, and changes nothing on a bad request', async () => {
    const auth = await shop.loginAs(DEMO.global);
    const before = body(await call('GET', '/api/v1/user', auth)).data;
    const bad = await call('PATCH', '/api/v1/user', auth, {
      ...editable(before),
      companyName: '',
      phoneNumber: '1',
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('please enter your company name.');
    expect(body(await call('GET', '/api/v1/user', auth)).data).toEqual(before);

    const saved = await call('PATCH', '/api/v1/user', auth, {
      ...editable(before),
      phoneNumber: '+1 212 555 0100',
      marketingAgree: true,
    });
    expect(body(saved)).toEqual({ statusCode: 200, message: 'Profile updated successfully!', data: null });
    const after = body(await call('GET', '/api/v1/user', auth)).data;
    expect(after.phoneNumber).toBe('+1 212 555 0100');
    expect(after.marketingAgree).toBe(true);
  });

  it('replaces the certificate with a new upload of the member', async () => {
    const account = await signUp(shop, 'newcert@company.example');
    const auth = await shop.loginAs(account.email, account.password);
    const { fileUrl } = await uploadCertificate(shop, { headers: auth, fileName: 'renewed.pdf' });
    const before = body(await call('GET', '/api/v1/user', auth)).data;
    const res = await call('PATCH', '/api/v1/user', auth, {
      ...editable(before),
      businessCertificateUrl: fileUrl,
    });
    expect(res.statusCode).toBe(200);
    const after = body(await call('GET', '/api/v1/user', auth)).data;
    expect(after.businessCertificateName).toBe('renewed.pdf');
    expect(after.businessCertificateUrl).toBe(fileUrl);
  });
});

describe('addresses', () => {
  it('keeps exactly one default and touches only the member own addresses', async () => {
    const account = await signUp(shop, 'addresses@company.example');
    const auth = await shop.loginAs(account.email, account.password);
    const first = body(
      await call('POST', '/api/v1/user/address', auth, { addressDetail: '1 First St', postalCode: '' }),
    );
    expect(first.message).toBe('Address added successfully!');
    expect(first.data.isDefault).toBe(true);
    const second = body(
      await call('POST', '/api/v1/user/address', auth, {
        addressDetail: '2 Second St',
        postalCode: '04524',
        isDefault: true,
      }),
    ).data;
    const third = body(
      await call('POST', '/api/v1/user/address', auth, { addressDetail: '3 Third St' }),
    ).data;
    const defaults = async () =>
      (await shop.db.select().from(addresses).where(eq(addresses.isDefault, true))).filter((a) =>
        [first.data.addressUuid, second.addressUuid, third.addressUuid].includes(a.id),
      );
    expect((await defaults()).map((a) => a.id)).toEqual([second.addressUuid]);

    const updated = await call('PATCH', `/api/v1/user/address/${third.addressUuid}`, auth, {
      addressDetail: '3 Third Street',
      postalCode: '12345',
      isDefault: true,
    });
    expect(body(updated).message).toBe('Address updated successfully!');
    expect((await defaults()).map((a) => a.id)).toEqual([third.addressUuid]);

    const deleted = await call('DELETE', `/api/v1/user/address/${third.addressUuid}`, auth);
    expect(body(deleted).message).toBe('Address deleted successfully.');
    expect(await defaults()).toHaveLength(1);

    const other = await shop.loginAs(DEMO.korea);
    expect(
      (
        await call('PATCH', `/api/v1/user/address/${second.addressUuid}`, other, {
          addressDetail: 'mine now',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/v1/user/address/${second.addressUuid}`, other)).statusCode).toBe(404);
    const [kept] = await shop.db.select().from(addresses).where(eq(addresses.id, second.addressUuid));
    expect(kept!.addressDetail).toBe('2 Second St');
  });

  it("keeps a Canadian postal code and country as saved, Korea for a Korean company's, and a Global company's without one as unknown", async () => {
    const global = await shop.loginAs(DEMO.global);
    const toronto = await call('POST', '/api/v1/user/address', global, {
      addressDetail: '200 Front St W, Toronto, ON',
      postalCode: ' M5V 2T6 ',
      country: 'ca',
    });
    expect(toronto.statusCode, toronto.body).toBe(200);
    const saved = body(toronto).data;
    expect(saved).toMatchObject({ postalCode: 'M5V 2T6', country: 'CA' });
    const read = body(await call('GET', '/api/v1/user', global)).data.addresses.find(
      (a: { addressUuid: string }) => a.addressUuid === saved.addressUuid,
    );
    expect(read).toEqual({
      addressUuid: saved.addressUuid,
      postalCode: 'M5V 2T6',
      addressDetail: '200 Front St W, Toronto, ON',
      isDefault: false,
      country: 'CA',
    });
    // An update that names no country keeps the one saved.
    const moved = await call('PATCH', `/api/v1/user/address/${saved.addressUuid}`, global, {
      addressDetail: '100 King St W, Toronto, ON',
      postalCode: 'M5X 1A9',
    });
    expect(body(moved).data).toMatchObject({ postalCode: 'M5X 1A9', country: 'CA' });

    // The spec's call names no country: a Global company's address without one is kept, its country unknown
    // (the storefront's dialog asks for it before sending).
    const noCountry = await call('POST', '/api/v1/user/address', global, { addressDetail: '1 Somewhere' });
    expect(body(noCountry)).toMatchObject({ statusCode: 200, data: { country: null } });
    for (const [field, value, message] of [
      ['country', 'XX', ADDRESS_RULES.countryInvalid],
      ['postalCode', 'M5V#2T6', ADDRESS_RULES.postalCodePattern],
      ['postalCode', 'M5V 2T6 000', ADDRESS_RULES.postalCodeTooLong],
    ]) {
      const res = await call('POST', '/api/v1/user/address', global, {
        addressDetail: '1 Somewhere',
        country: 'US',
        [field!]: value,
      });
      expect(res.statusCode, `${field} ${value}`).toBe(400);
      expect(body(res).message).toContain(message);
    }

    const korea = await shop.loginAs(DEMO.korea);
    const seoul = body(
      await call('POST', '/api/v1/user/address', korea, { addressDetail: '서울특별시 중구 세종대로 110' }),
    ).data;
    expect(seoul.country).toBe('KR');
  });

  it('requires the shipping address', async () => {
    const res = await call('POST', '/api/v1/user/address', await shop.loginAs(DEMO.korea), {
      addressDetail: '  ',
      postalCode: '1',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(messages.address.required);
  });
});

describe('passwords', () => {
  it('changes the password, ending every session, the one that changed it too', async () => {
    const account = await signUp(shop, 'password@company.example');
    const current = await shop.loginAs(account.email, account.password);
    const other = await shop.loginAs(account.email, account.password);
    const bad = await call('PATCH', '/api/v1/user/password', current, { password: 'short' });
    expect(body(bad).message).toBe('password must be 8-40 characters long.');
    const res = await call('PATCH', '/api/v1/user/password', current, { password: 'Busan2027#' });
    expect(body(res).message).toBe('Password has been changed successfully. Please log in again.');
    expect((await call('GET', '/api/v1/user', other)).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/user', current)).statusCode).toBe(401);
    await expect(shop.loginAs(account.email, account.password)).rejects.toThrow();
    await shop.loginAs(account.email, 'Busan2027#');
  });

  it('mails a temporary password that follows the rules and replaces the old one when first used', async () => {
    const account = await signUp(shop, 'forgot@company.example');
    const session = await shop.loginAs(account.email, account.password);
    const unknown = await call('POST', '/api/v1/user/temp-password', undefined, {
      email: 'nobody@company.example',
    });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('User not found.');

    const res = await call('POST', '/api/v1/user/temp-password', undefined, { email: account.email });
    expect(body(res)).toEqual({
      statusCode: 200,
      message: 'Temporary password issued successfully.',
      data: null,
    });
    const mail = await shop.smtp.waitFor(
      (m) => m.to.includes(account.email) && m.subject.includes('temporary password'),
    );
    const temporary = /temporary password is (\S+)/.exec(mail.raw)![1]!;
    expect(temporary).toMatch(/^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z\d]).{8,40}$/);
    // Asking changes nothing yet: the session goes on until the temporary password is used.
    expect((await call('GET', '/api/v1/user', session)).statusCode).toBe(200);
    await shop.loginAs(account.email, temporary);
    expect((await call('GET', '/api/v1/user', session)).statusCode).toBe(401);
    await expect(shop.loginAs(account.email, account.password)).rejects.toThrow();
    await shop.loginAs(account.email, temporary);
  });
});

describe('account deletion', () => {
  it('ends the sessions, removes personal data and frees the email', async () => {
    const account = await signUp(shop, 'leaving@company.example');
    const auth = await shop.loginAs(account.email, account.password);
    await call('POST', '/api/v1/user/address', auth, { addressDetail: '9 Exit Rd' });
    const res = await call('DELETE', '/api/v1/user', auth);
    expect(body(res)).toEqual({ statusCode: 200, message: 'Account deleted successfully.', data: null });
    expect((await call('GET', '/api/v1/user', auth)).statusCode).toBe(401);
    await expect(shop.loginAs(account.email, account.password)).rejects.toThrow();
    const rows = await shop.db.select().from(buyers).where(sql`${buyers.deletedAt} is not null`);
    const gone = rows.find(
      (b) => b.companyName === 'Hanbit Records Trading' && b.email.startsWith('deleted-'),
    )!;
    expect(gone.phoneNumber).toBe('');
    expect(gone.representativeName).toBe('');
    expect(await shop.db.select().from(addresses).where(eq(addresses.buyerId, gone.id))).toEqual([]);
    expect(
      (await call('POST', '/api/v1/auth/email-duplication', undefined, { email: account.email })).statusCode,
    ).toBe(200);
  });
});
