// The school's identity in the native apps (issue 27, ADR 049): `npm run mobile:sync` asks the
// server it builds for (GET /api/v1/app, as the apps will) for the school's name, colour and
// logo, and writes them where the native projects read them: the app's name under its icon,
// the colours of the splash and status bar (apps/mobile/school.json, read by
// capacitor.config.ts), and, for a school other than «دَرس», its icons and splash screens.
import fs from 'node:fs';
import path from 'node:path';
import { drawAssets, type AssetIdentity } from './draw-assets';
import { DEFAULT_BRAND, DEFAULT_NAME, SCHOOL_FILE, type SchoolFile } from './school-file';

const HEX = /^#[0-9a-fA-F]{6}$/;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];

/**
 * The identity the server answers, with its logo's bytes (the one drawn on the colour first);
 * null, with the reason, when the server cannot be asked or answers something else.
 */
export async function readSchool(
  server: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ identity: AssetIdentity } | { reason: string }> {
  let school: Record<string, unknown>;
  try {
    const res = await fetchImpl(`${server}/api/v1/app`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return { reason: `GET /api/v1/app answered ${res.status}` };
    const body = (await res.json()) as { data?: { school?: Record<string, unknown> } };
    school = body.data?.school ?? {};
  } catch (error) {
    return { reason: (error as Error).message };
  }
  const name = typeof school.name === 'string' ? school.name.trim() : '';
  const brand = typeof school.primary_color === 'string' ? school.primary_color : '';
  if (!name || !HEX.test(brand)) return { reason: 'the answer holds no school name and colour' };
  const address = [school.logo_dark, school.logo_light].find(
    (v): v is string => typeof v === 'string' && v.length > 0,
  );
  let logo: AssetIdentity['logo'] = null;
  if (address) {
    try {
      const res = await fetchImpl(new URL(address, server), {
        signal: AbortSignal.timeout(10_000),
      });
      const mime = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
      if (res.ok && IMAGE_TYPES.includes(mime)) {
        logo = { bytes: Buffer.from(await res.arrayBuffer()), mime };
      }
    } catch {
      // No logo: the book in the school's colour, with its name.
    }
  }
  return { identity: { name, brand: brand.toLowerCase(), logo } };
}

const entities = (text: string) =>
  text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);
/** Android's string resources: XML, and a quote or apostrophe escaped with a backslash. */
const androidString = (text: string) => entities(text).replace(/(['"])/g, '\\$1');
/** A property list's string: XML. */
const plistString = (text: string) =>
  entities(text).replace(/['"]/g, (c) => (c === '"' ? '&quot;' : '&apos;'));

/**
 * Writes `identity` into the native projects under `root` (apps/mobile): the name under the
 * icon (Android's strings, iOS's display name), school.json for the config's name and colours,
 * and the icons and splash screens, redrawn unless the identity is «دَرس»'s own (whose committed
 * images stay as they are). Answers how many images it drew.
 */
export async function applySchool(root: string, identity: AssetIdentity): Promise<number> {
  const strings = path.join(root, 'android/app/src/main/res/values/strings.xml');
  const name = androidString(identity.name);
  fs.writeFileSync(
    strings,
    fs
      .readFileSync(strings, 'utf8')
      // Functions, not strings: a `$&` in a school's name is text, not a pattern.
      .replace(
        /(<string name="app_name">)[^<]*(<\/string>)/,
        (_, a: string, b: string) => a + name + b,
      )
      .replace(
        /(<string name="title_activity_main">)[^<]*(<\/string>)/,
        (_, a: string, b: string) => a + name + b,
      ),
  );
  const plist = path.join(root, 'ios/App/App/Info.plist');
  fs.writeFileSync(
    plist,
    fs
      .readFileSync(plist, 'utf8')
      .replace(
        /(<key>CFBundleDisplayName<\/key>\s*<string>)[^<]*(<\/string>)/,
        (_, a: string, b: string) => a + plistString(identity.name) + b,
      ),
  );
  const file: SchoolFile = { name: identity.name, brand: identity.brand };
  fs.writeFileSync(path.join(root, SCHOOL_FILE), `${JSON.stringify(file, null, 2)}\n`);
  const own =
    identity.logo === null &&
    identity.name === DEFAULT_NAME &&
    identity.brand.toLowerCase() === DEFAULT_BRAND;
  return own ? 0 : drawAssets(root, identity);
}
