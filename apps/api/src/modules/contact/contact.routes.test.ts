import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactInquiries } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ env: { SHOP_INBOX_EMAIL: 'inbox@kshop.example' } });
});
afterAll(() => shop?.close());

const inquiry = {
  email: 'buyer@store.example',
  companyName: 'Store Co',
  representativeName: 'Lee Jisoo',
  businessRegistrationNumber: '1234567890',
  phoneNumber: '+82 2 555 0101',
  content: 'Do you ship light sticks to Singapore?',
  termsOfServiceAgree: true,
};
const count = async () =>
  (await shop.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(contactInquiries))[0]!.n;

describe('contact', () => {
  it('keeps a guest inquiry and mails it to the shop', async () => {
    const res = await shop.app.inject({ method: 'POST', url: '/api/v1/contact', payload: inquiry });
    expect(body(res)).toEqual({
      statusCode: 200,
      message: 'your inquiry has been submitted successfully.',
      data: null,
    });
    const [mail] = await shop.smtp.mailsTo('inbox@kshop.example', 1, (m) =>
      m.raw.includes('Do you ship light sticks to Singapore?'),
    );
    expect(mail!.to).toEqual(['inbox@kshop.example']);
    const [row] = await shop.db.select().from(contactInquiries);
    expect(row!.buyerId).toBeNull();
  });

  it('links a member inquiry to the member', async () => {
    const auth = await shop.loginAs(DEMO.korea);
    await shop.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: auth,
      payload: { ...inquiry, content: 'member asks' },
    });
    const rows = await shop.db.select().from(contactInquiries);
    expect(rows.find((r) => r.content === 'member asks')!.buyerId).not.toBeNull();
  });

  it.each([
    [{ email: '' }, 'please enter your email.'],
    [{ email: 'ab' }, 'email must be between 3 and 100 characters.'],
    [{ email: 'not-an-email' }, 'please enter a valid email address.'],
    [{ companyName: '' }, 'please enter your company name.'],
    [{ representativeName: '' }, 'please enter your representative name.'],
    [{ businessRegistrationNumber: '' }, 'please enter your business registration number.'],
    [{ phoneNumber: '' }, 'please enter your phone number.'],
    [{ phoneNumber: '123456789012345678901' }, 'phone number must be between 7 and 20 characters.'],
    [{ content: '' }, 'content must be between 1 and 20000 characters.'],
    [{ content: 'x'.repeat(20001) }, 'content must be between 1 and 20000 characters.'],
    [{ termsOfServiceAgree: false }, 'you must agree to the terms of service.'],
  ])('answers 400 with the spec message and keeps nothing for %o', async (change, message) => {
    const before = await count();
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { ...inquiry, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(message);
    expect(await count()).toBe(before);
  });
});
