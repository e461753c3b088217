// `npm run bench:bundle`: the JavaScript a first visit downloads before anything renders (the
// entry script and its modulepreloads in index.html), gzipped, against a budget. `npm test`
// runs it after the web build, so a change that bloats the first load fails the suite.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
/** Kilobytes of gzip for the first load. Lower it when the bundle shrinks; raise it only with a reason. */
const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 260);

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));

const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length / 1024;
const initialKb = initial.reduce((sum, f) => sum + gz(f), 0);
const totalKb = all.reduce((sum, f) => sum + gz(path.join('assets', f)), 0);

console.log(
  `first load: ${initial.length} scripts, ${initialKb.toFixed(1)} kB gzip (budget ${BUDGET_KB} kB)`,
);
for (const f of initial) console.log(`  ${f.padEnd(44)} ${gz(f).toFixed(1).padStart(7)} kB`);
console.log(
  `all scripts: ${all.length} files, ${totalKb.toFixed(1)} kB gzip (lazy routes load on demand)`,
);
if (initialKb > BUDGET_KB) {
  console.error(`over budget by ${(initialKb - BUDGET_KB).toFixed(1)} kB`);
  process.exit(1);
}
