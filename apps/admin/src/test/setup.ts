import '@kshop/ui/test/setup';
import { afterEach, beforeEach } from 'vitest';
import { activateLanguage, LANGUAGE_STORAGE_KEY } from '../i18n/i18n';

// Every test starts in English, whatever an earlier test switched to.
beforeEach(async () => {
  await activateLanguage('en');
});
afterEach(() => {
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

// jsdom has no layout: the screen's scroll-to-top on navigation has nothing to do.
window.scrollTo = () => {};
