// CI for the native apps (issue 11): `npm run mobile:sync` really runs, and the web build lands
// in both native projects pointed at the server, with the plugins the Android project needs.
// No Android SDK or Xcode here: what is checked is what the build tools would be given.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appIndexHtml, serverOriginOf } from '../scripts/web-assets';

const mobile = path.resolve(import.meta.dirname, '..');
const root = path.resolve(mobile, '../..');
const read = (file: string) => fs.readFileSync(path.join(mobile, file), 'utf8');
const SERVER = 'https://dars.ci.example';
const PLUGINS = {
  '@capacitor/app': 'com.capacitorjs.plugins.app.AppPlugin',
  '@capacitor/browser': 'com.capacitorjs.plugins.browser.BrowserPlugin',
  '@capacitor/privacy-screen': 'com.capacitorjs.plugins.privacyscreen.PrivacyScreenPlugin',
  '@capacitor/splash-screen': 'com.capacitorjs.plugins.splashscreen.SplashScreenPlugin',
  '@capacitor/status-bar': 'com.capacitorjs.plugins.statusbar.StatusBarPlugin',
};

describe('the index.html the apps load', () => {
  it('names the server and asks it for the settings', () => {
    const html = appIndexHtml(
      '<head><link rel="preload" href="/api/v1/app" as="fetch" /></head><body></body>',
      'https://dars.example/some/path',
    );
    expect(html).toBe(
      '<head><link rel="preload" href="https://dars.example/api/v1/app" as="fetch" />' +
        '<meta name="dars-server" content="https://dars.example" /></head><body></body>',
    );
    // Run twice (a second sync), it still carries one tag.
    expect(appIndexHtml(html, 'https://dars.example').match(/dars-server/g)).toHaveLength(1);
  });

  it('refuses a server that is not http(s)', () => {
    expect(() => serverOriginOf('javascript:alert(1)')).toThrow(/http\(s\)/);
    expect(() => serverOriginOf('dars.example')).toThrow();
  });
});

describe('npm run mobile:sync', () => {
  let status: number | null = null;
  let output = '';
  beforeAll(() => {
    const res = spawnSync('npm', ['run', 'mobile:sync', '--', '--reuse-build'], {
      cwd: root,
      env: { ...process.env, DARS_SERVER_URL: SERVER, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    status = res.status;
    output = `${res.stdout}\n${res.stderr}`;
  }, 240_000);

  it('finishes', () => {
    expect(status, output).toBe(0);
  });

  const webIndex = () => fs.readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8');
  const entryScript = (html: string) => /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];

  for (const [name, publicDir] of [
    ['Android', 'android/app/src/main/assets/public'],
    ['iOS', 'ios/App/App/public'],
  ] as const) {
    it(`puts the web build into the ${name} project, pointed at the server`, () => {
      const html = read(`${publicDir}/index.html`);
      expect(html).toContain(`<meta name="dars-server" content="${SERVER}" />`);
      expect(html).toContain(`href="${SERVER}/api/v1/app"`);
      const entry = entryScript(html);
      expect(entry).toBeDefined();
      expect(entry).toBe(entryScript(webIndex()));
      expect(fs.existsSync(path.join(mobile, publicDir, entry!))).toBe(true);
      // The server's render and the precompressed copies stay out of the app.
      expect(fs.existsSync(path.join(mobile, publicDir, '.ssr'))).toBe(false);
      expect(fs.existsSync(path.join(mobile, publicDir, 'index.html.br'))).toBe(false);
      // And the service worker, which the apps never register (ADR 056).
      expect(fs.existsSync(path.join(root, 'apps/web/dist/sw.js'))).toBe(true);
      expect(fs.existsSync(path.join(mobile, publicDir, 'sw.js'))).toBe(false);
    });
  }

  it('gives the Android project the plugins it needs, and our DRM player', () => {
    const plugins = JSON.parse(read('android/app/src/main/assets/capacitor.plugins.json')) as {
      pkg: string;
      classpath: string;
    }[];
    expect(Object.fromEntries(plugins.map((p) => [p.pkg, p.classpath]))).toEqual(PLUGINS);
    const settings = read('android/capacitor.settings.gradle');
    for (const project of ['capacitor-app', 'capacitor-browser', 'capacitor-privacy-screen'])
      expect(settings).toContain(`include ':${project}'`);
    expect(read('android/app/src/main/java/eg/dars/app/MainActivity.java')).toContain(
      'registerPlugin(DarsPlayerPlugin.class)',
    );
    expect(read('android/app/src/main/AndroidManifest.xml')).toContain(
      'android:name=".DrmPlayerActivity"',
    );
    expect(read('android/app/build.gradle')).toContain('androidx.media3:media3-exoplayer-dash');
  });

  it('gives the iOS project the same plugins', () => {
    const pkg = read('ios/App/CapApp-SPM/Package.swift');
    for (const product of [
      'CapacitorApp',
      'CapacitorBrowser',
      'CapacitorPrivacyScreen',
      'CapacitorSplashScreen',
      'CapacitorStatusBar',
    ])
      expect(pkg).toContain(`.product(name: "${product}"`);
  });

  it('writes the config both apps read: id, Arabic name, https only for an https server', () => {
    for (const file of [
      'android/app/src/main/assets/capacitor.config.json',
      'ios/App/App/capacitor.config.json',
    ]) {
      const config = JSON.parse(read(file)) as Record<string, unknown>;
      expect(config).toMatchObject({
        appId: 'eg.dars.app',
        appName: 'دَرس',
        server: { androidScheme: 'https', iosScheme: 'capacitor', cleartext: false },
        android: { allowMixedContent: false },
        plugins: { SplashScreen: { launchAutoHide: false } },
      });
    }
  });

  it('gives both apps the package version, which the forced update compares', () => {
    const { version } = JSON.parse(read('package.json')) as { version: string };
    expect(read('android/app/build.gradle')).toContain(`versionName "${version}"`);
    const pbx = read('ios/App/App.xcodeproj/project.pbxproj');
    expect(pbx.match(/MARKETING_VERSION = ([^;]+);/g)).toEqual([
      `MARKETING_VERSION = ${version};`,
      `MARKETING_VERSION = ${version};`,
    ]);
  });
});
