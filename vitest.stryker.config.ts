import { defineConfig } from 'vitest/config';

// What `npm run mutate` runs against each mutant: the server's unit tests and its HTTP suite
// on SQLite, nothing else (the web, e2e and bench projects cannot see a server mutant).
export default defineConfig({
  test: {
    // Stryker switches mutants at run time, so the app's modules need not be re-imported for
    // every file of every run: that import, not the tests, was most of each mutant's time.
    isolate: false,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          isolate: false,
          include: ['apps/server/src/**/*.test.ts'],
          // A precompiled query's template would outlive the mutant it was built under (db/precompiled.ts).
          env: { DARS_PRECOMPILE_CACHE: 'off' },
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          isolate: false,
          // The suites that reach the mutated modules, named so that a colleague's unfinished
          // test file in the shared tree cannot stop the run. Not denial-login: its flood of
          // 300 argon2 checks takes 20–45 s, and Stryker would repeat it for every login mutant.
          // Not security-reset: it builds a server inside a test, so Stryker takes route
          // registration (run by every suite's beforeAll) for code only that test covers.
          // Paths follow ADR 013's test layout (one folder per module, app/ and db/).
          include: [
            'apps/server/test/*/denial-*.test.ts',
            'apps/server/test/auth/{auth,auth-details,security-login,security-sessions,session-bound-links}.test.ts',
            'apps/server/test/purchases/purchases.test.ts',
            'apps/server/test/lectures/lecture-access.test.ts',
            'apps/server/test/paycards/paycards-issue.test.ts',
            // Pay-card batches (issue 13) are issued and disabled through the staff API only; a
            // blocked student's signed links (lecture access) are tested with the block.
            'apps/server/test/staff/{staff-paycards,staff-students}.test.ts',
            // The role matrix and the audit log of every staff call (ADR 022).
            'apps/server/test/staff/{staff-roles,staff-audit}*.test.ts',
            // Students added and imported, their set-password links (ADR 052).
            'apps/server/test/staff/staff-student-import.test.ts',
            // The lists' paging, sorting and search that staff-core.ts gives every resource.
            'apps/server/test/staff/{staff-content,staff-support,staff-lists}.test.ts',
            'apps/server/test/{profile/profile,settings/settings}.test.ts',
            'apps/server/test/{home/home,teachers/teachers}.test.ts',
            'apps/server/test/wallet/*.test.ts',
            'apps/server/test/{app/http,db/seed}.test.ts',
            'apps/server/test/courses/{courses,student-catalogue}.test.ts',
            'apps/server/test/app/catalog-answer-cache.test.ts',
            'apps/server/test/exams/*.test.ts',
            // Staff video uploads by tus, and the sweep of uploads left unfinished.
            'apps/server/test/staff/{staff-uploads,staff-uploads-ids}.test.ts',
            'apps/server/test/storage/upload-expiry.test.ts',
            // HLS ladders made by real ffmpeg, and every refusal of their files (ADR 055).
            'apps/server/test/videos/{hls-ladder,hls-refusals}.test.ts',
            // Gateway callbacks by provider; staff's re-check of a stuck order (ADR 030).
            'apps/server/test/payments/*.test.ts',
            'apps/server/test/staff/staff-payment-orders.test.ts',
            // A teacher's scope and statement, staff invitations (ADR 048).
            'apps/server/test/staff/teacher-*.test.ts',
            'apps/server/test/staff/staff-invitations.test.ts',
            // Refunds (ADR 050) and the dashboard's sales they leave in place.
            'apps/server/test/staff/{staff-refunds,staff-stats-sales}.test.ts',
          ],
          exclude: ['apps/server/test/auth/denial-login.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: { TEST_DATABASE_URL: '', DARS_PRECOMPILE_CACHE: 'off' },
        },
      },
    ],
  },
});
