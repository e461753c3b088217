#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project of the repository, checked by `tsc -p`, two
// at a time (each tsc keeps one core busy). Prints a failing project's errors whole.
import os from 'node:os';
import path from 'node:path';
import { inLanes, run } from './run-parallel.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Largest first, so the two lanes end close together.
const PROJECTS = [
  'apps/staff',
  'apps/web',
  'apps/server',
  'e2e',
  'packages/ui',
  'bench',
  'packages/contract',
  'apps/mobile',
  '.',
];
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

const ok = await inLanes(
  PROJECTS.map((project) => async () => {
    const res = await run(process.execPath, [tsc, '-p', project], { cwd: root });
    if (!res.ok) process.stdout.write(`✘ tsc -p ${project}\n${res.output}`);
    return res.ok;
  }),
  Math.min(2, os.availableParallelism()),
);
process.exit(ok ? 0 : 1);
