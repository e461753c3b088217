// The Android app: the native side is faked where Capacitor's real one lives (window), and
// everything above it (our platform module, @capacitor/core, the plugins) runs for real.
// One platform per file: Capacitor registers its plugins once per page.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { installFakeNativeBridge, nativeCalls } from '../test/fake-native-bridge';
import { mockApi } from '../test/mock-api';
import type * as PlatformExports from './platform';

type PlatformModule = typeof PlatformExports;
let platformModule: PlatformModule;

beforeAll(async () => {
  installFakeNativeBridge(window, { platform: 'android', version: '1.0.1', drmPlayer: true });
  platformModule = await import('./platform');
});

const callsOf = (plugin: string) =>
  nativeCalls(window)
    .filter((call) => call.plugin === plugin)
    .map(({ method, options }) => ({ method, options }));

describe('the platform module in the Android app', () => {
  it('is android and native, and reads the installed version from the app', async () => {
    const { platform } = platformModule;
    expect(platform.name).toBe('android');
    expect(platform.isNative).toBe(true);
    await expect(platform.getAppVersion()).resolves.toBe('1.0.1');
    expect(callsOf('App')).toContainEqual({ method: 'getInfo', options: {} });
  });

  it('sends App-Platform android and the installed App-Version on every call', async () => {
    const { apiFetch } = await import('../lib/api-client');
    const api = mockApi({ 'GET /api/v1/app': () => ({ body: { ok: true } }) });
    await apiFetch('/app', { schema: z.object({ ok: z.boolean() }) });
    await apiFetch('/app', { schema: z.object({ ok: z.boolean() }) });
    for (const [, init] of api.mock.calls) {
      const headers = new Headers(init?.headers);
      expect(headers.get('App-Platform')).toBe('android');
      expect(headers.get('App-Version')).toBe('1.0.1');
    }
    expect(api).toHaveBeenCalledTimes(2);
    // The version is asked of the app once, not per call.
    expect(callsOf('App').filter((c) => c.method === 'getInfo')).toHaveLength(1);
  });

  it('switches screen-capture protection on and off through the privacy-screen plugin', async () => {
    const { platform } = platformModule;
    const before = callsOf('PrivacyScreen').length;
    await platform.setScreenCaptureBlocked(true);
    await platform.setScreenCaptureBlocked(false);
    expect(callsOf('PrivacyScreen').slice(before)).toEqual([
      {
        method: 'enable',
        options: { android: { preventScreenshots: true, privacyModeOnActivityHidden: 'splash' } },
      },
      { method: 'disable', options: {} },
    ]);
  });

  it('turns the protection on with the course page and off when the student leaves it', async () => {
    const { renderRoutes } = await import('../test/render');
    const { default: CourseRoute } = await import('../app/routes/course');
    mockApi({});
    const before = callsOf('PrivacyScreen').length;
    const { router } = renderRoutes(
      [
        { path: '/courses/:id', element: <CourseRoute /> },
        { path: '/courses', element: <p>الدورات</p> },
      ],
      { path: '/courses/3' },
    );
    await waitFor(() =>
      expect(
        callsOf('PrivacyScreen')
          .slice(before)
          .map((c) => c.method),
      ).toEqual(['enable']),
    );
    await act(() => router.navigate('/courses'));
    expect(await screen.findByText('الدورات')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        callsOf('PrivacyScreen')
          .slice(before)
          .map((c) => c.method),
      ).toEqual(['enable', 'disable']),
    );
  });

  it('leaves the status bar alone for videos (that is iOS)', async () => {
    const before = callsOf('StatusBar').length;
    await platformModule.platform.setVideoFullScreen(true);
    expect(callsOf('StatusBar').length).toBe(before);
  });

  it('opens external urls in the system browser', async () => {
    await platformModule.platform.openExternal('https://play.google.com/store/apps/details?id=x');
    expect(callsOf('Browser').at(-1)).toEqual({
      method: 'open',
      options: {
        url: 'https://play.google.com/store/apps/details?id=x',
        presentationStyle: 'fullscreen',
      },
    });
  });

  it('plays a protected video in the native DRM player', async () => {
    const video = {
      url: 'https://cdn.example/v/7/manifest.mpd?vt=a',
      licenseUrl: 'https://drm.example/widevine?vt=a',
      title: 'المحاضرة الأولى',
      watermark: '42 · 01012345678',
    };
    await expect(platformModule.platform.playProtectedVideo(video)).resolves.toBe(true);
    expect(callsOf('DarsPlayer')).toEqual([{ method: 'play', options: video }]);
  });

  it('hides the native splash', async () => {
    await platformModule.platform.hideSplash();
    expect(callsOf('SplashScreen').at(-1)?.method).toBe('hide');
  });
});

