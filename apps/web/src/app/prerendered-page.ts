import type { DehydratedState } from '@tanstack/react-query';

/** The id of the script element that carries a server-rendered page's data. */
export const PAGE_DATA_ID = 'dars-page';
/** The id of the splash written into every page by the server, above the app. */
export const BOOT_SPLASH_ID = 'boot-splash';
/**
 * Set on `<html>` by the page's first script when the browser must start the app itself
 * (a stored token, or the native wrapper): the server's guest page is then not taken over.
 */
export const CLIENT_START_ATTRIBUTE = 'data-client-start';

/** The global where the page's first script keeps taps made before the app took over. */
export const EARLY_CLICKS = '__darsEarlyClicks';

/** What the server put beside a page it rendered for a guest. */
export interface PrerenderedPage {
  /** The queries the page was rendered from (settings and the page's data). */
  queries: DehydratedState;
  /** The server's guess of the layout (`DesktopGuessContext`). */
  desktop: boolean;
  /** The year by the server's date when it rendered the page (`PageYearContext`). */
  year?: number;
}

let read: PrerenderedPage | null | undefined;

/**
 * The server-rendered page to take over (hydrate), or null when the app renders in the
 * browser: no such page, or the visitor is signed in. Read once.
 * @example if (prerenderedPage()) hydrateRoot(root, app)
 */
export function prerenderedPage(): PrerenderedPage | null {
  if (read !== undefined) return read;
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element || document.documentElement.hasAttribute(CLIENT_START_ATTRIBUTE))
    return (read = null);
  try {
    read = JSON.parse(element.textContent ?? '') as PrerenderedPage;
  } catch {
    read = null;
  }
  return read;
}

/**
 * Removes the server's splash once the app's own screens are up: after a server-rendered page
 * has been taken over (the splash had faded already), or when the app's own splash replaces it.
 */
export function removeBootSplash(): void {
  document.getElementById(BOOT_SPLASH_ID)?.remove();
}

/**
 * Ends the page's first script's watch over taps (`BOOT_SCRIPT`): once a server-rendered page
 * is hydrated, replaying the last button tapped before (`replay`, if it is still in the page);
 * at once, dropping them, when the app renders itself.
 * @example releaseEarlyClicks({ replay: true })
 */
export function releaseEarlyClicks({ replay }: { replay: boolean }): void {
  const holder = window as unknown as Record<string, HTMLElement[] | null | undefined>;
  const taps = holder[EARLY_CLICKS];
  holder[EARLY_CLICKS] = null;
  const last = taps?.at(-1);
  if (replay && last?.isConnected) last.click();
}
