import { describe, expect, it } from 'vitest';
import { ALLOWED_FILE_EXTENSIONS } from '../constants.js';
import { messages } from '../messages.js';
import {
  confirmPasswordError,
  digitsOnly,
  EMAIL_PATTERN,
  isAllowedFileName,
  isPlausibleLogin,
  newPasswordError,
  orderSubmitProblems,
  truncateFileName,
} from './validation.js';

const LENGTH = 'password must be 8-40 characters long.';
const PATTERN = 'password must include letters, numbers, and special characters.';

describe('newPasswordError', () => {
  it('says nothing while the field is empty', () => {
    expect(newPasswordError('')).toBeNull();
  });

  it('asks for 8 to 40 characters', () => {
    expect(newPasswordError('Abcd12!')).toBe(LENGTH); // 7
    expect(newPasswordError(`Ab1!${'a'.repeat(37)}`)).toBe(LENGTH); // 41
    expect(newPasswordError('Abcd123!')).toBeNull(); // 8
    expect(newPasswordError(`Ab1!${'a'.repeat(36)}`)).toBeNull(); // 40
  });

  it.each([
    ['no letter', '1234567!'],
    ['no digit', 'Abcdefg!'],
    ['no special character', 'Abcdefg1'],
    ['a space', 'Abc 123!'],
    ['a tab', 'Abc\t123!'],
    ['a backslash', 'Abc123!\\'],
    ['a single quote', "Abc123!'"],
    ['a double quote', 'Abc123!"'],
    ['a pipe', 'Abc123!|'],
    ['a tilde', 'Abc123!~'],
    ['a backtick', 'Abc123!`'],
    ['only an excluded special character', 'Abcd123~'],
  ])('rejects a password with %s', (_case, password) => {
    expect(newPasswordError(password)).toBe(PATTERN);
  });

  it.each(['Demo1234!', 'p@ssw0rd', 'A1#$%&()*+,-./:;<=>?@[]^_{}'])('accepts %s', (password) => {
    expect(newPasswordError(password)).toBeNull();
  });
});

describe('confirmPasswordError', () => {
  it("says 'passwords do not match' when the two differ", () => {
    expect(confirmPasswordError('Demo1234!', 'Demo1234?')).toBe('passwords do not match');
    expect(confirmPasswordError('Demo1234!', 'Demo1234')).toBe('passwords do not match');
  });

  it('says nothing when they match', () => {
    expect(confirmPasswordError('Demo1234!', 'Demo1234!')).toBeNull();
  });

  it('says nothing while the confirmation is still empty', () => {
    expect(confirmPasswordError('Demo1234!', '')).toBeNull();
  });
});

describe('isPlausibleLogin', () => {
  it('accepts an email of 3 to 100 characters with a valid password', () => {
    expect(isPlausibleLogin('korea@demo.kshop.example', 'Demo1234!')).toBe(true);
    expect(isPlausibleLogin(`${'a'.repeat(94)}@b.com`, 'Demo1234!')).toBe(true); // 100
  });

  it.each([
    ['an email that is too long', `${'a'.repeat(95)}@b.com`, 'Demo1234!'],
    ['an email without @', 'korea.demo.example', 'Demo1234!'],
    ['an email without a domain', 'a@', 'Demo1234!'],
    ['a short password', 'a@b.co', 'Ab1!'],
    ['a long password', 'a@b.co', `Ab1!${'a'.repeat(37)}`],
    ['a password without a special character', 'a@b.co', 'Demo12345'],
    ['a password with whitespace', 'a@b.co', 'Demo 1234!'],
  ])('rejects %s', (_case, email, password) => {
    expect(isPlausibleLogin(email, password)).toBe(false);
  });
});

