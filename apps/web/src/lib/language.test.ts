import { describe, expect, it } from 'vitest';
import { browserLanguage, initialLanguage, LANGUAGE_STORAGE_KEY } from './language';

describe('the language a page opens in', () => {
  it('is Korean when the browser lists Korean before English, English otherwise', () => {
    expect(browserLanguage(['ko-KR', 'ko', 'en-US', 'en'])).toBe('ko');
    expect(browserLanguage(['ja-JP', 'ko', 'en'])).toBe('ko');
    expect(browserLanguage(['en-US', 'ko-KR'])).toBe('en');
    expect(browserLanguage(['fr-FR', 'de'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('is the one chosen in this browser before the browser’s preference', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ko');
    expect(initialLanguage()).toBe('ko');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(initialLanguage()).toBe(browserLanguage());
  });
});
