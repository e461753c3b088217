/**
 * A stand-in for the one thing the tests cannot run: the native side of the Capacitor apps
 * (ADR 021). It is installed where the real one lives, on `window` before the page's code
 * runs: `androidBridge` or `webkit.messageHandlers.bridge` (how Capacitor tells the
 * platform), and `window.Capacitor` with the plugin headers and `nativePromise` that the
 * real native bridge injects. The app's own code, `@capacitor/core` and the plugins' packages
 * run unchanged on top of it. Every plugin call is recorded in `window.__nativeCalls`.
 *
 * The function is self-contained (no imports, no outer variables) so the end-to-end journeys
 * can hand it to the browser as an init script.
 */
export interface FakeNativeOptions {
  platform: 'android' | 'ios';
  /** What App.getInfo answers as the installed version. */
  version: string;
  /** Whether the app carries the DarsPlayer DRM plugin (the Android app does). */
  drmPlayer?: boolean;
}

export interface NativeCall {
  plugin: string;
  method: string;
  options: unknown;
}

export function installFakeNativeBridge(win: Window, options: FakeNativeOptions): void {
  const calls: NativeCall[] = [];
  const answers: Record<string, Record<string, (o: unknown) => unknown>> = {
    App: {
      getInfo: () => ({
        name: 'دَرس',
        id: 'eg.dars.app',
        build: '1',
        version: options.version,
      }),
      getState: () => ({ isActive: true }),
    },
    Browser: { open: () => undefined, close: () => undefined },
    PrivacyScreen: {
      enable: () => ({ success: true }),
      disable: () => ({ success: true }),
      isEnabled: () => ({
        enabled: calls.filter((c) => c.plugin === 'PrivacyScreen').at(-1)?.method === 'enable',
      }),
    },
    StatusBar: { hide: () => undefined, show: () => undefined, setStyle: () => undefined },
    SplashScreen: { hide: () => undefined, show: () => undefined },
  };
  if (options.drmPlayer) answers.DarsPlayer = { play: () => ({ closed: true }) };
  const w = win as unknown as Record<string, unknown>;
  if (options.platform === 'android') w.androidBridge = { postMessage: () => undefined };
  else w.webkit = { messageHandlers: { bridge: { postMessage: () => undefined } } };
  w.__nativeCalls = calls;
  w.Capacitor = {
    getPlatform: () => options.platform,
    isNativePlatform: () => true,
    PluginHeaders: Object.entries(answers).map(([name, methods]) => ({
      name,
      methods: Object.keys(methods).map((method) => ({ name: method, rtype: 'promise' })),
    })),
    nativePromise(plugin: string, method: string, callOptions: unknown) {
      calls.push({ plugin, method, options: callOptions ?? {} });
      const answer = answers[plugin]?.[method];
      if (!answer) return Promise.reject(new Error(`${plugin}.${method} is not implemented`));
      return Promise.resolve(answer(callOptions));
    },
    nativeCallback() {
      return String(calls.length);
    },
  };
}

/** The calls the page made to the fake native side so far. */
export function nativeCalls(win: Window): NativeCall[] {
  return ((win as unknown as { __nativeCalls?: NativeCall[] }).__nativeCalls ?? []).slice();
}
