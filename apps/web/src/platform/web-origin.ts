/**
 * The web site's own address, for links a native app opens in the browser (the web-wallet
 * hand-off, spec §7). A native build names it in `VITE_WEB_ORIGIN`, since its pages may come
 * from the app itself; a page in a browser is on the site already.
 * @example webOrigin() // 'https://dars.example'
 */
export function webOrigin(): string {
  const configured = (import.meta.env.VITE_WEB_ORIGIN as string | undefined)?.trim();
  return configured || window.location.origin;
}
