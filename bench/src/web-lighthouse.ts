// `npm run bench:web`: Lighthouse 12 on the landing, the course list and a course page, as a
// phone sees them (the default config: mobile, simulated Slow 4G, 4x CPU slowdown). Builds the
// web app, starts the real server on a fresh SQLite data dir, prints the scores and writes
// them to bench/results/. A benchmark to compare builds, not a timed test.
// `WEB_DIST=path` measures an existing build instead of building; `LH_RUNS=n` (default 1)
// keeps the median run of n per page. `LH_SAVE=dir` also writes each page's median Lighthouse
// report (`<page>.lhr.json`) and its trace (`<page>.trace.json`, for the DevTools performance
// panel) there, to see what delays the first paint and which tasks block the main thread.
// `LH_SCHOOL=1` measures the pages in a school's own identity (a name and colours set by the
// demo admin through the staff API, ADR 049) instead of «دَرس»'s.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeResults } from './results';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1));

type PageResult = {
  page: string;
  url: string;
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  scriptKb: number;
  scriptRequests: number;
  totalKb: number;
};

type Measured = PageResult & { raw: { lhr: unknown; trace: unknown } };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function buildWeb(): string {
  if (process.env.WEB_DIST) return path.resolve(process.env.WEB_DIST);
  const build = spawnSync('npm', ['run', 'build', '-w', '@dars/web'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('web build failed');
  return path.join(ROOT, 'apps/web/dist');
}

/** The real server (`apps/server/src/main.ts`) on a fresh SQLite data dir with the demo seed. */
async function startServer(webDist: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-lighthouse-'));
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        SEED: 'demo',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start in 60 s:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/v1/app`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, stop };
}

/** A school's name and colours, set as its admin sets them (the demo admin, the staff API). */
async function setSchool(baseUrl: string): Promise<void> {
  const headers = { 'content-type': 'application/json', 'app-platform': 'web' };
  const login = await fetch(`${baseUrl}/api/v1/staff/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'admin@dars.test', password: 'dars12345' }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const res = await fetch(`${baseUrl}/api/v1/staff/settings`, {
    method: 'PATCH',
    headers: { ...headers, authorization: `Bearer ${data.token}` },
    body: JSON.stringify({
      school: {
        name: 'سنتر النخبة التعليمي',
        logo_light: null,
        logo_dark: null,
        favicon: null,
        primary_color: '#0b6e4f',
        secondary_color: '#7c2d12',
        footer_text: '12 شارع الجامعة، المنصورة',
        legal_links: [],
      },
    }),
  });
  if (!res.ok) throw new Error(`setting the school's identity: ${res.status} ${await res.text()}`);
}

/** The first course of the public list: the course page to measure. */
async function firstCourseId(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v1/courses`);
  const body = (await res.json()) as { data: { id: number }[] };
  const id = body.data[0]?.id;
  if (id === undefined) throw new Error('the seeded catalogue has no course');
  return id;
}

type NetworkItem = { resourceType?: string; transferSize?: number };

async function measure(page: string, url: string, port: number): Promise<Measured> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const scripts = (details?.items ?? []).filter((i) => i.resourceType === 'Script');
  return {
    page,
    url,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    fcpMs: Math.round(audit('first-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    speedIndexMs: Math.round(audit('speed-index')),
    scriptKb: scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / 1024,
    scriptRequests: scripts.length,
    totalKb: audit('total-byte-weight') / 1024,
    raw: { lhr, trace: (result.artifacts as { Trace?: unknown }).Trace },
  };
}

async function withRetries<T>(attempt: () => Promise<T>, times: number): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= times) throw error;
    }
  }
}

function median(runs: Measured[]): Measured {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const webDist = buildWeb();
const server = await startServer(webDist);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
const results: PageResult[] = [];
try {
  if (process.env.LH_SCHOOL) await setSchool(server.baseUrl);
  const courseId = await firstCourseId(server.baseUrl);
  const pages: [string, string][] = [
    ['landing', '/'],
    ['courses', '/courses'],
    ['course', `/courses/${courseId}`],
  ];
  for (const [page, pathname] of pages) {
    const runs: Measured[] = [];
    for (let i = 0; i < RUNS; i++) {
      const url = `${server.baseUrl}${pathname}`;
      // A trace Chrome failed to record (NO_NAVSTART, NO_FCP on a busy machine) is retried.
      runs.push(await withRetries(() => measure(page, url, chrome.port), 3));
    }
    const { raw, ...kept } = median(runs);
    results.push(kept);
    if (process.env.LH_SAVE) {
      const dir = path.resolve(process.env.LH_SAVE);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${page}.lhr.json`), JSON.stringify(raw.lhr));
      fs.writeFileSync(path.join(dir, `${page}.trace.json`), JSON.stringify(raw.trace));
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}

// The simulated 4x CPU slowdown multiplies what this machine measured: a busy machine (load
// above its core count) inflates TBT and LCP, so the load is printed and kept with the scores.
const load = os.loadavg().map((l) => Number(l.toFixed(2)));
console.log(
  `Lighthouse ${RUNS > 1 ? `(median of ${RUNS}) ` : ''}mobile, simulated Slow 4G, 4x CPU; ` +
    `load average ${load.join(' ')} on ${os.cpus().length} cores`,
);
console.log('page      score   LCP ms   FCP ms   TBT ms   SI ms   JS kB (requests)   total kB');
for (const r of results) {
  console.log(
    `${r.page.padEnd(9)} ${String(r.performance).padStart(5)} ${String(r.lcpMs).padStart(8)} ${String(
      r.fcpMs,
    ).padStart(8)} ${String(r.tbtMs).padStart(8)} ${String(r.speedIndexMs).padStart(7)} ${r.scriptKb
      .toFixed(1)
      .padStart(
        8,
      )} (${String(r.scriptRequests).padStart(2)})      ${r.totalKb.toFixed(1).padStart(8)}`,
  );
}
const file = writeResults('web-', {
  date: new Date().toISOString(),
  lighthouse: '12',
  preset: 'mobile',
  runs: RUNS,
  loadAverage: load,
  cores: os.cpus().length,
  results,
});
console.log(`written ${path.relative(ROOT, file)}`);
