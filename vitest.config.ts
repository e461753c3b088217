import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** Staff tests that replace a module with vi.mock: they need a module graph of their own. */
const STAFF_MOCKING = [
  'src/components/video-upload.test.tsx',
  'src/resources/lecture-contents.test.tsx',
];

/**
 * Web tests that need a module graph of their own: they replace a module (vi.mock), set
 * globals before the app's modules read them (the native platforms), or run in another
 * environment.
 */
const WEB_ISOLATED = [
  'src/app/app-start.native.test.tsx',
  'src/app/app-boot.test.tsx',
  'src/app/render-page.test.tsx',
  'src/features/wallet/components/recharge-dialog.test.tsx',
  'src/features/wallet/components/recharge-dialog.native.test.tsx',
  'src/platform/platform.android.test.tsx',
  'src/platform/platform.ios.test.tsx',
  'src/platform/platform.test.ts',
  'src/features/exams/lib/answer-outbox.test.ts',
  'src/features/exams/lib/image-change-store.test.ts',
];

/**
 * jsdom's getComputedStyle tested every CSS rule (emotion's thousand) against an element and its
 * ancestors, and Testing Library, user-event and MUI call it all the time: this copy of it skips
 * the rules that cannot match and answers the same (apps/staff/src/test/jsdom-styles.ts). Each
 * jsdom project runs it first; the path is from the repository's root.
 */
const JSDOM_STYLES = path.resolve(import.meta.dirname, 'apps/staff/src/test/jsdom-styles.ts');

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
          exclude: WEB_ISOLATED,
          setupFiles: [JSDOM_STYLES, './src/test/setup.ts'],
          // Each file imported React, MUI and the app afresh and built a new jsdom: per file
          // about as much CPU as its tests. The files share one module graph per worker;
          // setup.ts resets what a test leaves (DOM, storage, stubbed globals, the address).
          isolate: false,
          // Component tests render MUI in jsdom; on a shared 2-core machine under load (the
          // e2e journeys run beside them) one can take longer than Vitest's 5 s default
          // without being wrong.
          testTimeout: 30_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web-isolated',
          root: './apps/web',
          environment: 'jsdom',
          include: WEB_ISOLATED,
          setupFiles: [JSDOM_STYLES, './src/test/setup.ts'],
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
          exclude: STAFF_MOCKING,
          setupFiles: [JSDOM_STYLES, './src/test/setup.ts'],
          // Each file imported react-admin, MUI and the console afresh: about 8 s of CPU a file,
          // more than most files' tests. The files share one module graph per worker; each
          // still renders its own app, and setup.ts resets what a test leaves (DOM, storage,
          // stubbed globals, the address). Files that replace a module with vi.mock run
          // isolated in 'staff-isolated' below: a shared graph would keep the real module.
          isolate: false,
          // react-admin on MUI in jsdom, on a shared 2-core machine, beside the e2e journeys.
          // exams.test.tsx took 661 s for 14 tests at load 13-16 (2 past 120 s) before each
          // test started with an empty emotion cache (setup.ts); kept until CI shows the margin.
          testTimeout: 240_000,
        },
      },
      {
        extends: './apps/staff/vite.config.ts',
        test: {
          name: 'staff-isolated',
          root: './apps/staff',
          environment: 'jsdom',
          include: STAFF_MOCKING,
          setupFiles: [JSDOM_STYLES, './src/test/setup.ts'],
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
          // A time limit here finds a hang, not a slow machine. This lane runs at nice 10 beside
          // the e2e journeys (scripts/test.mjs), so a test that wants the CPU while Chromium has
          // it can wait ten times as long: CI (2026-12-02, a host 2.5 times slower) timed out a
          // 0.8 s test at 30 s.
          testTimeout: 60_000,
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
          // A time limit here finds a hang, not a slow machine: the longest journey took 52 s
          // at load 7-9 here (2026-12-02), and CI on a host 2.5 times slower timed out at 90 s
          // one that takes 20 s alone on a quiet machine.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // A page waits on the network and React: give expect.poll what a locator gets.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
