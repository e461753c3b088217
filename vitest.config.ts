import { defineConfig } from 'vitest/config';

// One runner for every suite, so `npm test` ends with a single Vitest summary.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/contract/src/**/*.test.ts',
            'packages/ui/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
            // Runs `npm run mobile:sync` and checks both native projects (ADR 021).
            'apps/mobile/test/**/*.test.ts',
          ],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // Component tests render MUI in jsdom; on a shared 2-core machine under load one can
          // take longer than Vitest's 5 s default without being wrong.
          testTimeout: 15_000,
        },
      },
      {
        extends: './apps/staff/vite.config.ts',
        test: {
          name: 'staff',
          root: './apps/staff',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // react-admin on MUI in jsdom, on a shared 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A page waits on the network and React: give expect.poll what a locator gets.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
