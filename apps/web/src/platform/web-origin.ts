import { serverOrigin } from './server-origin';

/**
 * The web site's own address, for links a native app opens in the browser (the web-wallet
 * hand-off, spec §7). The apps' pages come from the app itself: they name the server in the
 * `dars-server` tag (`server-origin.ts`), or a build names it in `VITE_WEB_ORIGIN`; a page in a
 * browser is on the site already.
 * @example webOrigin() // 'https://dars.example'
 */
export function webOrigin(): string {
  const configured = (import.meta.env.VITE_WEB_ORIGIN as string | undefined)?.trim();
  return configured || serverOrigin() || window.location.origin;
}
