import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress';
import { preloadFonts } from './build/preload-fonts';

/**
 * Shared code of the app (not screens): small modules that would otherwise be tiny chunks.
 * The exams and wallet features' are left out: only their routes use them, so they split with
 * those routes instead of joining what every page loads (ADR 017, ADR 020). So is the QR code's
 * drawing, which `components/qr-code.tsx` loads when a code is first shown (ADR 020), and the
 * native apps' bridges (`platform/native.ts`, `platform/dars-player.ts`, ADR 021). So are the
 * common components built on MUI components of `vendor-screens` (below): see `SHARED_SCREENS`.
 * The progress feature's are left out too (issue 28): only its route uses them. The contract's
 * money in piasters and typed codes join them (zod-free, ADR 041): two tiny chunks otherwise.
 */
const SHARED_SOURCE =
  /[\\/]packages[\\/]contract[\\/]src[\\/](?:piasters|normalize-input)\.|[\\/]src[\\/](?:components[\\/](?!qr-code-drawing\.|confirm-dialog\.|message-bar\.|purchase-dialog\.|snackbar-view\.)|lib[\\/]|platform[\\/](?!native\.|dars-player\.))|[\\/]src[\\/]features[\\/](?!exams[\\/]|wallet[\\/]|progress[\\/])[^\\/]+[\\/](?:api|lib|hooks)[\\/]/;

/**
 * Common components built on MUI's dialogs, radios, snackbar or collapse: one chunk that the
 * screens using them load with `vendor-screens`; in `shared` they would bring that chunk into
 * every page's first screen (ADR 041).
 */
const SHARED_SCREENS =
  /[\\/]src[\\/]components[\\/](?:confirm-dialog|message-bar|purchase-dialog|snackbar-view)\./;

/**
 * Libraries only a late-loaded part uses (the QR encoder; Capacitor and its plugins, which only
 * the native apps load with `platform/native.ts`, ADR 021; punycode, for the links in a teacher's
 * explanation; workbox-window, which registers the service worker after the page has loaded,
 * ADR 056): they load with that part, not in vendor.
 */
const VENDOR =
  /[\\/]node_modules[\\/](?!uqr[\\/]|@capacitor[\\/]|punycode[\\/]|workbox-window[\\/])/;

/**
 * zod: only the screens that parse with the contract's schemas (their forms) load it; the app
 * calls the API by route, without schemas (ADR 041).
 */
const VENDOR_ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * The MUI components a public page's first screen (`/`, with the shell) uses, and what they
 * are built from. Every other MUI component (dialogs, drawers, menus, tabs, steppers, radios,
 * tooltips and Popper.js…) goes into `vendor-screens`, which only the screens that use them
 * load, not the landing page (ADR 041). A component added to the landing page but not to this
 * list brings the whole `vendor-screens` chunk into it, and `npm run bench:bundle` fails.
 */
const FIRST_SCREEN_MUI = [
  'Alert',
  'AppBar',
  'BottomNavigation',
  'BottomNavigationAction',
  'Box',
  'Button',
  'ButtonBase',
  'Card',
  'CardActionArea',
  'Chip',
  'CircularProgress',
  'Container',
  'CssBaseline',
  'DefaultPropsProvider',
  'Divider',
  'Fade',
  'FormControl',
  'GlobalStyles',
  'IconButton',
  'InitColorSchemeScript',
  'InputAdornment',
  'InputBase',
  'LinearProgress',
  'Link',
  'OutlinedInput',
  'Paper',
  'Skeleton',
  'Stack',
  'SvgIcon',
  'TextareaAutosize',
  'Toolbar',
  'Typography',
];
/**
 * What the drawer that slides over a phone's page is built from: its own chunk, which the shell
 * loads, closed, once the page is idle (ADR 041). Inside `vendor-screens`, that idle load
 * brought every MUI component of every screen (45 kB gzip) to the landing page.
 */
