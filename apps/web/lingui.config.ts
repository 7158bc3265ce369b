import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The storefront's languages (docs/decisions/0047-storefront-languages-with-lingui.md): English, the spec's texts,
 * written in the components, and Korean. `npm run i18n:extract -w @kshop/web` gathers the messages into one PO
 * catalogue per language; the Vite plugin compiles a catalogue when the app imports it.
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
