// @ts-check
// Mutation testing of the rules that guard access and money (`npm run mutate`, not part of
// `npm test`: it runs the server suite once per mutant). Niced, one worker: the machine is shared.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // related: false — the HTTP suites reach the modules through the app, not by importing them.
  vitest: { configFile: 'vitest.stryker.config.ts', related: false },
  mutate: [
    'apps/server/src/modules/lectures/lecture-access.ts',
    // A signed-in student's catalogue: the shared answer with the student's own state on it, and
    // the kept answers and parts under the catalogue version (ADR 010, 057).
    'apps/server/src/modules/courses/course-service.ts',
    'apps/server/src/plugins/http-cache.ts',
    // Which of a lecture's exams still hold its videos (moved from exams/exam-progress.ts).
    'apps/server/src/modules/lectures/lecture-exam-gate.ts',
    'apps/server/src/modules/purchases/*.ts',
    'apps/server/src/modules/paycards/*.ts',
    // A command-line wrapper around issuePaycards (which is mutated): nothing to decide in it.
    '!apps/server/src/modules/paycards/issue-cli.ts',
    // The wallet (ADR 018): ledger, recharges, review, transfers, paging; the routes only wire.
    'apps/server/src/modules/wallet/*.ts',
    '!apps/server/src/modules/wallet/wallet-routes.ts',
    'apps/server/src/modules/auth/*.ts',
    // How long a session lives (moved out of auth/session-tokens.ts for the push devices).
    'apps/server/src/lib/session-lifetime.ts',
    'apps/server/src/plugins/auth.ts',
    // The exam engine: time, reach, answers, marking, what a payload may show (ADR 016).
    'apps/server/src/modules/exams/*.ts',
    // Routes only wire calls to the service (mutated above); the sweep timer is not a rule.
    '!apps/server/src/modules/exams/exam-routes.ts',
    // The staff role hook (ADR 022), the audited change every staff write goes through and the
    // paged list every staff list reads (db/, since issue 25 moved them out of staff-core.ts).
    'apps/server/src/plugins/staff-role.ts',
    'apps/server/src/db/audited-change.ts',
    'apps/server/src/db/list-page.ts',
    // A teacher's scope (ADR 048): what is theirs, the rule of each call open to them, and
    // their monthly statement (money).
    'apps/server/src/db/teacher-scope.ts',
    'apps/server/src/modules/staff/teacher-scope-rules.ts',
    'apps/server/src/modules/reports/teacher-statements.ts',
    // A roster read and imported whole or not at all (ADR 052).
    'apps/server/src/modules/roster/student-import.ts',
    'apps/server/src/modules/users/import-file.ts',
    // Abandoned uploads expire (the sweep, issue 23).
    'apps/server/src/modules/videos/video-upload.ts',
    // Who may read a ladder's playlists, segments, pictures and key (ADR 055, issue 29).
    'apps/server/src/modules/videos/hls-service.ts',
    // Gateway orders, provider callbacks and the staff re-check (ADR 019, 030); the pages only
    // render HTML, nothing about money is decided there.
    'apps/server/src/modules/payments/*.ts',
    '!apps/server/src/modules/payments/payment-pages.ts',
    // The staff reads issue 25 moved out of modules/staff into the modules above (lists and
    // their audited decisions); they were not in the run before the move, and adding them is a
    // decision of its own (their suites are not all in vitest.stryker.config.ts).
    '!apps/server/src/modules/{paycards/paycard,purchases/purchase,wallet/ledger}-admin.ts',
    '!apps/server/src/modules/{wallet/mobile-payment,payments/payment}-admin.ts',
    '!apps/server/src/modules/exams/{exam-results,marking}-admin.ts',
    '!**/*.test.ts',
  ],
  coverageAnalysis: 'perTest',
  // Module-level constants would need the whole suite per mutant; the limits they hold are
  // asserted by the denial tests anyway.
  ignoreStatic: true,
  concurrency: 1,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  // Anchored at the root: a bare 'reports' also left `apps/server/src/modules/reports` out of the
  // sandbox, every server suite then failed to load, and only the unit tests ran.
  ignorePatterns: [
    '/apps/web',
    '/e2e',
    '/bench',
    '/docs',
    '/data',
    '/reports',
    '/coverage',
    '*.md',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: 85 },
  timeoutMS: 20_000,
};
