import type { EmotionCache } from '@emotion/cache';

/**
 * The `<style>` tags of what a server-side render put into `cache` (created with
 * `cache.compat = true`, so emotion keeps each rule instead of writing tags inline): global
 * styles one tag each, the page's classes in one tag. Their `data-emotion` names are the ones
 * the browser's cache and emotion's `Global` look for, so the browser takes them over instead
 * of inserting the same rules again.
 *
 * Every class the render inserted goes in, not only those `html` uses (all that
 * `@emotion/server` keeps): a component built on another (the app bar on a paper, an icon button on a button
 * base) inserts its outer level's class too, which no element carries, and the browser's
 * render inserts it again when it is missing (77 rules on `/courses`, 139 on `/`), through
 * stylis and the RTL plugin, on the phone's main thread while the page hydrates.
 * @example head += styleTags(cache)
 */
export function styleTags(cache: EmotionCache): string {
  const globals: string[] = [];
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) {
      globals.push(`<style data-emotion="${cache.key}-global ${id}">${rules}</style>`);
    } else {
      ids.push(id);
      css += rules;
    }
  }
  return `${globals.join('')}<style data-emotion="${cache.key} ${ids.join(' ')}">${css}</style>`;
}
