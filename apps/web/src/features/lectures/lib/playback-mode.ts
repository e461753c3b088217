import type { Platform } from '@dars/contract';

/**
 * How a video plays (spec §2 "Video playback"):
 * - `embedded`: our player page in a full-screen dialog;
 * - `desktop-app`: a link opening the desktop player app (custom protocol);
 * - `phone-app`: a prompt to download the phone app.
 */
export type PlaybackMode = 'embedded' | 'desktop-app' | 'phone-app';

/**
 * The playback of spec §2: the embedded player on native apps, on the mini platform or
 * when web playback is enabled (`enable_wp`); otherwise the desktop app on desktop web and
 * the phone app on phone (or tablet) web.
 * @example playbackMode({ enableWp: false, platform: 'web', phoneOrTablet: false }) // 'desktop-app'
 */
export function playbackMode(context: {
  enableWp: boolean;
  platform: Platform;
  phoneOrTablet: boolean;
}): PlaybackMode {
  const { enableWp, platform, phoneOrTablet } = context;
  if (enableWp || platform === 'android' || platform === 'ios' || platform === 'mini')
    return 'embedded';
  return phoneOrTablet ? 'phone-app' : 'desktop-app';
}

/**
 * Whether a video plays in the native DRM player (spec §2: "a native DRM player when a license
 * url is returned"): only in the Android and iOS apps, and only with a license url (`lc`).
 * Anywhere else, or without `lc`, the embedded player page plays it.
 * @example playsInDrmPlayer({ platform: 'android', hasLicense: true }) // true
 * @example playsInDrmPlayer({ platform: 'mini', hasLicense: true }) // false
 */
export function playsInDrmPlayer(context: { platform: Platform; hasLicense: boolean }): boolean {
  return context.hasLicense && (context.platform === 'android' || context.platform === 'ios');
}

/** The custom protocol the desktop player app registers. */
export const DESKTOP_PLAYER_PROTOCOL = 'dars-player';

/**
 * The link that opens a video in the desktop player app, carrying the video id and the
 * (still encrypted) token the app decrypts like we do.
 * @example desktopPlayerLink(7, 'abc') // 'dars-player://play?video=7&token=abc'
 */
export function desktopPlayerLink(videoId: number, token: string): string {
  const query = new URLSearchParams({ video: String(videoId), token });
  return `${DESKTOP_PLAYER_PROTOCOL}://play?${query.toString()}`;
}
