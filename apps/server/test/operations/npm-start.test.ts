import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';

// The repository's `npm start` is the demo (ADR 032, README): it must ask for it out loud, as
// school-server.test.ts starts it (`--demo`), since a server started without `--demo` is a
// school's and refuses the demo's data. The chain, read from the two package.json files: the
// root's `start` runs the server workspace's `demo` script, which runs the server's main with
// `--demo`. No process is started.

type Scripts = Record<string, string | undefined>;

function packageJson(dir: string): { name?: string; scripts?: Scripts } {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8'));
}

/** The commands of an `a && b && c` script, each as its words. */
function steps(script: string): string[][] {
  return script.split('&&').map((step) => step.trim().split(/\s+/));
}

describe('npm start (the repository root)', () => {
  it('runs the server workspace’s demo script', () => {
    const start = packageJson('.').scripts?.start;
    expect(start).toBeDefined();
    // Nothing may run instead of the chain, or after a failed step: only `&&` joins steps.
    expect(start).not.toMatch(/\|\||;|(?<!&)&(?!&)/);
    const demoSteps = steps(start!).filter(
      (words) =>
        words.join(' ') === 'npm run demo -w @dars/server' ||
        words.join(' ') === 'npm run demo --workspace=@dars/server' ||
        words.join(' ') === 'npm run demo -w apps/server' ||
        words.join(' ') === 'npm run demo --workspace=apps/server',
    );
    expect(demoSteps, `start is "${start}"`).toHaveLength(1);
    // The server starts last: it runs until stopped.
    expect(steps(start!).at(-1)).toEqual(demoSteps[0]);
  });

  it('whose demo script is the server’s main asked for the demo (--demo)', () => {
    const server = packageJson('apps/server');
    expect(server.name).toBe('@dars/server');
    const demo = server.scripts?.demo;
    expect(demo).toBeDefined();
    const words = demo!.trim().split(/\s+/);
    expect(words[0]).toBe('node');
    const main = words.indexOf('src/main.ts');
    expect(main, `demo is "${demo}"`).toBeGreaterThan(0);
    expect(words.slice(main + 1), `demo is "${demo}"`).toContain('--demo');
  });
});