describe('isAllowedFileName', () => {
  it.each(ALLOWED_FILE_EXTENSIONS.map((ext) => [ext]))('allows .%s', (ext) => {
    expect(isAllowedFileName(`certificate.${ext}`)).toBe(true);
  });

  it('ignores the case of the extension', () => {
    expect(isAllowedFileName('CERT.PDF')).toBe(true);
    expect(isAllowedFileName('scan.JpEg')).toBe(true);
  });

  it.each(['setup.exe', 'page.html', 'certificate', 'pdf', 'cert.pdf.exe', 'cert.'])('rejects %s', (name) => {
    expect(isAllowedFileName(name)).toBe(false);
  });

  it('judges by the last extension only', () => {
    expect(isAllowedFileName('archive.exe.pdf')).toBe(true);
  });

  it('explains the allowed types in the spec words', () => {
    expect(messages.file.typeNotAllowed).toBe(
      'allowed file type: jpg, jpeg, png, gif, webp, svg, pdf, mp4, mov, avi, wmv, flv, webm',
    );
  });
});

describe('truncateFileName', () => {
  it('keeps names of up to 30 characters', () => {
    const thirty = `${'a'.repeat(26)}.pdf`;
    expect(truncateFileName(thirty)).toBe(thirty);
    expect(truncateFileName('cert.pdf')).toBe('cert.pdf');
  });

  it('cuts longer names after 30 characters and marks the cut', () => {
    const long = `business-registration-certificate-2026.pdf`;
    const shown = truncateFileName(long);
    expect(shown.startsWith(long.slice(0, 30))).toBe(true);
    expect(shown).toBe(`${long.slice(0, 30)}...`);
  });
});

describe('digitsOnly', () => {
  it('keeps the digits of the numeric sign-up inputs', () => {
    expect(digitsOnly('120-88-12345')).toBe('1208812345');
    expect(digitsOnly('03925')).toBe('03925');
    expect(digitsOnly('abc')).toBe('');
  });
});

describe('orderSubmitProblems', () => {
  const complete = {
    companyName: 'Hanbit Records',
    receiverEmail: 'korea@demo.kshop.example',
    receiverName: 'Kim Minji',
    phoneNumber: '+82 10-1234-5678',
    addressDetail: 'Seoul',
    businessRegistrationNumber: '1208812345',
  };

  it('lists every missing item in the spec order', () => {
    const empty = {
      companyName: '',
      receiverEmail: '',
      receiverName: '',
      phoneNumber: '',
      addressDetail: '',
      businessRegistrationNumber: '',
    };
    expect(orderSubmitProblems(empty, 0)).toEqual([
      'Company Name is required',
      'Receiver email is required',
      'Receiver Name is required',
      'Phone number is required',
      'Address is required',
      'Cart is empty',
      'Business registration number is required',
    ]);
  });

  it('finds nothing missing in a complete order', () => {
    expect(orderSubmitProblems(complete, 2)).toEqual([]);
  });

  it('reports an empty cart on its own', () => {
    expect(orderSubmitProblems(complete, 0)).toEqual(['Cart is empty']);
  });

  it('treats whitespace as missing', () => {
    expect(orderSubmitProblems({ ...complete, receiverName: '   ', addressDetail: '\n' }, 1)).toEqual([
      'Receiver Name is required',
      'Address is required',
    ]);
  });
});

describe('EMAIL_PATTERN', () => {
  it.each([
    'korea@demo.kshop.example',
    'a@b.co',
    'first.last+tag@sub.example.com',
    "o'brien@example.ie",
    '김민지@한국.kr',
  ])('takes %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each([
    ['a host with %', 'fuzz@example.com%'],
    ['a comma that would split the address', 'a,b@example.com'],
    ['a quote', 'a"b@example.com'],
    ['no dot in the host', 'a@example'],
    ['a leading dot', '.a@example.com'],
    ['two dots in a row', 'a..b@example.com'],
    ['an empty host label', 'a@example..com'],
    ['a hyphen at the end of a label', 'a@example-.com'],
    ['a space', 'a b@example.com'],
    ['two @', 'a@b@example.com'],
  ])('refuses %s', (_case, email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });
});
