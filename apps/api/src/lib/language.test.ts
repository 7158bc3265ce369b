import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './language.js';

describe('the language a browser prefers', () => {
  it.each([
    ['ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7', 'ko'],
    ['en-US,en;q=0.9,ko;q=0.8', 'en'],
    ['ko', 'ko'],
    ['KO-kr', 'ko'],
    ['ja-JP,ja;q=0.9,ko;q=0.8,en;q=0.7', 'ko'],
    ['en;q=0.5, ko;q=0.6', 'ko'],
    ['ko;q=0.5, en;q=0.5', 'ko'],
    ['ko;q=0, en;q=0.1', 'en'],
    ['kok, koala', 'en'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['ko;q=nonsense, en;q=2', 'en'],
    ['', 'en'],
  ])('%j is %s', (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });

  it('is English when the browser says nothing', () => {
    expect(preferredLanguage(undefined)).toBe('en');
  });
});
