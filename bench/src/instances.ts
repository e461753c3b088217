// `npm run bench:instances` (issue 14, ADR 024): the exam scenarios of `npm run bench` on
// PostgreSQL, through one API instance and through two instances on the same database, in one
// run. The load is split between the instances by the client (half the connections and half the
// students each), as a load balancer would, without a balancer's own CPU on the same two cores.
// Besides req/s and latency it counts CPU: each instance's, and PostgreSQL's (every `postgres`
// process in /proc), per answer, which is what says how far more cores would carry it.
// BENCH_PG=<postgres url> (default: the local server's `postgres` database); BENCH_PG_POOL (the
// pool of each instance; the server's default is 10); BENCH_DURATION,
// BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_ANSWER_SESSIONS, BENCH_MASS_CONNECTIONS, BENCH_STUDENTS
// as in `npm run bench`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { answerRequests, massStart, startSessions, type BenchExam } from './exam-scenarios';
import { cpuOf, start, vacuumExamTables, type Server } from './processes';
import { writeResults } from './results';

const pgUrl =
  process.env.BENCH_PG ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(process.env.BENCH_DURATION ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const answerSessions = Number(process.env.BENCH_ANSWER_SESSIONS ?? 2_000);
const massConnections = Number(process.env.BENCH_MASS_CONNECTIONS ?? 200);
const env = {
  ...process.env,
  DATABASE_URL: pgUrl,
  BENCH_MORE_STARTS: '3',
  // The exam scenarios read no course: a small catalogue seeds faster.
  BENCH_COURSES: process.env.BENCH_COURSES ?? '100',
};

/**
 * CPU seconds used so far by PostgreSQL: every `postgres` process, and the ended backends its
 * postmaster has reaped; null where /proc cannot be read.
 */
function postgresCpuSeconds(): number | null {
  try {
    const tick = 100; // USER_HZ on Linux
    let total = 0;
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, and cutime, cstime: a backend that ends (an idle pool connection closed)
      // takes its time with it, but the postmaster, which reaps it, counts it as its children's.
      total += fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / tick;
    }
    return total;
  } catch {
    return null;
  }
}

type Usage = { serverS: number; postgresS: number | null };

/** CPU the instances and PostgreSQL spend on `work`, with its result. */
async function counted<T>(servers: Server[], work: () => Promise<T>): Promise<[T, Usage]> {
  const before = await Promise.all(servers.map((s) => cpuOf(s.child)));
  const pgBefore = postgresCpuSeconds();
  const result = await work();
  const after = await Promise.all(servers.map((s) => cpuOf(s.child)));
  const pgAfter = postgresCpuSeconds();
  const serverS = after.reduce((sum, a, i) => sum + (a - before[i]!), 0) / 1e6;
  const postgresS = pgBefore === null || pgAfter === null ? null : pgAfter - pgBefore;
  return [result, { serverS, postgresS }];
}

/** Splits `items` into `parts` consecutive slices of (nearly) equal length. */
function split<T>(items: readonly T[], parts: number): T[][] {
  const size = Math.ceil(items.length / parts);
  return Array.from({ length: parts }, (_, k) => items.slice(k * size, (k + 1) * size));
}

type AnswerRow = {
  instances: number;
  rps: number;
  /** The worst of the instances' own percentiles. */
  p50: number;
  p99: number;
  errors: number;
  serverUs: number;
  postgresUs: number | null;
  load: number;
};

/**
 * Answers saved to running sessions of `students` (fresh ones: a `seq` never falls), the
 * connections and students split between `servers`.
 */
async function answers(servers: Server[], exam: BenchExam, students: string[]): Promise<AnswerRow> {
  const sessions = await startSessions(servers[0]!.info.address, exam.id, students);
  const theirSessions = split(sessions, servers.length);
  const parts = split(students, servers.length).map((mine, k) => ({
    url: servers[k]!.info.address,
    requests: answerRequests(mine, theirSessions[k]!, exam),
  }));
  const per = Math.max(1, Math.round(connections / servers.length));
  const run = (seconds: number) =>
    Promise.all(
      parts.map((p) =>
        autocannon({ url: p.url, connections: per, duration: seconds, requests: p.requests }),
      ),
    );
  await run(warmup);
  const [results, usage] = await counted(servers, () => run(duration));
  const total = results.reduce((n, r) => n + r.requests.total, 0);
  return {
    instances: servers.length,
    rps: Math.round(results.reduce((n, r) => n + r.requests.average, 0)),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((n, r) => n + r.errors + r.non2xx, 0),
    serverUs: Math.round((usage.serverS * 1e6) / Math.max(1, total)),
    postgresUs:
      usage.postgresS === null ? null : Math.round((usage.postgresS * 1e6) / Math.max(1, total)),
    load: Number(os.loadavg()[0]!.toFixed(1)),
  };
}

type MassRow = {
  instances: number;
  students: number;
  wallSeconds: number;
  startP99: number;
  sessionP99: number;
  errors: number;
  serverS: number;
  postgresS: number | null;
  load: number;
};

