// The web and staff component tests share one module graph per worker (vitest.config.ts); a
// file that replaces a module with vi.mock or vi.doMock would silently get the real module
// there. Each such file must be listed as isolated (WEB_ISOLATED, STAFF_MOCKING).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const config = fs.readFileSync(path.join(root, 'vitest.config.ts'), 'utf8');

function testFiles(dir) {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true })
    .map(String)
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => `src/${f.split(path.sep).join('/')}`);
}

describe('component tests that replace a module run isolated', () => {
  for (const app of ['web', 'staff']) {
    it(`lists every ${app} test file that calls vi.mock or vi.doMock`, () => {
      const mocking = testFiles(`apps/${app}/src`).filter((f) =>
        /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(path.join(root, 'apps', app, f), 'utf8')),
      );
      expect(mocking.length).toBeGreaterThan(0);
      expect(mocking.filter((f) => !config.includes(`'${f}'`))).toEqual([]);
    });
  }
});
