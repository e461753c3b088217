import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every suite, so `npm test` ends with a single Vitest summary.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, so
    // every file waited for the one before while the e2e journey's browser and server, or
    // PostgreSQL, used the other core. Two workers at least (measured in ADR 032's follow-up).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
          // Component tests render MUI in jsdom; on a shared 2-core machine under load (the
          // e2e journeys run beside them) one can take longer than Vitest's 5 s default
          // without being wrong.
          testTimeout: 30_000,
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
          // react-admin on MUI in jsdom, on a shared 2-core machine, beside the e2e journeys.
          // exams.test.tsx took 661 s for 14 tests at load 13-16 (2 past 120 s): a stopgap
          // until these tests mount less and ask jsdom for fewer computed styles (issue 23 note).
          testTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // Each file built the app's module graph afresh (tsx, Fastify, every module): that
          // import was more CPU than the tests. The files share it; each still makes its own
          // app, database and data folder (as `npm run mutate` has run them all along).
          isolate: false,
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
          // Two journeys at a time, each worker on a server and database of its own
          // (global-setup.ts, support/server.ts): they wait on a browser and a server far more
          // than they compute. A group after the others when every project runs together.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A page waits on the network and React: give expect.poll what a locator gets.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