/** Every student starts `exam` and loads its session, the students split between `servers`. */
async function massStartThrough(
  servers: Server[],
  exam: BenchExam,
  students: string[],
): Promise<MassRow> {
  const per = Math.max(1, Math.round(massConnections / servers.length));
  const [parts, usage] = await counted(servers, () =>
    Promise.all(
      split(students, servers.length).map((mine, k) =>
        massStart(servers[k]!.info.address, exam, mine, per),
      ),
    ),
  );
  return {
    instances: servers.length,
    students: students.length,
    wallSeconds: Math.max(...parts.map((p) => p.wallSeconds)),
    startP99: Math.max(...parts.map((p) => p.start.p99)),
    sessionP99: Math.max(...parts.map((p) => p.session.p99)),
    errors: parts.reduce((n, p) => n + p.start.errors + p.session.errors, 0),
    serverS: Number(usage.serverS.toFixed(1)),
    postgresS: usage.postgresS === null ? null : Number(usage.postgresS.toFixed(1)),
    load: Number(os.loadavg()[0]!.toFixed(1)),
  };
}

/** Mean of `of` over the rows measured through `n` instances. */
function meanOf<R extends { instances: number }>(rows: R[], n: number, of: (r: R) => number) {
  const mine = rows.filter((r) => r.instances === n);
  return mine.reduce((sum, r) => sum + of(r), 0) / mine.length;
}

/** Two instances' mean against one's, as a ratio. */
function gain<R extends { instances: number }>(rows: R[], of: (r: R) => number): string {
  return (meanOf(rows, 2, of) / meanOf(rows, 1, of)).toFixed(2);
}

const column = (text: string | number | null, width: number) => String(text ?? '–').padStart(width);

const first = await start('api-server.ts', [], env);
const second = await start('api-server.ts', [], { ...env, BENCH_ATTACH: first.info.pgSchema });
try {
  const students = first.info.students!;
  const exams = first.info.exams!;
  if (students.length < answerSessions * 4) {
    throw new Error(
      `needs ${answerSessions * 4} students (BENCH_STUDENTS), has ${students.length}`,
    );
  }
  // One instance, two, two, one (ABBA): each run adds answers and sessions, and PostgreSQL's
  // cost per answer drifts up with them (and with the machine's load), which this order cancels
  // when each pair is averaged.
  const order = [[first], [first, second], [first, second], [first]];
  const slices = split(students.slice(0, answerSessions * 4), 4);
  const answerRows: AnswerRow[] = [];
  for (const [k, servers] of order.entries()) {
    await vacuumExamTables(pgUrl, first.info.pgSchema!);
    answerRows.push(await answers(servers, exams.answers, slices[k]!));
  }
  const startExams = [exams.massStart, ...exams.more];
  const massRows: MassRow[] = [];
  for (const [k, servers] of order.entries()) {
    await vacuumExamTables(pgUrl, first.info.pgSchema!);
    massRows.push(await massStartThrough(servers, startExams[k]!, students));
  }

  console.log(
    `\nPostgreSQL pool: ${process.env.BENCH_PG_POOL ?? 10} connections per instance (BENCH_PG_POOL)` +
      `\nexam answers on PostgreSQL: ${connections} connections in all, ${duration} s each ` +
      `(after ${warmup} s of warm-up), ${answerSessions} fresh sessions a run`,
  );
  console.log(
    [
      'instances',
      column('req/s', 8),
      column('p50 ms', 7),
      column('p99 ms', 7),
      column('errors', 6),
      column('node µs', 8),
      column('pg µs', 7),
      column('load', 5),
    ].join(' '),
  );
  for (const r of answerRows) {
    console.log(
      [
        String(r.instances).padEnd(9),
        column(r.rps, 8),
        column(r.p50, 7),
        column(r.p99, 7),
        column(r.errors, 6),
        column(r.serverUs, 8),
        column(r.postgresUs, 7),
        column(r.load, 5),
      ].join(' '),
    );
  }
  console.log(`two instances against one (means of the pairs): ${gain(answerRows, (r) => r.rps)}`);
  const cpuPerAnswer = Math.round(
    answerRows.reduce((sum, r) => sum + r.serverUs + (r.postgresUs ?? 0), 0) / answerRows.length,
  );
  console.log(
    `CPU per answer, API and PostgreSQL together (mean of the runs): ${cpuPerAnswer} µs, about ` +
      `${Math.round(1e6 / cpuPerAnswer)} answers/s per core once nothing else limits it`,
  );

  console.log(
    `\nexam mass start on PostgreSQL: ${massConnections} connections in all, each run a fresh exam`,
  );
  for (const m of massRows) {
    console.log(
      `${m.instances} instance(s): ${m.students} students in ${m.wallSeconds} s, ` +
        `p99 start ${m.startP99} ms, session ${m.sessionP99} ms, errors ${m.errors}; ` +
        `CPU: API ${m.serverS} s, PostgreSQL ${m.postgresS ?? '–'} s; load ${m.load}`,
    );
  }
  console.log(
    `two instances against one, time to start everyone (means of the pairs): ` +
      `${gain(massRows, (r) => r.wallSeconds)}`,
  );

  const file = writeResults('instances-', {
    at: new Date().toISOString(),
    duration,
    connections,
    answers: answerRows,
    massStart: massRows,
  });
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
} finally {
  second.child.disconnect();
  first.child.disconnect();
}
