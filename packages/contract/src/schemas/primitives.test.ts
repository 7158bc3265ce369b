import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactRequest, loginRequest } from './account.js';
import {
  adminOptionInput,
  adminOrderListQuery,
  adminProductInput,
  categoryInput,
  orderMemoRequest,
} from './admin.js';
import { orderCreateRequest } from './buying.js';
import { artistListParams, productDetailParams, productListQuery } from './catalog.js';
import {
  AMOUNT_MAX,
  boundedInt,
  hasControlCharacters,
  hasLoneSurrogate,
  intParam,
  isoDate,
  isoDateTime,
  MONEY_MAX,
  moneyAmount,
  PG_INTEGER,
  safeText,
  uuidText,
} from './primitives.js';

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};
const firstMessage = (schema: z.ZodType, input: unknown) => messagesOf(schema, input)[0];

describe('safeText', () => {
  const name = z.object({ name: safeText({ max: 10 }) });
  const note = z.object({ note: safeText({ max: 100, multiline: true }) });

  it('accepts ordinary text of any script, emoji included, and trims it', () => {
    expect(name.parse({ name: '  한빛 🎵 ' })).toEqual({ name: '한빛 🎵' });
    expect(note.parse({ note: 'line 1\n\tline 2\r\n' })).toEqual({ note: 'line 1\n\tline 2' });
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a bell', 'a\u0007b'],
    ['an escape', 'a\u001Bb'],
    ['DEL', 'a\u007Fb'],
    ['a tab inside one-line text', 'a\tb'],
    ['a line break inside one-line text', 'a\nb'],
  ])('refuses %s, naming the field', (_case, value) => {
    expect(messagesOf(name, { name: value })).toEqual(['name: must not contain control characters']);
  });

  it('refuses NUL and other controls in multi-line text too, but keeps tab and line breaks', () => {
    expect(firstMessage(note, { note: 'a\u0000' })).toBe('note: must not contain control characters');
    expect(firstMessage(note, { note: 'a\u000Bb' })).toBe('note: must not contain control characters');
    expect(note.safeParse({ note: 'a\tb\nc\rd' }).success).toBe(true);
  });

  it.each([
    ['a lone high surrogate', 'a\uD800'],
    ['a lone low surrogate', '\uDC00a'],
    ['two high surrogates', '\uD83D\uD83D'],
  ])('refuses %s', (_case, value) => {
    expect(messagesOf(name, { name: value })).toEqual(['name: must not contain invalid characters']);
  });

  it('has a maximum length counted after trimming', () => {
    expect(firstMessage(name, { name: 'x'.repeat(11) })).toBe('name: must be at most 10 characters');
    expect(name.safeParse({ name: ` ${'x'.repeat(10)} ` }).success).toBe(true);
    expect(firstMessage(name, { name: 'x'.repeat(300_000) })).toBe('name: must be at most 10 characters');
  });

  it('names nested fields by their path, and a lone value by its label', () => {
    const nested = z.object({ receiver: z.object({ lines: z.array(safeText({ max: 5 })) }) });
    expect(firstMessage(nested, { receiver: { lines: ['ok', 'a\u0000'] } })).toBe(
      'receiver.lines.1: must not contain control characters',
    );
    expect(firstMessage(safeText({ max: 5, label: 'fileName' }), 'a\u0000')).toBe(
      'fileName: must not contain control characters',
    );
  });

  it('says a missing or non-text value is required or must be text', () => {
    expect(firstMessage(name, {})).toBe('name: is required');
    expect(firstMessage(name, { name: 12 })).toBe('name: must be text');
  });

  it('uses the messages it is given: required, too long, or one for everything', () => {
    const required = z.object({
      company: safeText({ max: 5, required: 'please enter it.', tooLong: 'too long.' }),
    });
    expect(firstMessage(required, { company: '  ' })).toBe('please enter it.');
    expect(firstMessage(required, {})).toBe('please enter it.');
    expect(firstMessage(required, { company: '123456' })).toBe('too long.');
    const login = z.object({ email: safeText({ max: 5, error: 'check' }) });
    for (const value of ['', 'a\u0000', 'a\uD800', '123456', 7, undefined]) {
      const found = messagesOf(login, { email: value });
      expect(found.length).toBeGreaterThan(0);
      expect(new Set(found)).toEqual(new Set(['check']));
    }
  });

  it('keeps the spaces of a password', () => {
    expect(safeText({ max: 20, trim: false }).parse(' pass ')).toBe(' pass ');
  });
});

