import { LANGUAGES, type Language } from '@kshop/contract';
import { i18n, type Messages } from '@lingui/core';

/** Each language's catalogue is a chunk of its own, compiled from its PO file by Lingui's Vite plugin. */
const CATALOGS: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
  ko: () => import('../locales/ko/messages.po'),
};

export const LANGUAGE_STORAGE_KEY = 'kshop.admin.language';

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The language the back office opens in before anyone signs in: the last one used in this browser, else Korean
 * unless the browser prefers English (the staff work in Korea; a new staff account is Korean too). Once signed
 * in, the staff member's own choice (`staff.language`) wins: see StaffLanguage.
 */
export function initialLanguage(preferred: readonly string[] = navigator.languages ?? []): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage refused: the browser's preference decides.
  }
  const first = preferred[0]?.toLowerCase().split('-')[0];
  return first === 'en' ? 'en' : 'ko';
}

/** Loads the language's messages and shows the back office in it (`<html lang>` included), kept for the browser. */
export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await CATALOGS[language]();
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused: the choice holds for this page and the account.
  }
}

/** The language the back office shows now, which its API calls ask for (Accept-Language). */
export const activeLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en');

export { i18n };
