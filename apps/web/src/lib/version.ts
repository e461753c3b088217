import type { AppSettings, Platform } from '@dars/contract';
import { NATIVE_PLATFORMS } from '@dars/contract/plain';

/**
 * Compares dotted versions part by part as numbers; missing parts count as 0 and a part's
 * trailing non-digits (`3-beta`) are ignored.
 * @example compareVersions('1.0.10', '1.0.9') // 1
 * @example compareVersions('1.2', '1.2.0') // 0
 */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) =>
    v
      .trim()
      .replace(/^v/i, '')
      .split('.')
      .map((part) => Number.parseInt(part, 10) || 0);
  const left = parse(a);
  const right = parse(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

export type StableVersions = Pick<
  AppSettings,
  'stable_version' | 'android_stable_version' | 'ios_stable_version'
>;

/**
 * Whether a native app must be updated before it may be used (spec §1, §4): only android
 * and ios are forced; the platform's own stable version wins over `stable_version`; a
 * missing (null or blank) stable version forces nothing.
 * @example needsForcedUpdate('android', '1.0.1', { stable_version: '1.0.2', android_stable_version: null, ios_stable_version: null }) // true
 * @example needsForcedUpdate('web', '0.1.0', { stable_version: '9.9.9', android_stable_version: null, ios_stable_version: null }) // false
 */
export function needsForcedUpdate(
  platform: Platform,
  installedVersion: string,
  settings: StableVersions,
): boolean {
  if (!NATIVE_PLATFORMS.includes(platform)) return false;
  const own =
    platform === 'android' ? settings.android_stable_version : settings.ios_stable_version;
  const stable = own?.trim() || settings.stable_version?.trim();
  if (!stable) return false;
  return compareVersions(installedVersion, stable) < 0;
}
