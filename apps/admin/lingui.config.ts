import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The back office's languages: English and Korean, each staff member's choice (`staff.language`, Korean for a new
 * account). `npm run i18n:extract -w @kshop/admin` gathers the messages into one PO catalogue per language; the
 * Vite plugin (apps/web/build/language-plugins.ts) compiles a catalogue when the app imports it.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ko'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
