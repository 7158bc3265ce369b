import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addressRequest,
  changePasswordRequest,
  contactRequest,
  loginRequest,
  signupRequest,
} from './account.js';

/** The messages zod reports for one field, first one first (the API shows the first). */
function fieldMessages(schema: z.ZodType, input: unknown, field: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}
const firstMessage = (schema: z.ZodType, input: unknown, field: string) =>
  fieldMessages(schema, input, field)[0];

const contact = {
  email: 'buyer@example.com',
  companyName: 'Hanbit Records',
  representativeName: 'Kim Minji',
  businessRegistrationNumber: '1208812345',
  phoneNumber: '+82 10-1234-5678',
  content: 'We would like to order 200 albums.',
  termsOfServiceAgree: true,
};

describe('contactRequest', () => {
  it('accepts a complete inquiry', () => {
    expect(contactRequest.parse(contact)).toEqual(contact);
  });

  it("asks for the email first when it is empty or missing: 'please enter your email.'", () => {
    expect(firstMessage(contactRequest, { ...contact, email: '' }, 'email')).toBe('please enter your email.');
    expect(firstMessage(contactRequest, { ...contact, email: '   ' }, 'email')).toBe(
      'please enter your email.',
    );
    const { email: _, ...withoutEmail } = contact;
    expect(firstMessage(contactRequest, withoutEmail, 'email')).toBe('please enter your email.');
  });

  it('checks the email length (3 to 100) before its pattern', () => {
    expect(firstMessage(contactRequest, { ...contact, email: 'a@' }, 'email')).toBe(
      'email must be between 3 and 100 characters.',
    );
    expect(firstMessage(contactRequest, { ...contact, email: `${'a'.repeat(95)}@b.com` }, 'email')).toBe(
      'email must be between 3 and 100 characters.',
    );
  });

  it("says 'please enter a valid email address.' for a long enough email of the wrong shape", () => {
    expect(fieldMessages(contactRequest, { ...contact, email: 'a@b' }, 'email')).toEqual([
      'please enter a valid email address.',
    ]);
    expect(fieldMessages(contactRequest, { ...contact, email: 'buyer.example.com' }, 'email')).toEqual([
      'please enter a valid email address.',
    ]);
  });

  it.each([
    ['companyName', 'please enter your company name.'],
    ['representativeName', 'please enter your representative name.'],
    ['businessRegistrationNumber', 'please enter your business registration number.'],
    ['phoneNumber', 'please enter your phone number.'],
  ])('requires %s', (field, message) => {
    expect(firstMessage(contactRequest, { ...contact, [field]: '' }, field)).toBe(message);
    expect(firstMessage(contactRequest, { ...contact, [field]: undefined }, field)).toBe(message);
  });

  it('wants a phone number of 7 to 20 characters', () => {
    const message = 'phone number must be between 7 and 20 characters.';
    expect(firstMessage(contactRequest, { ...contact, phoneNumber: '123456' }, 'phoneNumber')).toBe(message);
    expect(firstMessage(contactRequest, { ...contact, phoneNumber: '1'.repeat(21) }, 'phoneNumber')).toBe(
      message,
    );
    expect(contactRequest.safeParse({ ...contact, phoneNumber: '1234567' }).success).toBe(true);
    expect(contactRequest.safeParse({ ...contact, phoneNumber: '1'.repeat(20) }).success).toBe(true);
  });

  it('wants content of 1 to 20000 characters', () => {
    const message = 'content must be between 1 and 20000 characters.';
    expect(firstMessage(contactRequest, { ...contact, content: '' }, 'content')).toBe(message);
    expect(firstMessage(contactRequest, { ...contact, content: 'x'.repeat(20001) }, 'content')).toBe(message);
    expect(contactRequest.safeParse({ ...contact, content: 'x'.repeat(20000) }).success).toBe(true);
  });

  it('requires agreeing to the terms', () => {
    const message = 'you must agree to the terms of service.';
    expect(
      firstMessage(contactRequest, { ...contact, termsOfServiceAgree: false }, 'termsOfServiceAgree'),
    ).toBe(message);
    const { termsOfServiceAgree: _, ...withoutTerms } = contact;
    expect(firstMessage(contactRequest, withoutTerms, 'termsOfServiceAgree')).toBe(message);
  });
});

describe('loginRequest', () => {
  it('accepts a plausible login', () => {
    expect(loginRequest.parse({ email: 'korea@demo.kshop.example', password: 'Demo1234!' })).toEqual({
      email: 'korea@demo.kshop.example',
      password: 'Demo1234!',
    });
  });

  it.each([
    ['an empty email', { email: '', password: 'Demo1234!' }],
    ['a malformed email', { email: 'korea', password: 'Demo1234!' }],
    ['a long email', { email: `${'a'.repeat(95)}@b.com`, password: 'Demo1234!' }],
    ['a short password', { email: 'a@b.co', password: 'Ab1!' }],
    ['a password without a special character', { email: 'a@b.co', password: 'Demo12345' }],
    ['a password with a space', { email: 'a@b.co', password: 'Demo 1234!' }],
    ['missing fields', {}],
  ])("answers 'check your Id or Password' for %s", (_case, input) => {
    const result = loginRequest.safeParse(input);
    expect(result.success).toBe(false);
    for (const issue of result.error!.issues) expect(issue.message).toBe('check your Id or Password');
  });
});

describe('new passwords (sign-up and change)', () => {
  it('uses the password messages', () => {
    expect(firstMessage(changePasswordRequest, { password: 'Ab1!' }, 'password')).toBe(
      'password must be 8-40 characters long.',
    );
    expect(firstMessage(changePasswordRequest, { password: 'Abcdefgh1' }, 'password')).toBe(
      'password must include letters, numbers, and special characters.',
    );
    expect(firstMessage(changePasswordRequest, { password: 'Abcdefg1|' }, 'password')).toBe(
      'password must include letters, numbers, and special characters.',
    );
    expect(changePasswordRequest.safeParse({ password: 'Demo1234!' }).success).toBe(true);
  });

  it('applies them to sign-up too', () => {
    const signup = {
      email: 'new@buyer.example',
      password: 'short',
      companyName: 'Starlight Goods',
      companyAddress: 'Los Angeles',
      representativeName: 'Emily Carter',
      phoneNumber: '+1 213-555-0147',
      businessRegistrationNumber: '4729150386',
      businessCertificateUrl: '/files/cert.pdf',
      isKoreanCompany: false,
      personalInfoAgree: true,
      termsOfServiceAgree: true,
    };
    expect(firstMessage(signupRequest, signup, 'password')).toBe('password must be 8-40 characters long.');
    const parsed = signupRequest.parse({ ...signup, password: 'Demo1234!' });
    expect(parsed.postalCode).toBe('');
    expect(parsed.marketingAgree).toBe(false);
  });
});

describe('addressRequest', () => {
  it('requires the shipping address and leaves the postal code optional', () => {
    expect(addressRequest.parse({ addressDetail: 'Seoul' })).toEqual({
      addressDetail: 'Seoul',
      postalCode: '',
      isDefault: false,
    });
    expect(addressRequest.safeParse({ addressDetail: '  ' }).success).toBe(false);
  });
});
