// Reads Vitest's JSON report for scripts/test.mjs: counts tests, and the failures Vitest's own
// counters miss (a file that throws on import or in `beforeAll` has no failed test: its tests
// are reported as skipped), and projects that ran no test at all; and names each failed test,
// so that the end of a long run (all CI shows of it) says which ones failed.
import path from 'node:path';

export const PROJECTS = ['unit', 'web', 'staff', 'server', 'e2e'];

/**
 * Which Vitest project a test file belongs to (mirrors the includes in vitest.config.ts).
 * @example projectOf('/repo', '/repo/apps/server/test/auth.test.ts') // 'server'
 */
export function projectOf(root, file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (rel.startsWith('e2e/')) return 'e2e';
  if (rel.startsWith('apps/web/')) return 'web';
  if (rel.startsWith('apps/staff/')) return 'staff';
  if (rel.startsWith('apps/server/test/')) return 'server';
  return 'unit';
}

/**
 * Counts one report. A failed suite without a failed test counts as one failure and its
 * never-run tests are not counted as skipped; each expected project that ran no test is a
 * failure too. `problems` says what went wrong, one line each.
 * @example tally(JSON.parse(fs.readFileSync(out, 'utf8')), { root, projects: ['server'] })
 */
export function tally(report, { root, projects = PROJECTS }) {
  const counts = { passed: 0, failed: 0, skipped: 0, problems: [] };
  const ran = new Map(projects.map((p) => [p, 0]));
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    const project = projectOf(root, file.name);
    ran.set(project, (ran.get(project) ?? 0) + tests.length);
    const failed = tests.filter((t) => t.status === 'failed').length;
    if (file.status === 'failed' && failed === 0) {
      counts.failed += 1;
      const reason = (file.message || 'failed before its tests ran').split('\n')[0];
      counts.problems.push(`suite failed: ${path.relative(root, file.name)}: ${reason}`);
      continue;
    }
    counts.passed += tests.filter((t) => t.status === 'passed').length;
    counts.failed += failed;
    for (const test of tests.filter((t) => t.status === 'failed')) {
      const message = String(test.failureMessages?.[0] ?? '');
      let reason = message.split('\n')[0].slice(0, 200);
      // Vitest 4 reports a test that ran past its time limit with this placeholder only.
      if (reason === 'Error: STACK_TRACE_ERROR') reason = 'timed out (its own time limit)';
      const name = test.fullName || test.title;
      const where = whereItFailed(message, path.relative(root, file.name), file.name);
      counts.problems.push(
        `test failed: ${path.relative(root, file.name)} > ${name}${reason ? `: ${reason}` : ''}${where}`,
      );
    }
    counts.skipped += tests.filter((t) => ['skipped', 'pending', 'todo'].includes(t.status)).length;
  }
  for (const project of projects) {
    if (ran.get(project) === 0) {
      counts.failed += 1;
      counts.problems.push(`project ${project} ran no test`);
    }
  }
  return counts;
}

/**
 * Where in its own file a test failed, and what a Playwright wait was waiting for: a
 * timeout's first line alone («locator.waitFor: Timeout 15000ms exceeded») does not say which
 * of a journey's waits it was, and the end of the run is all CI shows.
 * @example whereItFailed(message, 'e2e/a.test.ts', '/repo/e2e/a.test.ts') // ' (at line 222, waiting for getByRole(…))'
 */
export function whereItFailed(message, relative, absolute) {
  const lines = message.split('\n');
  const frame = lines.find((l) => l.includes(`${absolute}:`) || l.includes(`${relative}:`));
  const line = frame?.match(/:(\d+):\d+\)?\s*$/)?.[1];
  const waiting = lines
    .map((l) => l.trim())
    .find((l) => /^-\s*waiting for /.test(l))
    ?.replace(/^-\s*/, '')
    .slice(0, 160);
  const parts = [line && `at line ${line}`, waiting].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}
