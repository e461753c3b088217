// `npm run bench`: autocannon against the real API and a bare Fastify route in the same run.
// Each server runs in its own process; the load comes from this one. Prints req/s, p50/p99 and
// the ratio to the baseline, and writes the numbers to bench/results/.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

function start(
  script: string,
): Promise<{ child: ChildProcess; info: { address: string; [k: string]: unknown } }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, script), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (info) => resolve({ child, info: info as { address: string } }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

type Row = {
  target: string;
  url: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

async function measure(target: string, url: string): Promise<Row> {
  // A short warm-up so JIT and caches settle before we count.
  await autocannon({ url, connections, duration: 2 });
  const r = await autocannon({ url, connections, duration });
  return {
    target,
    url,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

const api = await start('api-server.ts');
const baseline = await start('baseline-server.ts');
try {
  const a = api.info.address;
  const course = (await (await fetch(`${a}/api/v1/courses?page=1`)).json()) as {
    data: { id: number }[];
  };
  const rows: Row[] = [];
  rows.push(await measure('bare Fastify baseline', `${baseline.info.address}/baseline`));
  rows.push(await measure('GET /courses (page 1)', `${a}/api/v1/courses`));
  rows.push(await measure('GET /courses (page 400)', `${a}/api/v1/courses?page=400`));
  rows.push(
    await measure(
      'GET /courses?query=…&grade_id=',
      `${a}/api/v1/courses?query=${encodeURIComponent('رقم 99')}&grade_id=3`,
    ),
  );
  rows.push(await measure('GET /courses/{id}', `${a}/api/v1/courses/${course.data[0]!.id}`));
  const base = rows[0]!.rps;

  console.log(
    `\n${api.info.courses} courses on ${api.info.dialect}; ${connections} connections, ${duration} s each\n`,
  );
  console.log(
    [
      'target'.padEnd(34),
      'req/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'ratio'.padStart(7),
      'errors'.padStart(7),
    ].join(' '),
  );
  for (const r of rows) {
    console.log(
      [
        r.target.padEnd(34),
        String(r.rps).padStart(8),
        String(r.p50).padStart(8),
        String(r.p99).padStart(8),
        (r.rps / base).toFixed(2).padStart(7),
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
      { at: new Date().toISOString(), duration, connections, courses: api.info.courses, rows },
      null,
      2,
    ),
  );
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
} finally {
  api.child.disconnect();
  baseline.child.disconnect();
}
