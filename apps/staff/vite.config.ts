import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The staff console, served by the API server under /staff (plugins/staff-spa.ts): every
 * asset url starts with /staff/. `npm run dev -w @dars/staff` proxies the API to :3000.
 */
export default defineConfig({
  base: '/staff/',
  plugins: [react()],
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:3000', '/storage': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        // zod and the module that turns its JIT off (src/zod-jitless.ts) in one chunk: every
        // chunk that builds a schema (the contract's catalogue and endpoints are read by the
        // first screen) imports it, so the setting runs before any schema is made and zod
        // never probes `new Function`, which the console's CSP refuses.
        codeSplitting: {
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]zod-jitless\.ts$/ }],
        },
      },
    },
  },
});
