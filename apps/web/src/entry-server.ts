// The server's render of the public pages (built by `vite build --ssr` into dist/.ssr/ and
// imported by the API server's prerender plugin). See docs/decisions/011-first-load.md.
export { setApiTransport } from './lib/api-client';
export { BOOT_SCRIPT, composeDocument } from './app/page-document';
export {
  loadPage,
  pageYear,
  renderLoadedPage,
  renderPage,
  renderShell,
  type LoadedPage,
  type RenderedPage,
} from './app/render-page';
