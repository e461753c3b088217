// `npm run bench`: autocannon against the real API and a bare Fastify route in the same run.
// Each server runs in its own process; the load comes from this one. Prints req/s, p50/p99 and
// the ratios to two baselines (the bare route, and our own plugin stack answering without a
// query), and writes the numbers to bench/results/.
// BENCH_ONLY=<regex> measures only the matching calls (the baselines always run);
// BENCH_PROFILE=<folder> writes the API server's CPU profile there (node --cpu-prof).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const profileDir = process.env.BENCH_PROFILE;

/** The url of the given page reached as the web client does: following `links.next`. */
async function followNext(base: string, page: number): Promise<string> {
  let url = '/api/v1/courses';
  for (let i = 1; i < page; i++) {
    const body = (await (await fetch(`${base}${url}`)).json()) as { links: { next: string } };
    url = body.links.next;
  }
  return `${base}${url}`;
}

type ServerInfo = { address: string; stack?: string; token?: string; [k: string]: unknown };

function start(
  script: string,
  execArgv: string[] = [],
): Promise<{ child: ChildProcess; info: ServerInfo }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, script), [], {
      execArgv: ['--import', 'tsx', ...execArgv],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (info) => resolve({ child, info: info as ServerInfo }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** CPU time (user + system, µs) the server process has used so far, asked over IPC. */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if (typeof m !== 'object' || m === null || !('cpu' in m)) return;
      child.off('message', onMessage);
      const { user, system } = (m as { cpu: NodeJS.CpuUsage }).cpu;
      resolve(user + system);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

type Row = {
  target: string;
  url: string;
  rps: number;
  /** Server CPU per answer: unlike req/s, barely moved by other work on the machine. */
  cpuUs: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

async function measure(
  server: ChildProcess,
  target: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Row> {
  // A warm-up so JIT and caches settle before we count.
  await autocannon({ url, connections, duration: warmup, headers });
  const cpuBefore = await cpuOf(server);
  const r = await autocannon({ url, connections, duration, headers });
  const cpuUs = Math.round(((await cpuOf(server)) - cpuBefore) / Math.max(1, r.requests.total));
  return {
    target,
    url,
    rps: Math.round(r.requests.average),
    cpuUs,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    // A 304 is the answer we asked for with If-None-Match, not a failure.
    non2xx: r.non2xx - (headers['if-none-match'] ? (r.statusCodeStats?.['304']?.count ?? 0) : 0),
  };
}

const api = await start(
  'api-server.ts',
  profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir)] : [],
);
const baseline = await start('baseline-server.ts');
try {
  const a = api.info.address;
  const course = (await (await fetch(`${a}/api/v1/courses?page=1`)).json()) as {
    data: { id: number }[];
  };
  const page400 = await followNext(a, 400);
  const etag = (await fetch(`${a}/api/v1/courses`)).headers.get('etag')!;
  const student = { authorization: `Bearer ${api.info.token}` };
  const rows: Row[] = [
    await measure(baseline.child, 'bare Fastify baseline', `${baseline.info.address}/baseline`),
    await measure(api.child, 'our plugin stack, no query', `${a}${api.info.stack}`),
  ];
  const targets: [string, string, Record<string, string>?][] = [
    ['GET /courses (page 1)', `${a}/api/v1/courses`],
    ['GET /courses (page 400, links.next)', page400],
    ['GET /courses?page=400 (old link)', `${a}/api/v1/courses?page=400`],
    [
      'GET /courses?query=…&grade_id=',
      `${a}/api/v1/courses?query=${encodeURIComponent('رقم 99')}&grade_id=3`,
    ],
    ['GET /courses/{id}', `${a}/api/v1/courses/${course.data[0]!.id}`],
    ['GET /courses (If-None-Match: 304)', `${a}/api/v1/courses`, { 'if-none-match': etag }],
    ['GET /courses, student (built afresh)', `${a}/api/v1/courses`, student],
    ['GET /courses/{id}, student', `${a}/api/v1/courses/${course.data[0]!.id}`, student],
  ];
  for (const [target, url, headers] of targets) {
    if (!only || only.test(target)) rows.push(await measure(api.child, target, url, headers));
  }
  const base = rows[0]!.rps;
  const baseCpu = rows[0]!.cpuUs;
  const stack = rows[1]!.rps;

  console.log(
    `\n${api.info.courses} courses on ${api.info.dialect}; ${connections} connections, ${duration} s each (after ${warmup} s of warm-up)\n`,
  );
  console.log(
    [
      'target'.padEnd(38),
      'req/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'ratio'.padStart(7),
      'stack'.padStart(7),
      'cpu µs'.padStart(8),
      'cpu ratio'.padStart(10),
      'errors'.padStart(7),
    ].join(' '),
  );
  for (const r of rows) {
    console.log(
      [
        r.target.padEnd(38),
        String(r.rps).padStart(8),
        String(r.p50).padStart(8),
        String(r.p99).padStart(8),
        (r.rps / base).toFixed(2).padStart(7),
        (r.rps / stack).toFixed(2).padStart(7),
        String(r.cpuUs).padStart(8),
        (baseCpu / r.cpuUs).toFixed(2).padStart(10),
        String(r.errors + r.non2xx).padStart(7),
      ].join(' '),
    );
  }
  const dir = path.join(here, '..', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        dialect: api.info.dialect,
        duration,
        connections,
        courses: api.info.courses,
        rows,
      },
      null,
      2,
    ),
  );
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
  console.log('ratio: to the bare route; stack: to our plugin stack answering without a query');
} finally {
  api.child.disconnect();
  baseline.child.disconnect();
}
