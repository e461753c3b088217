import { APP_VERSION, NATIVE_PLATFORMS, type Platform } from '@dars/contract';

/** What the rest of the client may know about where it runs. */
export interface PlatformInfo {
  /** The App-Platform header value: 'web' in a browser, 'android' or 'ios' in the native wrapper. */
  readonly name: Platform;
  /** True inside the Capacitor wrapper (android, ios). */
  readonly isNative: boolean;
  /** The installed app version: the wrapper's own on native, the web build's otherwise. */
  getAppVersion(): Promise<string>;
}

/** The bits of the Capacitor global we read; Capacitor itself is not a dependency yet. */
interface CapacitorGlobal {
  getPlatform?: () => string;
  Plugins?: { App?: { getInfo?: () => Promise<{ version?: string }> } };
}

function capacitor(): CapacitorGlobal | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as { Capacitor?: CapacitorGlobal }).Capacitor;
}

function detectName(): Platform {
  const name = capacitor()?.getPlatform?.();
  return name === 'android' || name === 'ios' ? name : 'web';
}

/**
 * Detects the platform once per call: the native wrapper exposes `window.Capacitor`,
 * anything else is the web.
 * @example detectPlatform().name // 'web'
 */
export function detectPlatform(): PlatformInfo {
  const name = detectName();
  const isNative = NATIVE_PLATFORMS.includes(name);
  return {
    name,
    isNative,
    async getAppVersion() {
      if (!isNative) return APP_VERSION;
      try {
        const info = await capacitor()?.Plugins?.App?.getInfo?.();
        return info?.version ?? APP_VERSION;
      } catch {
        return APP_VERSION;
      }
    },
  };
}

/** The platform this page runs on, detected at load. */
export const platform: PlatformInfo = detectPlatform();
