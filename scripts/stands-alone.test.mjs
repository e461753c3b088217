import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The repository stands alone: code and docs cite the product in docs/product/ and readings of
// it in docs/decisions/, never a file that lives outside the repository (the team's shared spec
// folder). docs-links.test.mjs checks that every section they cite exists.
const root = new URL('..', import.meta.url);
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => /\.(ts|tsx|mjs|js|md|json|html)$/.test(f) && f !== 'package-lock.json');

describe('the repository stands alone', () => {
  it('cites no file outside it', () => {
    const outside = /(^|[^/\w-])decisions\.md|\.\.\/shared\//;
    const citing = tracked.filter((f) => {
      if (f === 'scripts/stands-alone.test.mjs') return false;
      try {
        return outside.test(readFileSync(new URL(f, root), 'utf8'));
      } catch {
        return false; // deleted in the working tree but still in the index
      }
    });
    expect(citing).toEqual([]);
  });
});
