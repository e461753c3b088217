// The school's identity in the native apps (issue 27, ADR 049): mobile:sync reads it from the
// server over real HTTP and writes the name, colour and logo into copies of the native projects'
// files; the figures (pixels, texts) are written here by hand.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySchool, readSchool } from '../scripts/school-identity';

const mobile = path.resolve(import.meta.dirname, '..');
const NAME = 'مدرسة النور & "الأمل" للأستاذ\'ة';

/** A red square, as a school's uploaded logo. */
const LOGO = await sharp({
  create: { width: 64, height: 64, channels: 3, background: '#ff0000' },
})
  .png()
  .toBuffer();

let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/api/v1/app') {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          data: {
            school: {
              name: NAME,
              primary_color: '#0B6E4F',
              logo_dark: '/storage/public/logo.png',
              logo_light: null,
            },
          },
        }),
      );
    } else if (req.url === '/storage/public/logo.png') {
      res.setHeader('content-type', 'image/png');
      res.end(LOGO);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** The native files the identity touches, copied into a folder of their own. */
function copyOfProjects(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-mobile-'));
  for (const file of [
    'assets/icon.svg',
    'android/app/src/main/res/values/strings.xml',
    'android/app/src/main/res/values/ic_launcher_background.xml',
    'android/app/src/main/res/mipmap-mdpi/ic_launcher.png',
    'android/app/src/main/res/mipmap-mdpi/ic_launcher_round.png',
    'android/app/src/main/res/drawable-port-mdpi/splash.png',
    'ios/App/App/Info.plist',
    'ios/App/App/Assets.xcassets/AppIcon.appiconset/AppIcon-512@2x.png',
  ]) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(mobile, file), path.join(dir, file));
  }
  return dir;
}

async function pixel(file: string, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(file)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 3;
  return `#${[data[at], data[at + 1], data[at + 2]].map((v) => v!.toString(16).padStart(2, '0')).join('')}`;
}

describe('the school’s identity at mobile:sync', () => {
  it('reads the name, colour and logo the server answers the apps', async () => {
    const read = await readSchool(origin);
    expect('identity' in read && read.identity).toEqual({
      name: NAME,
      brand: '#0b6e4f',
      logo: { bytes: LOGO, mime: 'image/png' },
    });
  });

  it('says why when the server cannot be asked', async () => {
    const read = await readSchool('http://127.0.0.1:9');
    expect('reason' in read && read.reason).toBeTruthy();
  });

  it('names the apps, colours them and draws the logo on their icons and splash', async () => {
    const dir = copyOfProjects();
    const read = await readSchool(origin);
    if (!('identity' in read)) throw new Error(read.reason);
    // ic_launcher, ic_launcher_round, splash, AppIcon: four images.
    expect(await applySchool(dir, read.identity)).toBe(4);
    const text = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
    const android = 'مدرسة النور &amp; \\"الأمل\\" للأستاذ\\\'ة';
    expect(text('android/app/src/main/res/values/strings.xml')).toContain(
      `<string name="app_name">${android}</string>`,
    );
    expect(text('android/app/src/main/res/values/strings.xml')).toContain(
      `<string name="title_activity_main">${android}</string>`,
    );
    expect(text('ios/App/App/Info.plist')).toContain(
      '<string>مدرسة النور &amp; &quot;الأمل&quot; للأستاذ&apos;ة</string>',
    );
    expect(JSON.parse(text('school.json'))).toEqual({ name: NAME, brand: '#0b6e4f' });
    expect(text('android/app/src/main/res/values/ic_launcher_background.xml')).toContain('#0B6E4F');
    const res = path.join(dir, 'android/app/src/main/res');
    // The icon (48 px at mdpi): the colour at its edge, the red logo at its middle.
    expect(await pixel(path.join(res, 'mipmap-mdpi/ic_launcher.png'), 24, 2)).toBe('#0b6e4f');
    expect(await pixel(path.join(res, 'mipmap-mdpi/ic_launcher.png'), 24, 24)).toBe('#ff0000');
    expect(await pixel(path.join(res, 'drawable-port-mdpi/splash.png'), 2, 2)).toBe('#0b6e4f');
    const ios = path.join(dir, 'ios/App/App/Assets.xcassets/AppIcon.appiconset/AppIcon-512@2x.png');
    expect(await pixel(ios, 1, 1)).toBe('#0b6e4f');
    expect(await pixel(ios, 512, 512)).toBe('#ff0000');
  });

  it('leaves «دَرس»’s committed images alone when the school is «دَرس» itself', async () => {
    const dir = copyOfProjects();
    const icon = path.join(dir, 'android/app/src/main/res/mipmap-mdpi/ic_launcher.png');
    const before = fs.readFileSync(icon);
    expect(await applySchool(dir, { name: 'دَرس', brand: '#1f4fa3', logo: null })).toBe(0);
    expect(fs.readFileSync(icon).equals(before)).toBe(true);
    expect(
      fs.readFileSync(path.join(dir, 'android/app/src/main/res/values/strings.xml'), 'utf8'),
    ).toContain('<string name="app_name">دَرس</string>');
  });
});
