import { describe, expect, it } from 'vitest';
import { adminOptionInput, csvImportProblem, csvImportResult } from './admin.js';

const option = {
  optionNameKey1: 'VERSION',
  optionNameValue1: 'A',
  priceKrw: 15000,
  priceUsd: 11.5,
  stock: 10,
};
const messageOf = (value: object) => {
  const parsed = adminOptionInput.safeParse({ ...option, ...value });
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('SKU, barcode and weight of an option (issue 12)', () => {
  it('reads a SKU trimmed and in upper case, and leaves it out when not given (the shop gives one)', () => {
    expect(adminOptionInput.parse({ ...option, sku: ' hb-002/a ' }).sku).toBe('HB-002/A');
    expect(adminOptionInput.parse(option)).toMatchObject({ barcode: null, weightGrams: null });
    expect(adminOptionInput.parse(option).sku).toBeUndefined();
  });

  it('refuses a SKU, barcode or weight it cannot keep, with the field named', () => {
    expect(messageOf({ sku: '-A' })).toBe(
      'sku is letters, digits and . _ - / (at most 64, starting with a letter or digit).',
    );
    expect(messageOf({ sku: 'A'.repeat(65) })).toContain('at most 64');
    expect(messageOf({ sku: '한글' })).toContain('sku is letters');
    expect(messageOf({ barcode: '880 900' })).toBe('barcode is letters, digits and - (at most 64).');
    expect(messageOf({ weightGrams: -1 })).toBe('weightGrams cannot be negative.');
    expect(messageOf({ weightGrams: 1.5 })).toBe('weightGrams is in whole grams.');
  });

  it('an import problem names its row, SKU and column; the result counts what changed', () => {
    expect(csvImportProblem.safeParse({ row: 2, message: 'x' }).success).toBe(false);
    expect(csvImportProblem.parse({ row: 2, sku: null, column: 'stock', message: 'x' })).toBeTruthy();
    expect(Object.keys(csvImportResult.shape)).toEqual([
      'productsCreated',
      'productsChanged',
      'optionsCreated',
      'optionsChanged',
      'optionsUnchanged',
      'stockLeftAlone',
    ]);
  });
});
