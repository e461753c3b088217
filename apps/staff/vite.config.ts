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
  },
});
