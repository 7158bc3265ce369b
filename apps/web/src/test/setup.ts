import '@kshop/ui/test/setup';
import { afterEach, beforeEach } from 'vitest';
import { activateLanguage } from '../i18n/i18n';
import { LANGUAGE_STORAGE_KEY } from '../lib/language';

// Every test starts in English, the spec's language, whatever an earlier test switched to.
beforeEach(async () => {
  await activateLanguage('en');
});
afterEach(() => {
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});
