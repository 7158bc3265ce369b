import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractSource = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
const contractDir = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
const apiTarget = process.env.KSHOP_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@kshop/contract': contractSource } },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The contract is pure (constants, rules, zod schemas); declaring it free of side effects lets the bundler
      // drop the zod schemas the storefront never calls, which keeps zod out of the home page's JavaScript.
      treeshake: { moduleSideEffects: (id: string) => !id.startsWith(contractDir) },
    },
  },
});
