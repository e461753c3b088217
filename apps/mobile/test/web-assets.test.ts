// What `npm run mobile:sync` copies of the web build into the apps (ADR 021): the app's page and
// scripts, pointed at the server; not the server's render, the precompressed copies or the
// service worker, which the apps never register (ADR 056). On a build made here, so it runs
// without building the web app or syncing the native projects (mobile-sync.test.ts does both).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyWebBuild, skippedForApps } from '../scripts/web-assets';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A web build's folder holding `files` (path → content). */
function build(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-web-build-'));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** Every file under `dir`, relative, sorted. */
const filesUnder = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();

describe('the web build the apps carry', () => {
  it('leaves the service worker and its Workbox files out, and keeps the app’s own files', () => {
    const dist = build({
      'index.html': '<head><script type="module" src="/assets/index-a1.js"></script></head>',
      'index.html.br': 'br',
      'sw.js': 'self.addEventListener("fetch", () => {})',
      'sw.js.br': 'br',
      'sw.js.gz': 'gz',
      'sw.js.map': '{}',
      // What Workbox's generateSW mode writes beside the worker.
      'workbox-5f3a9c1e.js': 'workbox',
      'workbox-5f3a9c1e.js.map': '{}',
      'assets/index-a1.js': 'app',
      'assets/service-worker-b2.js': 'registration, which returns at once in the apps',
      'assets/workbox-window.prod.es5-c3.js': 'named by the registration chunk',
      'assets/cairo-arabic-400-normal-d4.woff2': 'font',
      '.ssr/entry-server.js': 'render',
      '.vite/manifest.json': '{}',
    });
    const target = path.join(build({}), 'www');
    const copied = copyWebBuild(dist, target, 'https://dars.example');
    expect(filesUnder(target)).toEqual([
      'assets/cairo-arabic-400-normal-d4.woff2',
      'assets/index-a1.js',
      'assets/service-worker-b2.js',
      'assets/workbox-window.prod.es5-c3.js',
      'index.html',
    ]);
    expect(copied).toBe(5);
  });

  it('drops a worker left from an earlier sync', () => {
    const dist = build({ 'index.html': '<head></head>', 'sw.js': 'worker' });
    const target = build({ 'sw.js': 'an older worker', 'index.html': 'old' });
    copyWebBuild(dist, target, 'https://dars.example');
    expect(filesUnder(target)).toEqual(['index.html']);
  });

  it('knows the worker by its name at the top of the build only', () => {
    for (const name of ['sw.js', 'sw.js.map', 'workbox-5f3a9c1e.js', 'workbox-5f3a9c1e.js.map'])
      expect(skippedForApps(name), name).toBe(true);
    for (const name of [
      'assets/sw-helper-e5.js',
      'assets/workbox-window.prod.es5-c3.js',
      'assets/answers-sw.js',
      'swift.js',
      'index.html',
    ])
      expect(skippedForApps(name), name).toBe(false);
  });
});
