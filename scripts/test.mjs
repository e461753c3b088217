#!/usr/bin/env node
// The whole test suite, as the README's `npm test` runs it: lint, typecheck, build the web app,
// then every Vitest project (unit, web, server, e2e). When TEST_DATABASE_URL is set the server
// suite runs a second time against PostgreSQL. Ends with one summary line for all runs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inLanes, run } from './run-parallel.mjs';
import { PROJECTS, tally } from './vitest-report.mjs';

const root = path.resolve(import.meta.dirname, '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function step(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(
    `  ${res.status === 0 ? '✔' : '✘'} ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return res.status === 0;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
function vitest(title, args, env = {}) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dars-vitest-')), 'results.json');
  let ok = step(
    title,
    npx,
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  const projects = args.filter((a, i) => args[i - 1] === '--project');
  if (fs.existsSync(out)) {
    const counts = tally(JSON.parse(fs.readFileSync(out, 'utf8')), {
      root,
      projects: projects.length ? projects : PROJECTS,
    });
    for (const problem of counts.problems) console.log(`  ✘ ${problem}`);
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
    if (counts.problems.length) ok = false;
  } else {
    totals.failed += 1; // the run died before reporting
    console.log(`  ✘ ${title}: Vitest wrote no report`);
    ok = false;
  }
  return ok;
}

// Lint, typecheck and the two builds each keep about one core busy: side by side they take
// about half as long as one after another on a 2-core machine. Each prints its output whole.
async function quiet(title, cmd, args, env = {}) {
  const res = await run(cmd, args, { cwd: root, env });
  process.stdout.write(`\n▶ ${title}\n${res.output}`);
  console.log(`  ${res.ok ? '✔' : '✘'} ${title} (${res.seconds.toFixed(1)} s)`);
  return res.ok;
}
let built = false;
let builtStaff = false;
const started = Date.now();
let ok = await inLanes(
  [
    () => quiet('lint', npx, ['eslint', '.', '--max-warnings=0']),
    () => quiet('typecheck', npm, ['run', '-s', 'typecheck']),
    async () => {
      built = await quiet('build web', npm, ['run', '-s', 'build', '-w', '@dars/web']);
      return built && (await quiet('bundle budget', npm, ['run', '-s', 'bench:bundle']));
    },
    async () =>
      (builtStaff = await quiet('build staff console', npm, [
        'run',
        '-s',
        'build',
        '-w',
        '@dars/staff',
      ])),
  ],
  4,
);
console.log(`  checks and builds together: ${((Date.now() - started) / 1000).toFixed(1)} s`);
// The e2e journeys need the build; without it they would only repeat the build's failure.
ok =
  vitest(
    'tests (SQLite)',
    built && builtStaff
      ? []
      : ['--project', 'unit', '--project', 'web', '--project', 'staff', '--project', 'server'],
    { TEST_DATABASE_URL: '' },
  ) && ok;
if (process.env.TEST_DATABASE_URL) {
  ok = vitest('server tests (PostgreSQL)', ['--project', 'server']) && ok;
} else {
  console.log('\n▶ server tests (PostgreSQL): SKIPPED, TEST_DATABASE_URL is not set');
}

console.log(`\n${ok ? 'All checks passed.' : 'Some checks FAILED (see above).'}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
