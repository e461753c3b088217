import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION } from '@dars/contract';
import { detectPlatform } from './platform';
import { externalTarget, handleExternalLinks } from './external-links';
import { absolutiseServerPaths, resetServerOrigin, serverOrigin } from './server-origin';
import { startNative } from './start-native';
import { z } from 'zod';
import { apiFetch, apiUrl } from '../lib/api-client';

afterEach(() => {
  delete (window as { Capacitor?: unknown }).Capacitor;
  document.head.querySelectorAll('meta[name="dars-server"]').forEach((m) => m.remove());
  resetServerOrigin();
});

function fakeWindow(userAgent: string, capacitorPlatform?: string): Window {
  return {
    navigator: { userAgent },
    Capacitor: capacitorPlatform ? { getPlatform: () => capacitorPlatform } : undefined,
    open: vi.fn(),
  } as unknown as Window;
}

describe('detectPlatform', () => {
  it('is web with the build version and loads no native code', async () => {
    const loadNative = vi.fn();
    const p = detectPlatform(fakeWindow('Mozilla/5.0 (X11; Linux x86_64) Chrome/120'), loadNative);
    expect(p.name).toBe('web');
    expect(p.isNative).toBe(false);
    await expect(p.getAppVersion()).resolves.toBe(APP_VERSION);
    await p.setScreenCaptureBlocked(true);
    await p.setVideoFullScreen(true);
    await p.hideSplash();
    await expect(
      p.playProtectedVideo({ url: 'u', licenseUrl: 'l', title: 't', watermark: 'w' }),
    ).resolves.toBe(false);
    expect(loadNative).not.toHaveBeenCalled();
  });

  it('opens external urls in a new tab on the web', async () => {
    const win = fakeWindow('Mozilla/5.0');
    await detectPlatform(win, vi.fn()).openExternal('https://example.com/');
    expect(win.open).toHaveBeenCalledWith('https://example.com/', '_blank', 'noopener,noreferrer');
  });

  it('is mini inside a host app that marks its user agent, and not native', async () => {
    const loadNative = vi.fn();
    const p = detectPlatform(
      fakeWindow('Mozilla/5.0 (Linux; Android 14) Mobile Safari DarsMini/3.1'),
      loadNative,
    );
    expect(p.name).toBe('mini');
    expect(p.isNative).toBe(false);
    await expect(p.getAppVersion()).resolves.toBe(APP_VERSION);
    expect(loadNative).not.toHaveBeenCalled();
  });

  it("reads android and ios from Capacitor, and treats Capacitor's own 'web' as the web", () => {
    expect(detectPlatform(fakeWindow('x', 'android'), vi.fn()).name).toBe('android');
    expect(detectPlatform(fakeWindow('x', 'ios'), vi.fn()).name).toBe('ios');
    expect(detectPlatform(fakeWindow('x', 'web'), vi.fn()).name).toBe('web');
    expect(detectPlatform(undefined, vi.fn()).name).toBe('web');
  });

  it('falls back to the build version when the app cannot tell its own', async () => {
    const p = detectPlatform(fakeWindow('x', 'android'), () => Promise.reject(new Error('no')));
    await expect(p.getAppVersion()).resolves.toBe(APP_VERSION);
  });
});

