import { describe, expect, it } from 'vitest';
import { tally } from './vitest-report.mjs';

// Shapes as Vitest 4's JSON reporter writes them (captured from real runs).
const root = '/repo';
const file = (name, status, tests, message = '') => ({
  name: `${root}/${name}`,
  status,
  message,
  assertionResults: tests.map(([title, s, failureMessages]) => ({
    title,
    status: s,
    ...(failureMessages ? { failureMessages } : {}),
  })),
});
const passing = file('apps/server/test/a.test.ts', 'passed', [
  ['one', 'passed'],
  ['two', 'skipped'],
]);

describe('tally of a Vitest JSON report', () => {
  it('counts passed, failed and skipped tests', () => {
    const report = {
      testResults: [
        passing,
        file('apps/server/test/b.test.ts', 'failed', [
          ['three', 'failed'],
          ['four', 'passed'],
        ]),
      ],
    };
    expect(tally(report, { root, projects: ['server'] })).toEqual({
      passed: 2,
      failed: 1,
      skipped: 1,
      problems: ['test failed: apps/server/test/b.test.ts > three'],
    });
  });

  it('names each failed test with its file and the first line of why', () => {
    const report = {
      testResults: [
        file('apps/staff/src/x.test.tsx', 'failed', [
          ['a', 'passed'],
          ['b', 'failed', ['Error: Test timed out in 120000ms.\n    at stack']],
          ['c', 'failed', ['Error: STACK_TRACE_ERROR\n    at task (chunk-artifact.js:1784:27)']],
        ]),
      ],
    };
    expect(tally(report, { root, projects: ['staff'] }).problems).toEqual([
      'test failed: apps/staff/src/x.test.tsx > b: Error: Test timed out in 120000ms.',
      'test failed: apps/staff/src/x.test.tsx > c: timed out (its own time limit)',
    ]);
  });

  it('says at which line of its own file a test failed, and what a locator waited for', () => {
    const message = [
      'locator.waitFor: Timeout 15000ms exceeded.',
      'Call log:',
      "  - waiting for getByRole('dialog', { name: 'تسجيل الخروج' }) to be visible",
      '',
      '    at chooseLogout (/repo/e2e/accounts.test.ts:210:26)',
      '    at /repo/e2e/accounts.test.ts:221:5',
    ].join('\n');
    const report = {
      testResults: [file('e2e/accounts.test.ts', 'failed', [['logout', 'failed', [message]]])],
    };
    expect(tally(report, { root, projects: ['e2e'] }).problems).toEqual([
      'test failed: e2e/accounts.test.ts > logout: locator.waitFor: Timeout 15000ms exceeded.' +
        " (at line 210, waiting for getByRole('dialog', { name: 'تسجيل الخروج' }) to be visible)",
    ]);
  });

  it('counts a file that failed in beforeAll as a failure, not as skipped tests', () => {
    const report = {
      testResults: [
        passing,
        file(
          'apps/server/test/c.test.ts',
          'failed',
          [
            ['one', 'skipped'],
            ['two', 'skipped'],
          ],
          'boom\n  at beforeAll',
        ),
      ],
    };
    const counts = tally(report, { root, projects: ['server'] });
    expect(counts).toMatchObject({ passed: 1, failed: 1, skipped: 1 });
    expect(counts.problems).toEqual(['suite failed: apps/server/test/c.test.ts: boom']);
  });

  it('counts a file that throws on import as a failure', () => {
    const report = {
      testResults: [passing, file('apps/server/test/d.test.ts', 'failed', [], 'import boom')],
    };
    const counts = tally(report, { root, projects: ['server'] });
    expect(counts.failed).toBe(1);
    expect(counts.problems).toEqual(['suite failed: apps/server/test/d.test.ts: import boom']);
  });

  it('fails a project that ran no test, and only the projects that were asked for', () => {
    const report = { testResults: [passing, file('e2e/x.test.ts', 'passed', [])] };
    const counts = tally(report, { root, projects: ['server', 'e2e', 'web'] });
    expect(counts.failed).toBe(2);
    expect(counts.problems).toEqual(['project e2e ran no test', 'project web ran no test']);
    expect(tally(report, { root, projects: ['server'] }).problems).toEqual([]);
  });
});