describe('hasControlCharacters and hasLoneSurrogate', () => {
  it('tell text apart from what the database refuses', () => {
    expect(hasControlCharacters('plain text, 한글, 😀')).toBe(false);
    expect(hasControlCharacters('a\nb')).toBe(true);
    expect(hasControlCharacters('a\nb', true)).toBe(false);
    expect(hasLoneSurrogate('😀')).toBe(false);
    expect(hasLoneSurrogate('😀'.slice(0, 1))).toBe(true);
    expect(hasLoneSurrogate('😀'.slice(1))).toBe(true);
  });
});

describe('boundedInt', () => {
  const sort = z.object({ sortOrder: boundedInt({ min: -10, max: PG_INTEGER.max }) });

  it('takes whole numbers within its range', () => {
    expect(sort.parse({ sortOrder: PG_INTEGER.max })).toEqual({ sortOrder: 2_147_483_647 });
    expect(sort.parse({ sortOrder: -10 })).toEqual({ sortOrder: -10 });
  });

  it.each([
    [2_147_483_648, 'sortOrder: must be at most 2147483647'],
    [1e21, 'sortOrder: must be at most 2147483647'],
    [-11, 'sortOrder: must be at least -10'],
    [1.5, 'sortOrder: must be a whole number'],
    ['3', 'sortOrder: must be a whole number'],
    [null, 'sortOrder: must be a whole number'],
    [Number.POSITIVE_INFINITY, 'sortOrder: must be a whole number'],
    [Number.NaN, 'sortOrder: must be a whole number'],
  ])('refuses %s: %s', (value, message) => {
    expect(firstMessage(sort, { sortOrder: value })).toBe(message);
  });

  it('uses the messages it is given', () => {
    const quantity = boundedInt({
      min: 1,
      max: 9,
      tooSmall: 'Minimum order quantity is 1',
      tooBig: 'too many',
    });
    expect(firstMessage(quantity, 0)).toBe('Minimum order quantity is 1');
    expect(firstMessage(quantity, 10)).toBe('too many');
  });
});

describe('intParam', () => {
  const params = z.object({ categoryId: intParam({ min: 0, max: PG_INTEGER.max }) });

  it('reads a number from route or query text', () => {
    expect(params.parse({ categoryId: '2147483647' })).toEqual({ categoryId: 2_147_483_647 });
    expect(params.parse({ categoryId: 7 })).toEqual({ categoryId: 7 });
  });

  it.each([
    ['2147483648', 'categoryId: must be at most 2147483647'],
    ['1e21', 'categoryId: must be at most 2147483647'],
    ['9'.repeat(400), 'categoryId: must be a whole number'],
    ['-1', 'categoryId: must be at least 0'],
    ['1.5', 'categoryId: must be a whole number'],
    ['abc', 'categoryId: must be a whole number'],
    ['NaN', 'categoryId: must be a whole number'],
  ])('refuses %s', (value, message) => {
    expect(firstMessage(params, { categoryId: value })).toBe(message);
  });

  it('bounds every id of the catalogue routes', () => {
    expect(firstMessage(productListQuery, { categoryId: '2147483648' })).toMatch(
      /^categoryId: must be at most/,
    );
    expect(firstMessage(productListQuery, { artistId: '2147483648' })).toBe(
      'artistId: must be at most 2147483647',
    );
    expect(firstMessage(artistListParams, { categoryId: '2147483648' })).toBe(
      'categoryId: must be at most 2147483647',
    );
  });
});

describe('moneyAmount', () => {
  it('takes amounts up to the maximum of the currency; won are whole', () => {
    expect(moneyAmount('KRW').parse(MONEY_MAX.KRW)).toBe(MONEY_MAX.KRW);
    expect(moneyAmount('USD').parse(12.5)).toBe(12.5);
    expect(firstMessage(moneyAmount('KRW', { label: 'priceKrw' }), 0.5)).toBe('priceKrw: must be whole won');
  });

  it.each([
    ['USD', 1e21, `priceUsd: must be at most ${MONEY_MAX.USD}`],
    ['USD', MONEY_MAX.USD + 0.01, `priceUsd: must be at most ${MONEY_MAX.USD}`],
    ['KRW', MONEY_MAX.KRW + 1, `priceUsd: must be at most ${MONEY_MAX.KRW}`],
    ['USD', -0.01, 'priceUsd: cannot be negative'],
    ['USD', Number.POSITIVE_INFINITY, 'priceUsd: must be a number'],
    ['USD', '12', 'priceUsd: must be a number'],
  ] as const)('refuses %s %s', (currency, value, message) => {
    expect(firstMessage(z.object({ priceUsd: moneyAmount(currency) }), { priceUsd: value })).toBe(message);
  });
});