describe('the server origin of the apps', () => {
  it('is absent on the web site: calls stay relative', () => {
    expect(serverOrigin()).toBeNull();
    expect(apiUrl('/courses', { page: 2 })).toBe('/api/v1/courses?page=2');
  });

  it('puts every API path under the server the app was synced with', () => {
    const meta = document.createElement('meta');
    meta.name = 'dars-server';
    meta.content = 'https://dars.example/';
    document.head.append(meta);
    expect(serverOrigin()).toBe('https://dars.example');
    expect(apiUrl('/courses', { page: 2 })).toBe('https://dars.example/api/v1/courses?page=2');
    expect(apiUrl('/api/v1/courses?page=3')).toBe('https://dars.example/api/v1/courses?page=3');
    expect(apiUrl('https://other.example/x')).toBe('https://other.example/x');
  });

  it("makes the server's file and call paths in an answer absolute, nothing else", () => {
    const origin = 'https://dars.example';
    expect(
      absolutiseServerPaths(
        {
          image_url: '/storage/seed/courses/3.svg',
          teachers: [{ avatar: '/storage/a.png', name: '/storage is a word' }],
          links: { next: '/api/v1/courses?page=2' },
          answer_image: '/api/v1/exams/session/answers/image/5?sig=x',
          other: '/courses/7',
          outside: 'https://cdn.example/storage/x.png',
          count: 3,
          none: null,
        },
        origin,
      ),
    ).toEqual({
      image_url: 'https://dars.example/storage/seed/courses/3.svg',
      teachers: [{ avatar: 'https://dars.example/storage/a.png', name: '/storage is a word' }],
      links: { next: 'https://dars.example/api/v1/courses?page=2' },
      answer_image: 'https://dars.example/api/v1/exams/session/answers/image/5?sig=x',
      other: '/courses/7',
      outside: 'https://cdn.example/storage/x.png',
      count: 3,
      none: null,
    });
  });

  it('gives the app absolute image links from an answer, the web site relative ones', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ image_url: '/storage/c.png' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const schema = z.object({ image_url: z.string() });
    try {
      await expect(apiFetch('/x', { schema })).resolves.toEqual({ image_url: '/storage/c.png' });
      const meta = document.createElement('meta');
      meta.name = 'dars-server';
      meta.content = 'https://dars.example';
      document.head.append(meta);
      resetServerOrigin();
      await expect(apiFetch('/x', { schema })).resolves.toEqual({
        image_url: 'https://dars.example/storage/c.png',
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('ignores a tag that names no http(s) origin', () => {
    const meta = document.createElement('meta');
    meta.name = 'dars-server';
    meta.content = 'javascript:alert(1)';
    document.head.append(meta);
    expect(serverOrigin()).toBeNull();
  });
});

describe('external links in the apps', () => {
  it('sends other sites and the server files out, keeps the app pages in', () => {
    const page = 'https://localhost';
    expect(externalTarget('https://play.google.com/store', page, null)).toBe(
      'https://play.google.com/store',
    );
    expect(externalTarget('/courses/3', page, 'https://dars.example')).toBeNull();
    expect(
      externalTarget('/api/v1/attachments/9/download?at=s', page, 'https://dars.example'),
    ).toBe('https://dars.example/api/v1/attachments/9/download?at=s');
    expect(externalTarget('/api/v1/x', page, null)).toBeNull();
    expect(externalTarget('mailto:help@dars.test', page, null)).toBeNull();
  });

  it('opens a clicked external link with the platform instead of leaving the app', () => {
    const open = vi.fn();
    const stop = handleExternalLinks(document, open);
    document.body.innerHTML =
      '<a href="https://apps.apple.com/app/dars" target="_blank">App Store</a><a href="/help">help</a>';
    const [store, help] = Array.from(document.querySelectorAll('a'));
    const storeClick = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    store!.dispatchEvent(storeClick);
    expect(storeClick.defaultPrevented).toBe(true);
    expect(open).toHaveBeenCalledWith('https://apps.apple.com/app/dars');
    const helpClick = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    help!.dispatchEvent(helpClick);
    expect(helpClick.defaultPrevented).toBe(false);
    expect(open).toHaveBeenCalledTimes(1);
    stop();
    document.body.innerHTML = '';
  });

  it('is installed at start only in the native apps', () => {
    const web = detectPlatform(fakeWindow('x'), vi.fn());
    const spy = vi.spyOn(document, 'addEventListener');
    startNative(web, document);
    expect(spy).not.toHaveBeenCalled();
    const native = { ...detectPlatform(fakeWindow('x', 'android'), vi.fn()), hideSplash: vi.fn() };
    startNative(native, document);
    expect(spy).toHaveBeenCalledWith('click', expect.any(Function));
    expect(native.hideSplash).toHaveBeenCalled();
    spy.mockRestore();
  });
});