const DRAWER_MUI = [
  'Backdrop',
  'Drawer',
  'List',
  'ListItem',
  'ListItemButton',
  'ListItemIcon',
  'ListItemSecondaryAction',
  'ListItemText',
  'Modal',
  'Portal',
  'Slide',
  'Unstable_TrapFocus',
];
const VENDOR_DRAWER = new RegExp(
  `[\\\\/]node_modules[\\\\/]@mui[\\\\/]material[\\\\/](?:${DRAWER_MUI.join('|')})[\\\\/](?!\\w*Classes\\.)`,
);
const VENDOR_SCREENS = new RegExp(
  `[\\\\/]node_modules[\\\\/](?:@mui[\\\\/]material[\\\\/](?!(?:${FIRST_SCREEN_MUI.join('|')})[\\\\/])[A-Z]\\w*[\\\\/](?!\\w*Classes\\.)|@popperjs[\\\\/])`,
);

/**
 * The service worker (ADR 056): `src/sw.ts`, built into `dist/sw.js` by vite-plugin-pwa with
 * the list of files it precaches, the app's shell: every script and stylesheet of the build and
 * the Cairo fonts the theme uses (the woff2 files only: every browser with a service worker reads
 * them). Not the media, not index.html (the server writes the school's identity into each page,
 * ADR 049: pages are kept as served, by the worker's own rules). No manifest (the server answers
 * `/manifest.webmanifest` in the school's name) and no registration script: the app registers
 * the worker itself once the page has loaded (`app/service-worker.ts`).
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: [
        'assets/*.{js,css}',
        'assets/cairo-{arabic,latin}-{400,600,700}-normal-*.woff2',
      ],
    },
  });
}

/**
 * Two builds (`npm run build`): the browser's app in `dist/`, then, with `--ssr`, the server's
 * render of the public pages (`src/entry-server.tsx`) in `dist/.ssr/`, which the API server
 * imports. A dot folder: the server does not serve it, and it is not precompressed.
 */
export default defineConfig(({ isSsrBuild, command, mode }) => ({
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        preloadFonts(/cairo-(?:arabic|latin)-\d00-normal-[\w-]+\.woff2$/),
        ...(command === 'build' ? [serviceWorker()] : []),
        precompress(),
      ],
  // The server's render carries its libraries: it runs wherever the build is put. Only for
  // that build: Vitest would otherwise transform every library for each test file.
  ssr: isSsrBuild ? { noExternal: true } : {},
  // The server's render is built in the browser's mode, whatever NODE_ENV the server later runs
  // under: otherwise `npm start` (no NODE_ENV) rendered with React's development build and
  // MUI's labelled class names (`…-MuiPaper-root`), which the browser's production build does
  // not make, so the browser inserted every style of the page again (308 rules on /courses,
  // 77 when the names match; about 150 ms of a phone's main thread).
  define: isSsrBuild
    ? {
        // What Vite gives the browser's build (and the JSX transform's choice): NODE_ENV as
        // the build ran, which Vite sets from the mode when it is unset.
        'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? mode),
      }
    : {},
  server: {
    port: 5173,
    // /player is the server's embedded video player page (opened in a frame).
    proxy: {
      '/api': 'http://localhost:3000',
      '/storage': 'http://localhost:3000',
      '/player': 'http://localhost:3000',
    },
  },
  build: isSsrBuild
    ? { outDir: 'dist/.ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : {
        outDir: 'dist',
        sourcemap: false,
        // The manifest lists each chunk's imports: `npm run bench:bundle` measures the first load from it.
        manifest: true,
        chunkSizeWarningLimit: 600,
        rolldownOptions: {
          output: {
            // Few, larger chunks: a phone on a slow network pays a round trip for each request.
            // boot: what the entry needs to paint the splash (React, emotion, the theme), inlined
            // into the entry. vendor: every other library, one cached file. shared: the app's
            // helpers, API calls and common components. Screens stay one chunk per route.
            codeSplitting: {
              groups: [
                { name: 'boot', tags: ['$initial'], priority: 4 },
                {
                  name: 'vendor-drawer',
                  test: VENDOR_DRAWER,
                  priority: 3.5,
                  includeDependenciesRecursively: false,
                },
                {
                  name: 'vendor-screens',
                  test: VENDOR_SCREENS,
                  priority: 3,
                  includeDependenciesRecursively: false,
                },
                { name: 'vendor-zod', test: VENDOR_ZOD, priority: 3 },
                { name: 'vendor', test: VENDOR, priority: 2 },
                {
                  name: 'shared-screens',
                  test: SHARED_SCREENS,
                  priority: 1,
                  includeDependenciesRecursively: false,
                },
                { name: 'shared', test: SHARED_SOURCE, priority: 1 },
              ],
            },
          },
        },
      },
}));
