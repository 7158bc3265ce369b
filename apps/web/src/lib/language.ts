import { LANGUAGES, type Language } from '@kshop/contract';

/**
 * The storefront's language for this browser. A first visit takes Korean when the browser lists Korean before
 * English among its preferred languages, English otherwise; a choice made with the language switch is kept in
 * localStorage (a language is no secret, and it outlives the session, unlike the access token in sessionStorage).
 * Also read by index.html's inline script (src/boot/early-reads.ts), so it stays small and free of React.
 */
export const LANGUAGE_STORAGE_KEY = 'kshop.language';

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The first of the browser's preferred languages that the shop speaks (`ko-KR` counts as Korean). */
export function browserLanguage(preferred: readonly string[] = navigator.languages ?? []): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode, quota): the choice holds for this page only.
  }
}

/** The language a page opens in: the one chosen in this browser, else the browser's preference. */
export const initialLanguage = (): Language => storedLanguage() ?? browserLanguage();

let active: Language | null = null;

/** The language the storefront shows now, which its API calls ask for (Accept-Language). */
export const activeLanguage = (): Language => active ?? initialLanguage();

export function setActiveLanguage(language: Language): void {
  active = language;
  document.documentElement.lang = language;
}
