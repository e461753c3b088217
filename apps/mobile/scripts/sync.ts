// `npm run mobile:sync`: builds the web client, copies it into www/ pointed at the server, and
// runs `cap sync` for Android and iOS, which copies www/ into both native projects and writes
// their plugin lists (ADR 021). The server is DARS_SERVER_URL (default: the Android emulator's
// view of `npm start` on the same machine). `--reuse-build` takes an existing apps/web/dist.
// The apps carry the school's name, colour and logo as that server answers them (ADR 049).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { copyWebBuild, DEFAULT_SERVER, serverOriginOf } from './web-assets';
import { alignVersions } from './versions';
import { applySchool, readSchool } from './school-identity';

const mobile = path.resolve(import.meta.dirname, '..');
const root = path.resolve(mobile, '../..');
const dist = path.join(root, 'apps/web/dist');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(cmd: string, args: string[], cwd: string): void {
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: process.env });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${res.status})`);
}

const server = serverOriginOf(process.env.DARS_SERVER_URL?.trim() || DEFAULT_SERVER);
const reuse = process.argv.includes('--reuse-build');
if (!reuse || !fs.existsSync(path.join(dist, 'index.html'))) {
  run(npm, ['run', 'build', '-w', '@dars/web'], root);
}
const files = copyWebBuild(dist, path.join(mobile, 'www'), server);
console.log(`mobile:sync: ${files} files of the web build in www/, server ${server}`);
alignVersions(mobile);
// The school's name, colour and logo, as the server answers them to the apps (ADR 049).
const school = await readSchool(server);
if ('identity' in school) {
  const drawn = await applySchool(mobile, school.identity);
  console.log(
    `mobile:sync: the apps are «${school.identity.name}» in ${school.identity.brand}` +
      (drawn > 0 ? `, ${drawn} icons and splash screens drawn` : ''),
  );
} else {
  console.warn(
    `mobile:sync: could not read the school's identity from ${server} (${school.reason}); ` +
      'the apps keep the name and images they had.',
  );
}
run(npx, ['cap', 'sync'], mobile);
