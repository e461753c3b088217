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
  'auth/auth-service.ts',
  'auth/session-tokens.ts',
  'courses/course-service.ts',
  'exams/exam-progress.ts',
  'lectures/lecture-access.ts',
  'lectures/lecture-queries.ts',
  'lectures/lecture-views.ts',
  'notifications/notification-service.ts',
  'paycards/paycard-attempts.ts',
  'paycards/paycard-code.ts',
  'paycards/redeem-paycard.ts',
  'payments/payment-methods.ts',
  'settings/settings-service.ts',
  'users/user-view.ts',
  'wallet/ledger.ts',
  'wallet/wallet-ids.ts',
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

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/artifacts/**',
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
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name='only'][object.name=/^(it|test|describe|suite)$/]",
          message: 'Remove .only: it skips every other test in the file.',
        },
        {
          selector:
            "MemberExpression[property.name='only'][object.object.name=/^(it|test|describe|suite)$/]",
          message: 'Remove .only: it skips every other test in the file.',
        },
      ],
    },
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
      'import-x/no-restricted-paths': ['error', { zones: serverZones() }],
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
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['@dars/server*', '**/apps/server/**'] }],
      // Import direction in the web app: app → features → components/lib/i18n → contract.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
            },
            {
              target: './apps/web/src/i18n',
              from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
            },
            // features never import each other
            ...[
              'auth',
              'catalog',
              'lectures',
              'exams',
              'results',
              'wallet',
              'profile',
              'support',
              'notifications',
              'shell',
            ].map((name) => ({
              target: `./apps/web/src/features/${name}`,
              from: './apps/web/src/features',
              except: [`./${name}`],
            })),
          ],
        },
      ],
    },
  },
);
