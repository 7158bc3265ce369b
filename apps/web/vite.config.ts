import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPaint } from './build/first-paint.ts';
import { languagePlugins } from './build/language-plugins.ts';

const contractSource = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
const contractDir = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
const uiSource = fileURLToPath(new URL('../../packages/ui/src/index.ts', import.meta.url));
const uiDir = fileURLToPath(new URL('../../packages/ui/src/', import.meta.url));
const srcDir = fileURLToPath(new URL('src/', import.meta.url));
const alias = [
  { find: '@kshop/contract', replacement: contractSource },
  { find: /^@kshop\/ui$/, replacement: uiSource },
];
// React Router's package points every import at its development build; its production build is the same code with
// the development warnings compiled out, so the shop ships that one.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);
// The contract is pure (constants, rules, zod schemas); declaring it free of side effects lets the bundler drop the
// zod schemas the storefront never calls, which keeps zod out of the home page's JavaScript. The modules of the
// shared UI package and of the storefront itself only define things too (their stylesheets and the two entries,
// main.tsx and boot/, excepted), so a module that a barrel re-exports (features/cart/index.ts, @kshop/ui) is
// loaded by the pages that use it, not by every page that imports the barrel for something else.
const pureModules = [contractDir, uiDir, srcDir];
const entries = [
  fileURLToPath(new URL('src/main.tsx', import.meta.url)),
  fileURLToPath(new URL('src/boot/', import.meta.url)),
];
const treeshake = {
  moduleSideEffects: (id: string) =>
    id.endsWith('.css') ||
    entries.some((entry) => id.startsWith(entry)) ||
    !pureModules.some((dir) => id.startsWith(dir)),
  // A formatter nobody keeps is dropped rather than made: the first one a page makes costs tens of milliseconds (the
  // browser loads its locale data), which the inline script of index.html paid before the first paint.
  manualPureFunctions: ['Intl.NumberFormat', 'Intl.DateTimeFormat'],
};
const linguiConfig = fileURLToPath(new URL('lingui.config.ts', import.meta.url));
const apiTarget = process.env.KSHOP_API_URL ?? 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  // Lingui's macros are compiled before the React plugin sees the JSX (build/language-plugins.ts).
  plugins: [
    ...languagePlugins(linguiConfig),
    react(),
    firstPaint({ alias, treeshake, languagePlugins: () => languagePlugins(linguiConfig) }),
  ],
  resolve: {
    alias: [
      ...alias,
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the shop supports knows <link rel="modulepreload">; the polyfill would only add to the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: { treeshake },
  },
}));
