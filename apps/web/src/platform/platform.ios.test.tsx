// The iOS app: the native side is faked where Capacitor's real one lives (window); the iOS
// app carries no DarsPlayer plugin yet (ADR 021). One platform per file: Capacitor registers
// its plugins once per page.
import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeNativeBridge, nativeCalls } from '../test/fake-native-bridge';
import { encryptVideoUrl } from '../test/encrypt-video-url';
import { mockApi } from '../test/mock-api';
import type * as PlatformExports from './platform';

type PlatformModule = typeof PlatformExports;
let platformModule: PlatformModule;

beforeAll(async () => {
  installFakeNativeBridge(window, { platform: 'ios', version: '2.3.0' });
  platformModule = await import('./platform');
});

const callsOf = (plugin: string) =>
  nativeCalls(window)
    .filter((call) => call.plugin === plugin)
    .map(({ method, options }) => ({ method, options }));

describe('the platform module in the iOS app', () => {
  it('is ios and native, with the installed version', async () => {
    expect(platformModule.platform.name).toBe('ios');
    expect(platformModule.platform.isNative).toBe(true);
    await expect(platformModule.platform.getAppVersion()).resolves.toBe('2.3.0');
  });

  it('has no screen-capture protection to switch (spec §1 names Android)', async () => {
    await platformModule.platform.setScreenCaptureBlocked(true);
    await platformModule.platform.setScreenCaptureBlocked(false);
    expect(callsOf('PrivacyScreen')).toEqual([]);
  });

  it('answers false for a protected video while the app has no DRM player', async () => {
    await expect(
      platformModule.platform.playProtectedVideo({
        url: 'https://cdn.example/v.m3u8',
        licenseUrl: 'https://drm.example/fps',
        title: 'x',
        watermark: 'y',
      }),
    ).resolves.toBe(false);
  });
});

describe('the welcome page in the iOS app', () => {
  it('shows the welcome dialog with login, new account, browse courses and help', async () => {
    const { renderRoutes } = await import('../test/render');
    const { default: WelcomeRoute } = await import('../app/routes/welcome');
    mockApi({});
    const { router } = renderRoutes(
      [
        { path: '/', element: <WelcomeRoute /> },
        { path: '/register', element: <p>حساب جديد</p> },
      ],
      { path: '/' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'مرحباً بك' });
    const links = Array.from(dialog.querySelectorAll('a')).map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['تسجيل الدخول', '/login'],
      ['حساب جديد', '/register'],
      ['تصفح الدورات', '/courses'],
      ['المساعدة', '/help'],
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'حساب جديد' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('video playback in the iOS app', () => {
  it('hides the status bar while the full-screen dialog is open and shows it after', async () => {
    const { renderWithApp } = await import('../test/render');
    const { VideoPlayback } = await import('../features/lectures/components/video-playback');
    const { settingsFixture } = await import('../test/fixtures');
    mockApi({
      'GET /api/v1/video/apps/8': () => ({
        body: {
          u: encryptVideoUrl('https://dars.example/player/8?vt=t'),
          lc: null,
          watermark_id: '1',
        },
      }),
    });
    const before = callsOf('StatusBar').length;
    const { unmount } = renderWithApp(
      <VideoPlayback video={{ id: 8, name: 'الفيديو' }} onClose={() => {}} />,
      { settings: settingsFixture({ enable_wp: false }) },
    );
    await screen.findByTitle('مشغل الفيديو: الفيديو');
    await waitFor(() =>
      expect(
        callsOf('StatusBar')
          .slice(before)
          .map((c) => c.method),
      ).toEqual(['hide']),
    );
    act(() => unmount());
    await waitFor(() =>
      expect(
        callsOf('StatusBar')
          .slice(before)
          .map((c) => c.method),
      ).toEqual(['hide', 'show']),
    );
  });

  it('falls back to the player page when a license url comes but the app has no DRM player', async () => {
    const { renderWithApp } = await import('../test/render');
    const { VideoPlayback } = await import('../features/lectures/components/video-playback');
    const { settingsFixture } = await import('../test/fixtures');
    mockApi({
      'GET /api/v1/video/apps/9': () => ({
        body: {
          u: encryptVideoUrl('https://dars.example/player/9?vt=t'),
          lc: encryptVideoUrl('https://drm.example/fps?vt=t'),
          watermark_id: '1',
        },
      }),
    });
    renderWithApp(<VideoPlayback video={{ id: 9, name: 'محمي' }} onClose={() => {}} />, {
      settings: settingsFixture({ enable_wp: false }),
    });
    expect(await screen.findByTitle('مشغل الفيديو: محمي')).toHaveAttribute(
      'src',
      'https://dars.example/player/9?vt=t',
    );
  });
});

describe('the forced update in the iOS app (installed 2.3.0)', () => {
  it('blocks it below the iOS stable version with the App Store button only', async () => {
    const { render } = await import('@testing-library/react');
    const { TestProviders } = await import('../test/render');
    const { AppStart } = await import('../app/app-start');
    const { settingsFixture } = await import('../test/fixtures');
    mockApi({
      'GET /api/v1/app': () => ({
        body: {
          data: settingsFixture({
            ios_stable_version: '2.4',
            android_stable_version: '1.0.0',
            apple_store_url: 'https://apps.apple.com/app/id1',
          }),
        },
      }),
    });
    render(
      <TestProviders>
        <AppStart>
          <p>التطبيق جاهز</p>
        </AppStart>
      </TestProviders>,
    );
    expect(
      await screen.findByRole('heading', { name: 'يتوفر إصدار جديد من التطبيق' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: 'احصل عليه من Google Play' }),
    ).not.toBeInTheDocument();
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      'https://apps.apple.com/app/id1',
    ]);
    expect(screen.queryByText('التطبيق جاهز')).not.toBeInTheDocument();
  });
});
