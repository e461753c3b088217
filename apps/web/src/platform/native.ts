/**
 * Everything that talks to the native side, through Capacitor's plugins. Only the native
 * apps load this module (`platform.ts` imports it on demand), so the web site never
 * downloads Capacitor (ADR 021).
 */
import { App } from '@capacitor/app';
import { Browser } from '@capacitor/browser';
import { PrivacyScreen } from '@capacitor/privacy-screen';
import { SplashScreen } from '@capacitor/splash-screen';
import { StatusBar } from '@capacitor/status-bar';
import { DarsPlayer, type ProtectedVideo } from './dars-player';

/** The installed app's version (versionName on Android, CFBundleShortVersionString on iOS). */
export async function installedVersion(): Promise<string> {
  return (await App.getInfo()).version;
}

/** Opens a url outside the app, in the system's browser. */
export async function openInBrowser(url: string): Promise<void> {
  await Browser.open({ url, presentationStyle: 'fullscreen' });
}

/**
 * Blocks screenshots and screen recording (and hides the page in the recent apps) while on,
 * through the official privacy-screen plugin (Android's FLAG_SECURE).
 */
export async function setScreenCaptureBlocked(blocked: boolean): Promise<void> {
  if (blocked) {
    await PrivacyScreen.enable({
      android: { preventScreenshots: true, privacyModeOnActivityHidden: 'splash' },
    });
  } else {
    await PrivacyScreen.disable();
  }
}

/** The status bar hides behind a full-screen video and comes back after it. */
export async function setStatusBarHidden(hidden: boolean): Promise<void> {
  if (hidden) await StatusBar.hide();
  else await StatusBar.show();
}

/** The native splash stays until the app has drawn its own. */
export async function hideSplash(): Promise<void> {
  await SplashScreen.hide();
}

/** Plays a protected video in the native DRM player; resolves once it is closed. */
export async function playProtected(video: ProtectedVideo): Promise<void> {
  await DarsPlayer.play(video);
}
