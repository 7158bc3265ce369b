import { describe, expect, it } from 'vitest';
import { contractTextsKo } from './ko-staff.js';
import { contractTexts } from './staff-texts.js';
import { translator } from './texts.js';

type Leaf = { path: string; english: unknown; korean: unknown };

function leaves(english: unknown, korean: unknown, path = ''): Leaf[] {
  if (typeof english === 'string' || typeof english === 'function') return [{ path, english, korean }];
  return Object.keys(english as object).flatMap((key) =>
    leaves(
      (english as Record<string, unknown>)[key],
      (korean as Record<string, unknown>)?.[key],
      `${path}.${key}`,
    ),
  );
}

const all = leaves(contractTexts, contractTextsKo);
/** Values rather than texts, the same in every language: carriers' names and status codes. */
const VALUES = /\.(carriers|closedStatuses)\.\d+$/;
const HANGUL = /[\uAC00-\uD7A3]/;
const sample = (index: number) => `〔${index + 7}〕`;

describe('the contract texts in Korean', () => {
  it('has a Korean text, in Hangul, for every English text', () => {
    expect(all.length).toBeGreaterThan(100);
    const missing = all
      .filter(({ english, korean }) => typeof korean !== typeof english || !korean)
      .map((leaf) => leaf.path);
    expect(missing).toEqual([]);
    const notKorean = all
      .filter(({ english, path }) => typeof english === 'string' && !VALUES.test(path))
      .filter(({ korean }) => typeof korean !== 'string' || !HANGUL.test(korean) || korean.trim() !== korean)
      .map((leaf) => leaf.path);
    expect(notKorean).toEqual([]);
  });

  it('says one English text one way', () => {
    const seen = new Map<string, unknown>();
    for (const { path, english, korean } of all.filter((leaf) => typeof leaf.english === 'string')) {
      if (seen.has(english as string)) expect(korean, path).toBe(seen.get(english as string));
      seen.set(english as string, korean);
    }
  });

  it('keeps every value a message takes', () => {
    const functions = all.filter(({ english }) => typeof english === 'function');
    expect(functions.length).toBeGreaterThan(4);
    for (const { path, english, korean } of functions) {
      const take = english as (...values: string[]) => string;
      const values = Array.from({ length: take.length }, (_, index) => sample(index));
      expect(typeof korean, path).toBe('function');
      const sentence = (korean as (...values: string[]) => string)(...values);
      for (const value of values) expect(sentence, path).toContain(value);
      expect(HANGUL.test(sentence), path).toBe(true);
    }
  });

  it('reads each English text, with its values, as its Korean text', () => {
    const toKorean = translator(contractTexts, contractTextsKo);
    for (const { path, english, korean } of all) {
      if (typeof english === 'string') {
        expect(toKorean(english), path).toBe(korean);
      } else {
        const take = english as (...values: string[]) => string;
        const values = Array.from({ length: take.length }, (_, index) => sample(index));
        expect(toKorean(take(...values)), path).toBe((korean as (...values: string[]) => string)(...values));
      }
    }
    expect(toKorean(contractTexts.messages.cart.minimum(12))).toBe('최소 주문 수량은 12개입니다.');
    expect(toKorean(contractTexts.messages.order.notEnoughStock('BTS - PROOF (Standard)'))).toBe(
      'BTS - PROOF (Standard)의 재고가 부족합니다. 장바구니를 확인해 주십시오.',
    );
    expect(toKorean('A product title the contract does not hold')).toBe(
      'A product title the contract does not hold',
    );
  });
});
