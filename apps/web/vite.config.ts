import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPaint } from './build/first-paint.ts';

const contractSource = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
const contractDir = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
const uiSource = fileURLToPath(new URL('../../packages/ui/src/index.ts', import.meta.url));
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
// zod schemas the storefront never calls, which keeps zod out of the home page's JavaScript.
const treeshake = { moduleSideEffects: (id: string) => !id.startsWith(contractDir) };
const apiTarget = process.env.KSHOP_API_URL ?? 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  plugins: [react(), firstPaint({ alias, treeshake })],
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
    rolldownOptions: { treeshake },
  },
}));
