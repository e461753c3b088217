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

/** What the server put beside a page it rendered for a guest. */
export interface PrerenderedPage {
  /** The queries the page was rendered from (settings and the page's data). */
  queries: DehydratedState;
  /** The server's guess of the layout (`DesktopGuessContext`). */
  desktop: boolean;
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
