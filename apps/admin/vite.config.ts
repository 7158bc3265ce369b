import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { languagePlugins } from '../web/build/language-plugins.ts';

const contractSource = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
const contractDir = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
const uiSource = fileURLToPath(new URL('../../packages/ui/src/index.ts', import.meta.url));
const linguiConfig = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));
const apiTarget = process.env.KSHOP_API_URL ?? 'http://localhost:3000';
const proxy = Object.fromEntries(
  ['/api', '/media', '/files'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
);

// The API serves this build at /admin; in development the dev server proxies the API's paths to it.
export default defineConfig({
  base: '/admin/',
  // Lingui's macros are compiled before the React plugin sees the JSX (apps/web/build/language-plugins.ts, which resolves Lingui's build tools from the storefront's packages).
  plugins: [...languagePlugins(linguiConfig), react()],
  resolve: {
    alias: [
      { find: '@kshop/contract', replacement: contractSource },
      { find: /^@kshop\/ui$/, replacement: uiSource },
    ],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One bundle (about 160 kB gzipped, most of it React and zod) for a staff tool used on laptops and tablets.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !id.startsWith(contractDir) },
    },
  },
});
