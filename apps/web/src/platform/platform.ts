import type { Platform } from '@dars/contract';
import { APP_VERSION, NATIVE_PLATFORMS } from '@dars/contract/plain';
import type { ProtectedVideo } from './dars-player';
import type * as NativeCalls from './native';

/**
 * The one place that knows where the client runs (ADR 021): the web site, the Android or iOS
 * app (the Capacitor wrapper), or the mini platform (an embedded host app). Every native
 * call goes through here; on the web each one is a no-op or the browser's own way.
 */
export interface PlatformInfo {
  /** The App-Platform header value. */
  readonly name: Platform;
  /** True inside the Capacitor wrapper (android, ios). */
  readonly isNative: boolean;
  /** The installed app version: the wrapper's own on native, the web build's otherwise. */
  getAppVersion(): Promise<string>;
  /** Opens a url in the system browser (native), or a new tab (web). */
  openExternal(url: string): Promise<void>;
  /** Screen-capture protection, switched by the course page; only Android has it (spec §1). */
  setScreenCaptureBlocked(blocked: boolean): Promise<void>;
  /** iOS's status-bar adjustment while the full-screen video dialog is open (spec §2). */
  setVideoFullScreen(open: boolean): Promise<void>;
  /**
   * Plays a video that came with a license url in the native DRM player. Resolves true once
   * the student closed it, false when this platform has no such player (the caller then
   * embeds the player page).
   */
  playProtectedVideo(video: ProtectedVideo): Promise<boolean>;
  /** Hides the native splash once the app has drawn its own. */
  hideSplash(): Promise<void>;
}

/**
 * What the native side puts on `window` before the page runs (Capacitor's native bridge).
 * Reading it needs no Capacitor code, so the web site loads none.
 */
interface CapacitorGlobal {
  getPlatform?: () => string;
}

/** The token an embedding host app adds to its web view's user agent (ADR 021). */
export const MINI_USER_AGENT = /\bDarsMini\//;

type NativeModule = typeof NativeCalls;

function capacitor(win: Window | undefined): CapacitorGlobal | undefined {
  return (win as unknown as { Capacitor?: CapacitorGlobal } | undefined)?.Capacitor;
}

function detectName(win: Window | undefined): Platform {
  if (!win) return 'web';
  const native = capacitor(win)?.getPlatform?.();
  if (native === 'android' || native === 'ios') return native;
  if (MINI_USER_AGENT.test(win.navigator?.userAgent ?? '')) return 'mini';
  return 'web';
}

/**
 * Detects the platform of a window (the page's, by default): the native wrapper exposes
 * `window.Capacitor`, a host app marks its user agent, anything else is the web. The native
 * plugins are loaded on first use, and only on native.
 * @example detectPlatform().name // 'web'
 */
export function detectPlatform(
  win: Window | undefined = typeof window === 'undefined' ? undefined : window,
  loadNative: () => Promise<NativeModule> = () => import('./native'),
): PlatformInfo {
  const name = detectName(win);
  const isNative = NATIVE_PLATFORMS.includes(name);
  let nativeModule: Promise<NativeModule> | undefined;
  const native = () => (nativeModule ??= loadNative());
  let version: Promise<string> | undefined;

  /** Runs a native call; a plugin that is missing or fails leaves the app as it is. */
  async function quietly(call: (m: NativeModule) => Promise<void>): Promise<void> {
    try {
      await call(await native());
    } catch (error) {
      console.warn('native call failed', error);
    }
  }

  return {
    name,
    isNative,
    getAppVersion() {
      if (!isNative) return Promise.resolve(APP_VERSION);
      version ??= native()
        .then((m) => m.installedVersion())
        .then((v) => v.trim() || APP_VERSION)
        .catch(() => APP_VERSION);
      return version;
    },
    async openExternal(url) {
      if (isNative) return quietly((m) => m.openInBrowser(url));
      win?.open(url, '_blank', 'noopener,noreferrer');
    },
    async setScreenCaptureBlocked(blocked) {
      if (name === 'android') await quietly((m) => m.setScreenCaptureBlocked(blocked));
    },
    async setVideoFullScreen(open) {
      if (name === 'ios') await quietly((m) => m.setStatusBarHidden(open));
    },
    async playProtectedVideo(video) {
      if (!isNative) return false;
      try {
        await (await native()).playProtected(video);
        return true;
      } catch (error) {
        console.warn('native player unavailable', error);
        return false;
      }
    },
    async hideSplash() {
      if (isNative) await quietly((m) => m.hideSplash());
    },
  };
}

/** The platform this page runs on, detected at load. */
export const platform: PlatformInfo = detectPlatform();
