import type { Language } from '@kshop/contract';
import { i18n, type Messages } from '@lingui/core';
import { apiRequest } from '../lib/api-client';
import { setActiveLanguage, storeLanguage } from '../lib/language';
import { getAccessToken } from '../lib/session';
import { setKoreanContractTexts } from './contract-texts';

/**
 * Each language's catalogue is a chunk of its own, compiled from its PO file by Lingui's Vite plugin, so a page
 * loads the one it shows and no other. Korean's chunk also holds the contract's texts in Korean (the spec's
 * messages, which the storefront reads with `useContractTexts`).
 */
const CATALOGS: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
  ko: async () => {
    const [catalog, contract] = await Promise.all([
      import('../locales/ko/messages.po'),
      import('./contract-ko'),
    ]);
    setKoreanContractTexts(contract.korean);
    return catalog;
  },
};

/** Loads the language's messages and shows the storefront in it (`<html lang>` included). */
export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await CATALOGS[language]();
  i18n.loadAndActivate({ locale: language, messages });
  setActiveLanguage(language);
}

export { i18n };

/**
 * The visitor picked a language with the switch: the page changes as soon as its catalogue is there, the choice is
 * kept for this browser, and a signed-in member's account takes it too (the shop's mails and answers follow it).
 * The account's update never holds the page up, and its failure changes nothing on the page. A catalogue that
 * cannot be loaded (offline) leaves the page, and the kept choice, as they were.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  if (getAccessToken()) {
    const request = { method: 'PUT', body: { language }, headers: { 'Accept-Language': language } } as const;
    apiRequest('/user/language', request).catch(() => {});
  }
  await activateLanguage(language);
  storeLanguage(language);
}
