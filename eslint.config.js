// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const SERVER = './apps/server/src';
const SERVER_MODULES = fs
  .readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** What a server module offers the others (its service); the rest of it is its own. */
const MODULE_SURFACE = [
  'attachments/attachment-admin.ts',
  'auth/auth-service.ts',
  'auth/devices.ts',
  'auth/session-tokens.ts',
  'auth/staff-accounts.ts',
  'auth/staff-invitations.ts',
  'auth/student-blocking.ts',
  'auth/student-accounts.ts',
  'auth/student-invitations.ts',
  'courses/course-admin.ts',
  'courses/course-service.ts',
  'courses/enrollment-admin.ts',
  'courses/joined-bytes.ts',
  'exams/answer-image-link.ts',
  'exams/exam-accommodations.ts',
  'exams/exam-attempt-grants.ts',
  'exams/exam-attempts.ts',
  'exams/item-analysis.ts',
  'exams/regrade.ts',
  'exams/session-answers-admin.ts',
  'exams/exam-admin.ts',
  'exams/exam-marking.ts',
  'exams/exam-results-admin.ts',
  'exams/lecture-exam-admin.ts',
  'exams/marking-admin.ts',
  'exams/question-admin.ts',
  'exams/question-banks.ts',
  'lectures/lecture-access.ts',
  'lectures/lecture-admin.ts',
  'lectures/lecture-queries.ts',
  'lectures/lecture-views.ts',
  'notifications/message-admin.ts',
  'messaging/message-admin.ts',
  'messaging/messages.ts',
  'messaging/parent-messages.ts',
  'messaging/phone.ts',
  'messaging/templates.ts',
  'notifications/notification-service.ts',
  'paycards/paycard-admin.ts',
  'paycards/paycard-attempts.ts',
  'paycards/paycard-batches.ts',
  'paycards/paycard-code.ts',
  'paycards/redeem-paycard.ts',
  'progress/progress-staff.ts',
  'payments/payment-admin.ts',
  'payments/payment-methods.ts',
  'purchases/grants.ts',
  'purchases/purchase-admin.ts',
  'purchases/refunds.ts',
  'roster/student-import.ts',
  'reports/audit-names.ts',
  'reports/export-columns.ts',
  'reports/owner-stats.ts',
  'reports/teacher-statements.ts',
  'reports/teacher-students.ts',
  'payments/payment-recheck.ts',
  'settings/named-list-admin.ts',
  'settings/settings-admin.ts',
  'settings/settings-service.ts',
  'support/support-admin.ts',
  'support/support-service.ts',
  'teachers/teacher-admin.ts',
  'users/import-file.ts',
  'users/student-admin.ts',
  'users/user-blocking.ts',
  'users/user-view.ts',
  'videos/transcode.ts',
  'videos/video-admin.ts',
  'videos/video-upload.ts',
  'videos/video-service.ts',
  'wallet/balance-admin.ts',
  'wallet/ledger-admin.ts',
  'wallet/ledger.ts',
  'wallet/mobile-payment-admin.ts',
  'wallet/mobile-payment-review.ts',
  'wallet/money-text.ts',
  'wallet/wallet-ids.ts',
];

/**
 * The server's layers, lowest first (docs/architecture.md). A file may import its own layer and
 * the ones before it, never a later one; a module that is in no layer stops the lint. Modules
 * in one layer may import each other (through MODULE_SURFACE).
 */
