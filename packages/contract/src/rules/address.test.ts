import { describe, expect, it } from 'vitest';
import { addressFormFor, addressRequest, signupRequest, updateProfileRequest } from '../schemas/account.js';
import { receiverInfoRequest } from '../schemas/buying.js';
import { takenOrderRequest } from '../schemas/taken-orders.js';
import {
  ADDRESS_RULES,
  addressCountry,
  COUNTRY_CODES,
  countryField,
  countryName,
  countryOptions,
  postalCodeField,
  receiverCountry,
} from './address.js';

const postal = (value: unknown) => postalCodeField.safeParse(value);

describe('postal codes', () => {
  it('accept letters, digits, spaces and hyphens, trimmed and otherwise kept as typed', () => {
    for (const [typed, kept] of [
      ['M5V 2T6', 'M5V 2T6'],
      ['  SW1A 1AA ', 'SW1A 1AA'],
      ['m5v 2t6', 'm5v 2t6'],
      ['100-0001', '100-0001'],
      ['06234', '06234'],
      ['', ''],
    ])
      expect(postal(typed).data).toBe(kept);
    expect(postalCodeField.parse(undefined)).toBe('');
  });

  it('refuse other characters and more than 10 characters, with the messages the screens show', () => {
    for (const bad of ['M5V/2T6', '06234#', 'Ö1234', 'A\tB', '12_34'])
      expect(postal(bad).error?.issues[0]?.message, bad).toBe(ADDRESS_RULES.postalCodePattern);
    expect(postal('12345 67890').error?.issues[0]?.message).toBe(
      'postal code must be at most 10 characters.',
    );
    expect(postal('1234567890').success).toBe(true);
  });

  it('are the same rule at sign-up, My Account, addresses, checkout and orders taken for a buyer', () => {
    const signup = signupRequest.shape.postalCode;
    for (const schema of [
      signup,
      updateProfileRequest.shape.postalCode,
      addressRequest.shape.postalCode,
      receiverInfoRequest.shape.postalCode,
      takenOrderRequest.shape.receiverInfo.shape.postalCode,
    ]) {
      expect(schema.parse(' M5V 2T6 ')).toBe('M5V 2T6');
      expect(schema.safeParse('M5V 2T6 X99').success).toBe(false);
      expect(schema.safeParse('M5V#2T6').success).toBe(false);
    }
  });
});

describe('countries', () => {
  it('are the 249 ISO 3166-1 alpha-2 codes, each with a name from Intl.DisplayNames', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) expect(countryName(code), code).not.toBe(code);
    expect(countryName('CA')).toBe('Canada');
    expect(countryName('KR', 'ko')).toBe('대한민국');
    expect(countryOptions().find((o) => o.code === 'KR')?.name).toBe('South Korea');
  });

  it('are read in either case and refused when not a code', () => {
    expect(countryField.parse(' ca ')).toBe('CA');
    for (const bad of ['XX', 'CAN', '', 'EU', 1])
      expect(countryField.safeParse(bad).error?.issues[0]?.message, String(bad)).toBe(
        ADDRESS_RULES.countryInvalid,
      );
  });

  it("default to Korea for a Korean company's address and are required for a Global company's", () => {
    expect(addressCountry(true, undefined)).toBe('KR');
    expect(addressCountry(true, 'JP')).toBe('JP');
    expect(addressCountry(false, undefined)).toBeNull();
    expect(addressCountry(false, undefined, 'CA')).toBe('CA');
    expect(receiverCountry(true, undefined)).toBe('KR');
    expect(receiverCountry(false, undefined)).toBeNull();
    expect(receiverCountry(false, 'US')).toBe('US');

    const global = addressFormFor(false);
    expect(global.safeParse({ addressDetail: '123 King St W, Toronto' }).error?.issues[0]).toMatchObject({
      path: ['country'],
      message: ADDRESS_RULES.countryRequired,
    });
    expect(
      global.parse({ addressDetail: '123 King St W, Toronto', postalCode: 'M5V 2T6', country: 'ca' }),
    ).toEqual({
      addressDetail: '123 King St W, Toronto',
      postalCode: 'M5V 2T6',
      country: 'CA',
      isDefault: false,
    });
    expect(addressFormFor(true).safeParse({ addressDetail: 'Seoul' }).success).toBe(true);
  });
});
