import { handleExternalLinks } from './external-links';
import type { PlatformInfo } from './platform';

/**
 * What the native apps do once the app has started: external links go to the system browser,
 * and the native splash gives way to the app's own (ADR 021). Nothing on the web.
 * @returns a function that undoes it (the link listener is removed)
 */
export function startNative(platform: PlatformInfo, doc: Document = document): () => void {
  if (!platform.isNative) return () => undefined;
  const stop = handleExternalLinks(doc, (url) => void platform.openExternal(url));
  void platform.hideSplash();
  return stop;
}