export const SERVER_LAYERS = [
  {
    name: 'base',
    units: [
      'lib',
      'config*.ts',
      'storage',
      'db/*.ts',
      'db/migrations',
      'app-context.ts',
      'plugins',
    ],
  },
  { name: 'standalone modules', units: ['modules/api-docs', 'modules/demo', 'modules/paycards'] },
  // Accounts and money, each on the ones before it: a student's notifications; the school's
  // settings; the user as the client sees them; the wallet; gateway payments into it; sign-in,
  // registration and sessions over all of them.
  { name: 'notifications', units: ['modules/notifications'] },
  { name: 'settings', units: ['modules/settings'] },
  // Text messages to phones (ADR 053): on the settings (the school's name and switches); the
  // exams (a result to the parent) and staff build on them.
  { name: 'messaging', units: ['modules/messaging'] },
  { name: 'users', units: ['modules/users'] },
  { name: 'wallet', units: ['modules/wallet'] },
  { name: 'payments', units: ['modules/payments'] },
  { name: 'auth', units: ['modules/auth'] },
  // A lecture's gate on its exams (lectures/lecture-exam-gate.ts) reads the exam tables itself:
  // lectures import nothing of exams, and exams build on lectures (access, positions).
  { name: 'lectures', units: ['modules/lectures'] },
  { name: 'exams', units: ['modules/exams'] },
  {
    name: 'content',
    units: ['courses', 'videos', 'attachments', 'support', 'profile'].map((m) => `modules/${m}`),
  },
  { name: 'pages over content', units: ['modules/teachers', 'modules/purchases', 'modules/home'] },
  // Progress and attendance (ADR 054): reads the exams, lectures, videos and attachments;
  // staff serves its reports.
  { name: 'progress', units: ['modules/progress', 'modules/roster'] },
  { name: 'reports', units: ['modules/reports'] },
  { name: 'staff', units: ['modules/staff'] },
  { name: 'app', units: ['app.ts', 'main.ts', 'start-checks.ts', 'db/seed'] },
];
/** Imports against the order that stay, each with its reason. */
const LAYER_EXCEPTIONS = [
  // The bearer hook finds a token's session; the auth module's routes are served by plugins.
  { target: 'plugins', from: 'modules/auth', except: ['./session-tokens.ts'] },
  // The app's settings (/app) list the recharge methods that really work here, which only the
  // payments module knows (a gateway without credentials is not offered).
  { target: 'modules/settings', from: 'modules/payments', except: ['./payment-methods.ts'] },
];

/**
 * The zones that refuse an import against `layers` (lowest first) under `root`: a unit may
 * import its own layer and the ones before it, never a later one.
 * @param {string} root
 * @param {{ name: string, units: string[] }[]} layers
 * @param {{ target: string, from: string, except: string[] }[]} [exceptions]
 */
function orderZones(root, layers, exceptions = []) {
  return layers.flatMap((layer, index) =>
    layer.units.flatMap((target) =>
      layers.slice(index + 1).flatMap((higher) =>
        higher.units.map((from) => ({
          target: `${root}/${target}`,
          from: `${root}/${from}`,
          except: exceptions.find((e) => e.target === target && e.from === from)?.except,
          message: `Layer order (docs/architecture.md): ${layer.name} (${target}) may not import ${higher.name} (${from}).`,
        })),
      ),
    ),
  );
}

/**
 * The folders under `root` (each a feature, or a group of screens), read from the disk so a new
 * one is fenced from the day it exists; each may import itself, never another.
 * @param {string} root
 */