describe('video playback in the Android app', () => {
  it('plays a video with a license url in the DRM player and closes the dialog with it', async () => {
    const { renderWithApp } = await import('../test/render');
    const { encryptVideoUrl } = await import('../test/encrypt-video-url');
    const { VideoPlayback } = await import('../features/lectures/components/video-playback');
    const { settingsFixture } = await import('../test/fixtures');
    mockApi({
      'GET /api/v1/video/apps/7': () => ({
        body: {
          u: encryptVideoUrl('https://cdn.example/v/7/manifest.mpd?vt=t1'),
          lc: encryptVideoUrl('https://drm.example/widevine?vt=t1'),
          watermark_id: '42 · 01012345678',
        },
      }),
    });
    const before = callsOf('DarsPlayer').length;
    const onClose = vi.fn();
    renderWithApp(<VideoPlayback video={{ id: 7, name: 'الفيديو الأول' }} onClose={onClose} />, {
      settings: settingsFixture({ enable_wp: false }),
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(callsOf('DarsPlayer').slice(before)).toEqual([
      {
        method: 'play',
        options: {
          url: 'https://cdn.example/v/7/manifest.mpd?vt=t1',
          licenseUrl: 'https://drm.example/widevine?vt=t1',
          title: 'الفيديو الأول',
          watermark: '42 · 01012345678',
        },
      },
    ]);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('plays a video without a license url in the full-screen dialog', async () => {
    const { renderWithApp } = await import('../test/render');
    const { encryptVideoUrl } = await import('../test/encrypt-video-url');
    const { VideoPlayback } = await import('../features/lectures/components/video-playback');
    const { settingsFixture } = await import('../test/fixtures');
    mockApi({
      'GET /api/v1/video/apps/8': () => ({
        body: {
          u: encryptVideoUrl('https://dars.example/player/8?vt=t2'),
          lc: null,
          watermark_id: '42',
        },
      }),
    });
    const before = callsOf('DarsPlayer').length;
    renderWithApp(<VideoPlayback video={{ id: 8, name: 'الفيديو الثاني' }} onClose={() => {}} />, {
      settings: settingsFixture({ enable_wp: false }),
    });
    const frame = await screen.findByTitle('مشغل الفيديو: الفيديو الثاني');
    expect(frame).toHaveAttribute('src', 'https://dars.example/player/8?vt=t2');
    expect(screen.getByRole('dialog', { name: 'الفيديو الثاني' })).toBeInTheDocument();
    expect(callsOf('DarsPlayer').length).toBe(before);
  });
});

describe('the welcome page in the Android app', () => {
  it('goes to login', async () => {
    const { renderRoutes } = await import('../test/render');
    const { default: WelcomeRoute } = await import('../app/routes/welcome');
    mockApi({});
    const { router } = renderRoutes(
      [
        { path: '/', element: <WelcomeRoute /> },
        { path: '/login', element: <p>صفحة الدخول</p> },
      ],
      { path: '/' },
    );
    expect(await screen.findByText('صفحة الدخول')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the forced update in the Android app (installed 1.0.1)', () => {
  async function start(
    stable: Partial<
      Record<'stable_version' | 'android_stable_version' | 'ios_stable_version', string | null>
    >,
  ) {
    const { render } = await import('@testing-library/react');
    const { TestProviders } = await import('../test/render');
    const { AppStart } = await import('../app/app-start');
    const { settingsFixture } = await import('../test/fixtures');
    const api = mockApi({
      'GET /api/v1/app': () => ({ body: { data: settingsFixture(stable) } }),
    });
    render(
      <TestProviders>
        <AppStart>
          <p>التطبيق جاهز</p>
        </AppStart>
      </TestProviders>,
    );
    return api;
  }

  it('blocks the app below the Android stable version, with the Google Play button', async () => {
    const api = await start({ android_stable_version: '1.0.2', ios_stable_version: '1.0.0' });
    expect(
      await screen.findByRole('heading', { name: 'يتوفر إصدار جديد من التطبيق' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'احصل عليه من Google Play' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /App Store/ })).not.toBeInTheDocument();
    expect(screen.queryByText('التطبيق جاهز')).not.toBeInTheDocument();
    expect(new Headers(api.mock.calls[0]?.[1]?.headers).get('App-Version')).toBe('1.0.1');
  });

  it('lets the app start at the stable version', async () => {
    await start({ android_stable_version: '1.0.1', stable_version: '9.0.0' });
    expect(await screen.findByText('التطبيق جاهز')).toBeInTheDocument();
  });

  it('lets the app start above it, and reads stable_version when Android has none', async () => {
    await start({ android_stable_version: null, stable_version: '1.0.0' });
    expect(await screen.findByText('التطبيق جاهز')).toBeInTheDocument();
  });

  it('blocks below stable_version when Android has none', async () => {
    await start({ android_stable_version: null, stable_version: '1.1' });
    expect(
      await screen.findByRole('heading', { name: 'يتوفر إصدار جديد من التطبيق' }),
    ).toBeInTheDocument();
  });
});