describe('isoDate and isoDateTime', () => {
  it('take real dates and times', () => {
    expect(isoDate().parse('2026-02-28')).toBe('2026-02-28');
    expect(isoDateTime().parse('2026-02-28T10:00:00+09:00')).toBe('2026-02-28T10:00:00+09:00');
  });

  it('refuse years PostgreSQL or the shop do not take, and offsets no place has', () => {
    const at = z.object({ from: isoDate(), start: isoDateTime() });
    expect(messagesOf(at, { from: '0000-01-01', start: '0000-01-01T00:00:00Z' })).toEqual([
      'from: must be a date from 1900 to 9999',
      'start: must be a time from 1900 to 9999',
    ]);
    expect(firstMessage(at, { from: '2026-01-01', start: '2026-01-01T00:00:00+23:00' })).toBe(
      'start: must be a time from 1900 to 9999',
    );
    expect(firstMessage(at, { from: '2026-02-30', start: '2026-01-01T00:00:00Z' })).toBe(
      'from: must be a date (YYYY-MM-DD)',
    );
  });
});

describe('the request schemas use the building blocks', () => {
  const contact = {
    email: 'buyer@example.com',
    companyName: 'Hanbit Records',
    representativeName: 'Kim Minji',
    businessRegistrationNumber: '1208812345',
    phoneNumber: '+82 10-1234-5678',
    content: 'Line one\nLine two',
    termsOfServiceAgree: true,
  };

  it('contact: no NUL, no lone surrogate, no 300,000-character names', () => {
    expect(contactRequest.safeParse(contact).success).toBe(true);
    expect(firstMessage(contactRequest, { ...contact, email: 'buy\u0000er@example.com' })).toBe(
      'email: must not contain control characters',
    );
    expect(firstMessage(contactRequest, { ...contact, companyName: 'x'.repeat(300_000) })).toBe(
      'companyName: must be at most 200 characters',
    );
    expect(firstMessage(contactRequest, { ...contact, representativeName: 'Kim\uD800' })).toBe(
      'representativeName: must not contain invalid characters',
    );
    expect(firstMessage(contactRequest, { ...contact, businessRegistrationNumber: '1'.repeat(51) })).toBe(
      'businessRegistrationNumber: must be at most 50 characters',
    );
  });

  it("login keeps answering 'check your Id or Password', NUL included", () => {
    const found = messagesOf(loginRequest, { email: 'a\u0000@b.co', password: 'Demo1234!' });
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found)).toEqual(new Set(['check your Id or Password']));
  });

  it('back office: stock, minimum, sort order, parent, prices and dates stay in range', () => {
    const option = {
      optionNameKey1: 'Version',
      optionNameValue1: 'A',
      priceKrw: 15000,
      priceUsd: 11.5,
      stock: 10,
    };
    expect(adminOptionInput.safeParse(option).success).toBe(true);
    expect(firstMessage(adminOptionInput, { ...option, stock: 2_147_483_648 })).toBe(
      'stock: must be at most 100000000',
    );
    expect(firstMessage(adminOptionInput, { ...option, minimumOrderQuantity: 2_147_483_648 })).toBe(
      'minimumOrderQuantity: must be at most 100000',
    );
    expect(firstMessage(adminOptionInput, { ...option, priceUsd: 1e21 })).toBe(
      'priceUsd: must be at most 1000000',
    );
    expect(firstMessage(adminOptionInput, { ...option, stock: -1 })).toBe('stock cannot be negative.');
    expect(firstMessage(adminOptionInput, { ...option, priceKrw: 'x' })).toBe('priceKrw must be a number.');
    expect(firstMessage(categoryInput, { id: 5, category: 'A', sortOrder: 2_147_483_648 })).toBe(
      'sortOrder: must be at most 1000000',
    );
    expect(firstMessage(categoryInput, { id: 5, category: 'A', parentId: 2_147_483_648 })).toBe(
      'parentId: must be at most 100000',
    );
    const product = { title: 'T', vendor: 'V', categoryId: 1, options: [option] };
    expect(adminProductInput.safeParse(product).success).toBe(true);
    expect(firstMessage(adminProductInput, { ...product, artistIds: [2_147_483_648] })).toBe(
      'artistIds.0: must be at most 2147483647',
    );
    expect(
      firstMessage(adminProductInput, { ...product, artistIds: Array.from({ length: 21 }, (_, i) => i + 1) }),
    ).toBe('A product has at most 20 artists.');
    expect(
      firstMessage(adminProductInput, { ...product, options: [{ ...option, optionNameValue1: 'A\u0000' }] }),
    ).toBe('options.0.optionNameValue1: must not contain control characters');
    expect(firstMessage(adminOrderListQuery, { from: '0000-01-01' })).toBe(
      'from: must be a date from 1900 to 9999',
    );
  });

  it('memos: the amount fits in the database', () => {
    expect(orderMemoRequest.safeParse({ content: 'Shipping fee/15000' }).success).toBe(true);
    expect(firstMessage(orderMemoRequest, { content: `Fee/${'9'.repeat(30)}` })).toBe(
      `content: the amount must be at most ${AMOUNT_MAX}`,
    );
  });

  it('orders: the payment amount is finite and bounded, the receiver fields are safe text', () => {
    const order = {
      currencyCode: 'KRW',
      finalPaymentAmount: 1e21,
      receiverInfo: {
        companyName: 'Hanbit',
        companyEmail: 'orders@hanbit.example',
        receiverName: 'Kim',
        addressDetail: 'Seoul\nGangnam',
        phoneNumber: '+82 10',
      },
      productOptionList: [{ productOptionUuid: '7b0c7a52-4f3e-4a8e-9a57-3b9b4d0f8a11', quantity: 1 }],
    };
    expect(firstMessage(orderCreateRequest, order)).toBe(`finalPaymentAmount: must be at most ${AMOUNT_MAX}`);
    expect(
      firstMessage(orderCreateRequest, {
        ...order,
        finalPaymentAmount: 1,
        receiverInfo: { ...order.receiverInfo, receiverName: 'Kim\u0000' },
      }),
    ).toBe('receiverInfo.receiverName: must not contain control characters');
    expect(
      firstMessage(orderCreateRequest, {
        ...order,
        finalPaymentAmount: 1,
        productOptionList: [{ ...order.productOptionList[0], quantity: 2_147_483_648 }],
      }),
    ).toBe('quantity is too large.');
  });

  it("orders: the buyer's PO number is trimmed, empty reads as absent, 50 characters at most", () => {
    const order = {
      currencyCode: 'KRW',
      finalPaymentAmount: 1,
      receiverInfo: {
        companyName: 'Hanbit',
        companyEmail: 'orders@hanbit.example',
        receiverName: 'Kim',
        addressDetail: 'Seoul',
        phoneNumber: '+82 10',
      },
      productOptionList: [{ productOptionUuid: '7b0c7a52-4f3e-4a8e-9a57-3b9b4d0f8a11', quantity: 1 }],
    };
    expect(orderCreateRequest.parse({ ...order, poReference: '  PO-4500012345 ' }).poReference).toBe(
      'PO-4500012345',
    );
    expect(orderCreateRequest.parse({ ...order, poReference: '   ' }).poReference).toBeUndefined();
    expect(orderCreateRequest.parse(order).poReference).toBeUndefined();
    expect(orderCreateRequest.parse({ ...order, poReference: 'P'.repeat(50) }).poReference).toHaveLength(50);
    expect(firstMessage(orderCreateRequest, { ...order, poReference: 'P'.repeat(51) })).toBe(
      'Your PO number must be at most 50 characters.',
    );
    expect(firstMessage(orderCreateRequest, { ...order, poReference: 'PO\u0000' })).toBe(
      'poReference: must not contain control characters',
    );
  });
});

describe('uuidText', () => {
  it('reads a UUID in any case as lower case, and names the field when it is not one', () => {
    const params = z.object({ optionUuid: uuidText() });
    expect(params.parse({ optionUuid: '0200D23D-EADC-47F3-8DBA-F02CE3C58F2F' })).toEqual({
      optionUuid: '0200d23d-eadc-47f3-8dba-f02ce3c58f2f',
    });
    expect(firstMessage(params, { optionUuid: '0200d23d%00' })).toBe('optionUuid: must be a valid id');
    expect(productDetailParams.parse({ optionUuid: 'A0C1B6D2-4F3E-4A8E-9A57-3B9B4D0F8A11' }).optionUuid).toBe(
      'a0c1b6d2-4f3e-4a8e-9a57-3b9b4d0f8a11',
    );
  });
});
