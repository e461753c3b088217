// `npm run bench:bundle`: the JavaScript a first visit downloads before anything paints — the
// entry script, everything it imports statically and every modulepreload of index.html —
// gzipped, against a budget. Read from the build's manifest, so a static import anywhere in
// that graph counts even if Vite did not list it as a modulepreload. Then, for information
// and with a budget of its own, the JavaScript of each public page's first screen: the above
// plus the app chunk (app start, router, shell) and the route's module with their imports,
// which the entry requests at once. Beside the gzip figures (kB = 1,024 bytes), the brotli
// files the server sends (`apps/web/build/precompress.ts`): what Lighthouse counts as
// transferred (in 1,000s of bytes, plus headers). `npm test` runs it after the web build, so a change that
// bloats the first load, brings zod into a public page's first screen (ADR 041), or brings the
// staff console's calls into the student app, fails the suite.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
/** Kilobytes of gzip before the first paint. Lower it when the bundle shrinks; raise it only with a reason. */
// 135 until 2026-12-01, when zod left the first screens (ADR 041) and the entry weighed 127.6.
const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 130);
/**
 * The public pages of a first visit, by the source file of their route module, with the
 * kilobytes of gzip their first screen (first load + app + route) may weigh: what it weighed
 * when set (ADR 041: 256 / 302 / 310), plus a few kB. The landing page loads no MUI component
 * that only other screens use (`vendor-screens`, `vite.config.ts`); the others do.
 * `SCREEN_BUDGET_KB` replaces all three.
 */
const PAGES: [page: string, route: string, budgetKb: number][] = [
  // +1 kB each on 2026-11-30 (issue 28): the device id every call sends from the first load
  // (ADR 051) and the route table's entries for /welcome (ADR 052) took 0.1–0.2 kB over.
  // 2026-12-01 (ADR 041): the app calls by route and checks answers only in development, so
  // zod and the contract's schemas left these screens: 261 → 231, 307 → 277, 315 → 285 (they
  // weighed 228.7, 274.9 and 282.3).
  ['/', 'src/app/routes/welcome.tsx', 231],
  // +2 kB each the same day: the drawer's MUI parts (Modal among them, which the list's filters
  // and the course page's dialogs use too) left `vendor-screens` for a chunk of their own, so
  // that the landing page's idle load of the drawer stops bringing every screen's MUI (−30 kB
  // over the wire on `/`); these two pages load both chunks (276.3 and 283.6).
  ['/courses', 'src/app/routes/courses.tsx', 279],
  ['/courses/:id', 'src/app/routes/course.tsx', 287],
];
const screenBudget = (kb: number) => Number(process.env.SCREEN_BUDGET_KB ?? kb);
/** The app below the splash (app start, router, shell), which the entry loads at once. */
const APP_MODULES = ['src/app/app.tsx'];

type Chunk = { file: string; isEntry?: boolean; imports?: string[] };
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`no ${path.relative(process.cwd(), manifestFile)}: build the web app first`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;

/** The files of `keys` and of everything they import statically, transitively. */
function withStaticImports(keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length / 1024;
const total = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gz(f), 0);
/** Bytes of the brotli file the server sends for `file` (the file's own when there is none). */
const br = (file: string) => {
  const compressed = path.join(dist, `${file}.br`);
  return fs.statSync(fs.existsSync(compressed) ? compressed : path.join(dist, file)).size;
};
const brKb = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + br(f), 0) / 1000;

const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const preloads = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
const firstLoad = new Set([...withStaticImports(entries), ...preloads]);
const firstKb = total(firstLoad);

console.log(
  `first load: ${firstLoad.size} scripts, ${firstKb.toFixed(1)} kB gzip (budget ${BUDGET_KB} kB)`,
);
for (const f of [...firstLoad].sort((a, b) => gz(b) - gz(a))) {
  console.log(`  ${f.padEnd(44)} ${gz(f).toFixed(1).padStart(7)} kB`);
}

let overScreen = false;
/** A file holding zod (its error class keeps its name through minification). */
const holdsZod = (file: string) =>
  fs.readFileSync(path.join(dist, file), 'utf8').includes('ZodError');
const zodOnScreen: string[] = [];
console.log('first screen (first load + app + route), gzip against its budget, and brotli:');
for (const [page, route, budgetKb] of PAGES) {
  // A route module that ships inside the app chunk (the landing page) has no chunk of its own.
  const modules = route in manifest ? [...APP_MODULES, route] : APP_MODULES;
  const screen = new Set([...firstLoad, ...withStaticImports(modules)]);
  const kb = total(screen);
  const budget = screenBudget(budgetKb);
  const over = kb > budget;
  overScreen ||= over;
  const zod = [...screen].filter(holdsZod);
  if (zod.length > 0) zodOnScreen.push(`${page}: ${zod.join(', ')}`);
  console.log(
    `  ${page.padEnd(14)} ${screen.size} scripts, ${kb.toFixed(1).padStart(6)} kB gzip` +
      ` (budget ${budget} kB${over ? ', OVER' : ''}), ${brKb(screen).toFixed(1)} kB brotli`,
  );
}

const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
console.log(
  `all scripts: ${all.length} files, ${total(all.map((f) => `assets/${f}`)).toFixed(1)} kB gzip`,
);
// The staff console's calls (their paths and schemas) belong to apps/staff: the contract's
// `endpoints` list, which names them, must stay out of the student app (ADR 011).
const withStaffCalls = all.filter((f) =>
  /["'`]\/staff\//.test(fs.readFileSync(path.join(dist, 'assets', f), 'utf8')),
);
if (withStaffCalls.length > 0) {
  console.error(`the staff console's calls are in the student app: ${withStaffCalls.join(', ')}`);
  process.exit(1);
}
// The server's render is built in the browser's mode (vite.config.ts): one that read NODE_ENV
// at run time rendered, under `npm start`, class names the browser's build does not make, and
// the browser inserted the page's styles a second time.
const ssrEntry = path.join(dist, '.ssr/entry-server.js');
if (!fs.existsSync(ssrEntry)) {
  console.error(`no ${path.relative(process.cwd(), ssrEntry)}: build the web app first`);
  process.exit(1);
}
if (fs.readFileSync(ssrEntry, 'utf8').includes('process.env.NODE_ENV')) {
  console.error("the server's render reads NODE_ENV at run time: build it in the browser's mode");
  process.exit(1);
}
// The student app calls by route and loads zod only on the screens whose forms parse with the
// contract's schemas (ADR 041); a public page's first screen holds none.
if (zodOnScreen.length > 0) {
  console.error(`zod is on a public page's first screen: ${zodOnScreen.join('; ')}`);
  process.exit(1);
}
if (!all.some((f) => holdsZod(`assets/${f}`))) {
  console.error('no script holds zod: the check above would see nothing');
  process.exit(1);
}
if (firstKb > BUDGET_KB) {
  console.error(`first load over budget by ${(firstKb - BUDGET_KB).toFixed(1)} kB`);
  process.exit(1);
}
if (overScreen) {
  console.error('a first screen is over its budget');
  process.exit(1);
}
