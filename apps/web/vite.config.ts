import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPaint } from './build/first-paint.ts';

const contractSource = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
const contractDir = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
const alias = { '@kshop/contract': contractSource };
// The contract is pure (constants, rules, zod schemas); declaring it free of side effects lets the bundler drop the
// zod schemas the storefront never calls, which keeps zod out of the home page's JavaScript.
const treeshake = { moduleSideEffects: (id: string) => !id.startsWith(contractDir) };
const apiTarget = process.env.KSHOP_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), firstPaint({ alias, treeshake })],
  resolve: { alias },
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
});
