import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { languagePlugins } from './apps/web/build/language-plugins.ts';

const contractSource = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));
const uiSource = fileURLToPath(new URL('./packages/ui/src/index.ts', import.meta.url));
const uiTestDir = fileURLToPath(new URL('./packages/ui/src/test/', import.meta.url));
const webLinguiConfig = fileURLToPath(new URL('./apps/web/lingui.config.ts', import.meta.url));
const adminLinguiConfig = fileURLToPath(new URL('./apps/admin/lingui.config.ts', import.meta.url));
const alias = [
  { find: '@kshop/contract', replacement: contractSource },
  { find: /^@kshop\/ui$/, replacement: uiSource },
  { find: /^@kshop\/ui\/test\/(api-stub|setup)$/, replacement: `${uiTestDir}$1.ts` },
];

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one; on a 2-core machine that runs the test files one by one,
    // while most of an API test's time is spent waiting on its database. Two workers: 392 → 274 s on PGlite,
    // 269 → 175 s on PostgreSQL, every file passing.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          // Each test file opens its own database; the embedded one loads a template migrated once.
          globalSetup: ['./src/test/global-setup.ts'],
          // The files a worker runs share one module graph, so the app is imported once per worker rather than
          // once per file (decision 28). Each file still builds its own app on its own database; test helpers keep
          // their state per shop (test/buying.ts).
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'ui',
          root: 'packages/ui',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        resolve: { alias },
        // The storefront's Lingui macros and PO catalogues, compiled as its Vite build compiles them.
        plugins: languagePlugins(webLinguiConfig),
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // As the back office's: beside the API's tests on two cores, a page test's first Korean render (its
          // catalogue loaded) took 6-13 s; the tests wait for what they look for, this only bounds a hang.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        // The back office's Lingui macros and PO catalogues, as its Vite build compiles them.
        plugins: languagePlugins(adminLinguiConfig),
        test: {
          name: 'admin',
          root: 'apps/admin',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