function apartZones(root) {
  const names = fs
    .readdirSync(new URL(root, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return names.map((name) => ({
    target: `${root}/${name}`,
    from: names.filter((other) => other !== name).map((other) => `${root}/${other}`),
    message: `Apart (docs/architecture.md): ${root}/${name} may not import another folder beside it.`,
  }));
}

function layerZones() {
  const placed = SERVER_LAYERS.flatMap((layer) => layer.units);
  const unplaced = SERVER_MODULES.filter((name) => !placed.includes(`modules/${name}`));
  if (unplaced.length > 0) {
    throw new Error(`eslint.config.js: put ${unplaced.join(', ')} in a layer of SERVER_LAYERS`);
  }
  return orderZones(SERVER, SERVER_LAYERS, LAYER_EXCEPTIONS);
}

/**
 * The student app's layers, lowest first (docs/architecture.md); its features are apart
 * (apartZones). `test` (helpers for tests) is in no layer.
 */
export const WEB_LAYERS = [
  { name: 'base', units: ['lib', 'i18n', 'platform'] },
  { name: 'shared parts', units: ['components'] },
  { name: 'features', units: ['features'] },
  { name: 'app', units: ['app', 'main.tsx', 'entry-server.ts'] },
];

/**
 * The staff console's layers, lowest first (docs/architecture.md); its groups of screens under
 * resources/ are apart. Tests are outside: they render the whole console.
 */
export const STAFF_LAYERS = [
  {
    name: 'calls and texts',
    units: ['data', 'i18n', 'theme.ts', 'emotion-cache.ts', 'zod-jitless.ts'],
  },
  { name: 'sign-in', units: ['auth'] },
  { name: 'shared parts', units: ['components'] },
  { name: 'screens', units: ['resources', 'layout'] },
  { name: 'console', units: ['app.tsx', 'main.tsx'] },
];

function serverZones() {
  const modules = `${SERVER}/modules`;
  return [
    { target: `${SERVER}/lib`, from: [modules, `${SERVER}/plugins`] },
    { target: `${SERVER}/plugins`, from: modules, except: ['./auth/session-tokens.ts'] },
    // The seed builds rows through the modules' services, like a module would.
    { target: `${SERVER}/db`, from: modules, except: MODULE_SURFACE.map((file) => `./${file}`) },
    ...SERVER_MODULES.map((name) => ({
      target: `${modules}/${name}`,
      from: modules,
      except: [
        `./${name}`,
        ...MODULE_SURFACE.filter((file) => !file.startsWith(`${name}/`)).map((file) => `./${file}`),
      ],
    })),
    {
      target: `${modules}/lectures`,
      from: ['courses', 'videos', 'attachments', 'purchases', 'home', 'teachers'].map(
        (m) => `${modules}/${m}`,
      ),
    },
  ];
}

/** `it.only` and the like (the rule is set once per file group, so groups repeat this list). */
const NO_FOCUSED_TESTS = [
  {
    selector: "MemberExpression[property.name='only'][object.name=/^(it|test|describe|suite)$/]",
    message: 'Remove .only: it skips every other test in the file.',
  },
  {
    selector:
      "MemberExpression[property.name='only'][object.object.name=/^(it|test|describe|suite)$/]",
    message: 'Remove .only: it skips every other test in the file.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/artifacts/**',
      // The native projects (generated by Capacitor, with the web build copied in) and www/.
      'apps/mobile/android/**',
      'apps/mobile/ios/**',
      'apps/mobile/www/**',
      'bench/results/**',
      // Mutation testing's sandboxes and reports (npm run mutate).
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json', '*/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    // A focused test (it.only, describe.only, test.only…) silently skips the rest of its file
    // and still ends green: never let one be committed.
    rules: { 'no-restricted-syntax': ['error', ...NO_FOCUSED_TESTS] },
  },
  {
    // Apps never import each other; the contract imports no app.
    files: ['packages/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@dars/server*', '@dars/web*', '**/apps/**'] },
      ],
    },
  },
  {
    // The contract's modules build schemas with `z` from `src/zod.ts`, which configures zod
    // (Arabic messages, no compiled parsers in a browser) before any schema exists (ADR 041).
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/zod.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['@dars/server*', '@dars/web*', '**/apps/**'],
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message: "import { z } from the contract's src/zod.ts: it configures zod first.",
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations are frozen against Kysely<any> (style.md): they must not follow today's types.
    files: ['apps/server/src/db/migrat*.ts', 'apps/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@dars/web*', '**/apps/web/**'] }],
      // Import direction in the server: modules → plugins → lib/db; a module uses another
      // only through what that one offers (MODULE_SURFACE), and lectures are the lower layer.
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones(), ...layerZones()] }],
    },
  },
  {
    // The staff console and the shared UI package: browser code; apps never import each other.
    files: ['apps/staff/**', 'packages/ui/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: ['@dars/server*', '@dars/web*', '**/apps/server/**', '**/apps/web/**'] },
      ],
    },
  },
  {
    // The console's import direction (STAFF_LAYERS) and its groups of screens kept apart.
    files: ['apps/staff/src/**'],
    ignores: ['apps/staff/src/**/*.test.{ts,tsx}', 'apps/staff/src/test/**'],
    rules: {
      // A caught failure is read by data/failure.ts's failureOf, never cast (issue 25).
      'no-restricted-syntax': [
        'error',
        ...NO_FOCUSED_TESTS,
        {
          selector: "TSAsExpression TSTypeReference[typeName.name='HttpError']",
          message: "Read a caught failure with failureOf (data/failure.ts), don't cast it.",
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...orderZones('./apps/staff/src', STAFF_LAYERS),
            ...apartZones('./apps/staff/src/resources'),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['@dars/server*', '**/apps/server/**'] }],
    },
  },
  {
    // Import direction in the web app (WEB_LAYERS), and features kept apart. Tests are outside:
    // a platform test starts the whole app.
    files: ['apps/web/src/**'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...orderZones('./apps/web/src', WEB_LAYERS),
            ...apartZones('./apps/web/src/features'),
          ],
        },
      ],
    },
  },
);
