import { registerPlugin, WebPlugin } from '@capacitor/core';

/** What the native DRM player needs to play one protected video. */
export interface ProtectedVideo {
  /** The decrypted `u`: the stream (DASH on Android, HLS on iOS) with its short-lived token. */
  url: string;
  /** The decrypted `lc`: the license server (Widevine on Android, FairPlay on iOS). */
  licenseUrl: string;
  /** Shown in the player's bar. */
  title: string;
  /** The student's watermark (`watermark_id`), drawn over the picture. */
  watermark: string;
}

/**
 * The app's own Capacitor plugin, `DarsPlayer` (ADR 021): a full-screen native player for
 * videos that come with a license url. Android implements it on Media3 ExoPlayer
 * (`apps/mobile/android/app/src/main/java/eg/dars/app/DarsPlayerPlugin.java`); iOS on
 * AVPlayer with FairPlay is specified in the ADR. `play` resolves when the student closes
 * the player.
 */
export interface DarsPlayerPlugin {
  play(options: ProtectedVideo): Promise<{ closed: true }>;
}

/** The web has no DRM player of ours: the caller falls back to the embedded frame. */
class DarsPlayerWeb extends WebPlugin implements DarsPlayerPlugin {
  play(): Promise<{ closed: true }> {
    return Promise.reject(this.unavailable('The DRM player exists only in the native apps.'));
  }
}

export const DarsPlayer = registerPlugin<DarsPlayerPlugin>('DarsPlayer', {
  web: () => new DarsPlayerWeb(),
});
