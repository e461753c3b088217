import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/** One list for every cache: on the server, emotion keeps compiled rules per plugin list. */
const STYLIS_PLUGINS = [prefixer, rtlPlugin];

/**
 * An emotion cache that flips physical CSS (left/right, margins, paddings) for the RTL page
 * (MUI's RTL guide). Logical properties pass through untouched. In the browser it takes over
 * the `<style data-emotion="muirtl …">` tags of a page rendered on the server (their rules are
 * not inserted again); the student app's server render makes one per page.
 * @example const cache = createRtlCache()
 */
export function createRtlCache() {
  return createCache({ key: 'muirtl', stylisPlugins: STYLIS_PLUGINS });
}
