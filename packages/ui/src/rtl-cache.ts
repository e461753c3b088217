import createCache from '@emotion/cache';
import {
  DECLARATION,
  KEYFRAMES,
  prefixer,
  RULESET,
  SUPPORTS,
  type Element,
  type Middleware,
} from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * A declaration that cssjanus (what `stylis-plugin-rtl` runs on each rule) might change: a word
 * it flips (left, right, the direction, a resize cursor), a property whose value it flips
 * (shadows, translations, background positions, a border radius of more than one value) or
 * whose four values it reorders (margin, padding, border width, colour and style), and the
 * backtick it escapes. Wider than what cssjanus changes (it also takes `rgba(0, 0, 0, 0.2)` for
 * four values), never narrower: a rule without any such declaration comes out of cssjanus as it
 * went in. Selectors are never changed (cssjanus skips what comes before a `{`), nor comments.
 */
const MAY_FLIP =
  /left|right|direction|resize|shadow|translate|background(?:-position)?\s*:|background-position-x|border-radius\s*:[^;}]*\s|(?:margin|padding|border-width|-color|border-style)\s*:[^;}]*\s[^;}]*\s[^;}]*\s|`/i;

/** Whether a declaration inside `element`, at any depth, has anything of `MAY_FLIP`. */
function holdsFlippable(element: Element): boolean {
  if (!Array.isArray(element.children)) return false;
  return element.children.some((child) =>
    child.type === DECLARATION ? MAY_FLIP.test(child.value) : holdsFlippable(child),
  );
}

/**
 * Whether the RTL plugin may change a stylis element. It rewrites rules, keyframes and
 * `@supports` blocks, nothing else (it is also handed each declaration, which it leaves); one
 * none of whose declarations has anything of `MAY_FLIP` cannot change.
 * @example mayFlip(compile('.a{z-index:2}')[0]) // false
 */
export function mayFlip(element: Element): boolean {
  const rewritten =
    element.type === RULESET || element.type === KEYFRAMES || element.type === SUPPORTS;
  return rewritten && holdsFlippable(element);
}

/**
 * `stylis-plugin-rtl`, given only the rules it may change. It writes each rule out, runs
 * cssjanus's two dozen regular expressions over it and parses the result again: on a page
 * that inserts one rule (`z-index:1200`), that was about 57 ms of a phone's main thread
 * (Chromium at 4x CPU), most of it compiling those expressions the first time. Rules with
 * nothing to flip (about half of MUI's) skip all three; the result is the same, which the
 * tests check against the plugin.
 */
export const rtlWhereItFlips: Middleware = (element, index, children, callback) =>
  mayFlip(element) ? rtlPlugin(element, index, children, callback) : undefined;

/** One list for every cache: on the server, emotion keeps compiled rules per plugin list. */
const STYLIS_PLUGINS = [prefixer, rtlWhereItFlips];

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
