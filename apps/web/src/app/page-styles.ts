import type { EmotionCache } from '@emotion/cache';

/**
 * The `<style>` tags of what a server-side render put into `cache` (created with
 * `cache.compat = true`, so emotion keeps each rule instead of writing tags inline): global
 * styles one tag each, the classes used in `html` in one tag. Their `data-emotion` names are
 * the ones the browser's cache and emotion's `Global` look for, so the browser takes them
 * over instead of inserting the same rules again (as `@emotion/server` does).
 * @example head += styleTags(cache, html)
 */
export function styleTags(cache: EmotionCache, html: string): string {
  const used = new Set(
    Array.from(html.matchAll(new RegExp(`${cache.key}-([a-zA-Z0-9-_]+)`, 'g')), (m) => m[1]),
  );
  const globals: string[] = [];
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) {
      globals.push(`<style data-emotion="${cache.key}-global ${id}">${rules}</style>`);
    } else if (used.has(id)) {
      ids.push(id);
      css += rules;
    }
  }
  return `${globals.join('')}<style data-emotion="${cache.key} ${ids.join(' ')}">${css}</style>`;
}
