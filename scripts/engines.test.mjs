import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The README's set-up installs on the Node version that `engines` names: every package the
// lock file installs must accept it, or npm prints EBADENGINE warnings on a fresh machine.
const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));

describe('installed packages and the Node version the README names', () => {
  it('all accept the lowest Node that package.json declares', () => {
    const lowest = semver.minVersion(root.engines.node).version;
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => p.engines?.node && !p.optional)
      .filter(([, p]) => !semver.satisfies(lowest, p.engines.node, { includePrerelease: true }))
      .map(([name, p]) => `${name} (${p.engines.node})`);
    expect(refusing).toEqual([]);
  });
});
