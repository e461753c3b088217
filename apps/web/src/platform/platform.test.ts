import { afterEach, describe, expect, it } from 'vitest';
import { APP_VERSION } from '@dars/contract';
import { detectPlatform } from './platform';

afterEach(() => {
  delete (window as { Capacitor?: unknown }).Capacitor;
});

describe('detectPlatform', () => {
  it('is web with the build version when there is no native wrapper', async () => {
    const p = detectPlatform();
    expect(p.name).toBe('web');
    expect(p.isNative).toBe(false);
    await expect(p.getAppVersion()).resolves.toBe(APP_VERSION);
  });

  it('reads the native platform and installed version from Capacitor', async () => {
    (window as { Capacitor?: unknown }).Capacitor = {
      getPlatform: () => 'android',
      Plugins: { App: { getInfo: async () => ({ version: '0.9.0' }) } },
    };
    const p = detectPlatform();
    expect(p.name).toBe('android');
    expect(p.isNative).toBe(true);
    await expect(p.getAppVersion()).resolves.toBe('0.9.0');
  });

  it("treats Capacitor's own 'web' platform as the web", () => {
    (window as { Capacitor?: unknown }).Capacitor = { getPlatform: () => 'web' };
    expect(detectPlatform().name).toBe('web');
  });
});
