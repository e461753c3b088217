import type { Plugin } from 'vite';

/**
 * Vite plugin: index.html asks for the web fonts' woff2 files (`@fontsource/cairo`, the
 * subsets and weights the theme uses) beside the scripts, instead of when the first layout
 * finds text that needs them. A font that arrives after the page is painted makes the browser
 * lay the whole page out again (`font-display: swap`), a long task on a slow phone.
 * @example defineConfig({ plugins: [react(), preloadFonts(/cairo-.*\.woff2$/)] })
 */
export function preloadFonts(files: RegExp): Plugin {
  return {
    name: 'dars:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = Object.keys(ctx.bundle ?? {}).filter((name) => files.test(name));
        return fonts.sort().map((name) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'font',
            type: 'font/woff2',
            crossorigin: '',
            href: `/${name}`,
          },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
