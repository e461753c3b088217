#!/usr/bin/env node
// The whole test suite, as the README's `npm test` runs it: lint, typecheck, build the web app,
// then every Vitest project (unit, web, staff, server, e2e; the e2e journeys beside the rest).
// When TEST_DATABASE_URL is set the server suite runs a second time against PostgreSQL. Ends
// with one summary line for all runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inLanes, lower, run } from './run-parallel.mjs';
import { PROJECTS, tally } from './vitest-report.mjs';

const root = path.resolve(import.meta.dirname, '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Every failure of every run, repeated at the very end: CI shows only a run's last lines. */
const problems = [];
/** How long each step took and when it ended (seconds from the start), also repeated at the end. */
const times = [];
const started = Date.now();
const since = () => (Date.now() - started) / 1000;
const timed = (title, seconds) =>
  times.push(`${title}: ${seconds.toFixed(1)} s, ended at ${since().toFixed(0)} s`);
/**
 * Runs Vitest with a JSON report and adds its counts to `totals`. `quietly` captures the
 * output and prints it whole when the run ends (for a run beside another one, whose lines
 * would otherwise interleave); otherwise it streams. `niceness` lowers its priority.
 */
async function vitest(title, args, env = {}, { quietly = false, niceness = 0 } = {}) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dars-vitest-')), 'results.json');
  const argv = [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  let ok;
  if (quietly) {
    console.log(`\n▶ ${title} (started; its output follows when it ends)`);
    const res = await run(npx, argv, { cwd: root, env, niceness });
    process.stdout.write(`\n▶ ${title}\n${res.output}`);
    console.log(`  ${res.ok ? '✔' : '✘'} ${title} (${res.seconds.toFixed(1)} s)`);
    timed(title, res.seconds);
    ok = res.ok;
  } else {
    console.log(`\n▶ ${title}`);
    const started = Date.now();
    const code = await new Promise((resolve) => {
      const child = spawn(npx, argv, {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, ...env },
      });
      lower(child, niceness);
      child.on('close', resolve);
    });
    ok = code === 0;
    const seconds = (Date.now() - started) / 1000;
    console.log(`  ${ok ? '✔' : '✘'} ${title} (${seconds.toFixed(1)} s)`);
    timed(title, seconds);
  }
  // 'staff-isolated' is the part of the staff tests that needs a module graph per file
  // (vitest.config.ts); the report counts its files under 'staff'.
  const projects = [
    ...new Set(
      args.filter((a, i) => args[i - 1] === '--project').map((p) => p.replace(/-isolated$/, '')),
    ),
  ];
  if (fs.existsSync(out)) {
    const counts = tally(JSON.parse(fs.readFileSync(out, 'utf8')), {
      root,
      projects: projects.length ? projects : PROJECTS,
    });
    for (const problem of counts.problems) {
      console.log(`  ✘ ${title}: ${problem}`);
      problems.push(`${title}: ${problem}`);
    }
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
  timed(title, res.seconds);
  if (!res.ok) problems.push(`${title} failed`);
  return res.ok;
}
let built = false;
let builtStaff = false;
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
console.log(`  checks and builds together: ${since().toFixed(1)} s`);
// Vitest runs a project whose files go one at a time (the e2e journeys share one server) after
// every other project, as a group of its own: the other core idled for the whole e2e run, then
// the PostgreSQL run came after that. The journeys wait on a browser and a server far more than
// they compute, so they run in a Vitest of their own beside the rest (below).
// The journeys need both builds; without them they would only repeat the build's failure.
const others = [
  '--project',
  'unit',
  '--project',
  'web',
  '--project',
  'web-isolated',
  '--project',
  'staff',
  '--project',
  'staff-isolated',
  '--project',
  'server',
];
// Two lanes, three runs: the e2e journeys and the SQLite run start together, and the
// PostgreSQL run takes whichever lane frees first (the journeys, since the console's sign-in
// loop was fixed): it no longer waits behind the SQLite run while a core idles.
// The journeys wait on a browser and a server far more than they compute (about a third of a
// core), so each of their steps is held up by whatever else wants the CPU at that moment; the
// other runs only want CPU. They run at a lower priority: they take what the journeys leave,
// instead of stretching the journeys (the longest run) while they wait for a core.
const testsOk = await inLanes(
  [
    () =>
      built && builtStaff
        ? vitest('e2e journeys', ['--project', 'e2e'], { TEST_DATABASE_URL: '' }, { quietly: true })
        : (console.log('\n▶ e2e journeys: NOT RUN, a build failed'), false),
    () =>
      vitest(
        'unit, web, staff and server tests (SQLite)',
        others,
        { TEST_DATABASE_URL: '' },
        { niceness: 10 },
      ),
    async () => {
      if (!process.env.TEST_DATABASE_URL) {
        console.log('\n▶ server tests (PostgreSQL): SKIPPED, TEST_DATABASE_URL is not set');
        return true;
      }
      return vitest(
        'server tests (PostgreSQL)',
        ['--project', 'server'],
        {},
        { quietly: true, niceness: 10 },
      );
    },
  ],
  2,
);
ok = testsOk && ok;
console.log(`  all tests together: ${since().toFixed(1)} s`);

console.log(`\nHow long each step took:\n${times.map((t) => `  ${t}`).join('\n')}`);
if (problems.length) console.log(`\nWhat failed:\n${problems.map((p) => `  ✘ ${p}`).join('\n')}`);
console.log(`\n${ok ? 'All checks passed.' : 'Some checks FAILED (see above).'}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
