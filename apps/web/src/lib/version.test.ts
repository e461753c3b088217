import { describe, expect, it } from 'vitest';
import { compareVersions, needsForcedUpdate, type StableVersions } from './version';

const none: StableVersions = {
  stable_version: null,
  android_stable_version: null,
  ios_stable_version: null,
};

describe('compareVersions', () => {
  it('compares parts as numbers, not text', () => {
    expect(compareVersions('1.0.10', '1.0.9')).toBe(1);
    expect(compareVersions('1.9', '1.10')).toBe(-1);
  });

  it('treats missing parts as zero', () => {
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('2', '1.99.99')).toBe(1);
  });

  it('ignores a leading v and suffixes', () => {
    expect(compareVersions('v1.0.2', '1.0.2')).toBe(0);
    expect(compareVersions('1.0.3-beta', '1.0.2')).toBe(1);
  });
});

describe('needsForcedUpdate', () => {
  it('forces an android app below the android stable version', () => {
    expect(
      needsForcedUpdate('android', '1.0.1', { ...none, android_stable_version: '1.0.2' }),
    ).toBe(true);
  });

  it('does not force an app at or above the stable version', () => {
    expect(
      needsForcedUpdate('android', '1.0.2', { ...none, android_stable_version: '1.0.2' }),
    ).toBe(false);
    expect(needsForcedUpdate('ios', '2.0.0', { ...none, ios_stable_version: '1.9.9' })).toBe(false);
  });

  it("prefers the platform's own stable version over the general one", () => {
    const settings = {
      stable_version: '3.0.0',
      android_stable_version: '1.0.0',
      ios_stable_version: '1.5.0',
    };
    expect(needsForcedUpdate('android', '1.2.0', settings)).toBe(false);
    expect(needsForcedUpdate('ios', '1.2.0', settings)).toBe(true);
  });

  it('falls back to stable_version when the platform has none', () => {
    expect(needsForcedUpdate('ios', '1.0.1', { ...none, stable_version: '1.0.2' })).toBe(true);
    expect(
      needsForcedUpdate('android', '1.0.1', {
        ...none,
        stable_version: '1.0.1',
        android_stable_version: ' ',
      }),
    ).toBe(false);
  });

  it('forces nothing when no stable version is set', () => {
    expect(needsForcedUpdate('android', '0.0.1', none)).toBe(false);
  });

  it('never forces web, mini or desktop', () => {
    const settings = {
      stable_version: '9.9.9',
      android_stable_version: '9.9.9',
      ios_stable_version: '9.9.9',
    };
    expect(needsForcedUpdate('web', '1.0.0', settings)).toBe(false);
    expect(needsForcedUpdate('mini', '1.0.0', settings)).toBe(false);
    expect(needsForcedUpdate('desktop', '1.0.0', settings)).toBe(false);
  });
});
