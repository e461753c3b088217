// `npm run bench`: autocannon against the real API and a bare Fastify route in the same run.
// Each server runs in its own process; the load comes from this one. Prints req/s, p50/p99 and
// the ratios to two baselines (the bare route, and our own plugin stack answering without a
// query), and writes the numbers to bench/results/.
// BENCH_PG=<postgres url> also runs the API on PostgreSQL and measures each call there right
// after SQLite, so that the two compare within one run (the machine is shared: its load moves
// more between two runs than the databases differ).
// BENCH_ONLY=<regex> measures only the matching calls (the baselines always run; `exams` picks
// the exam scenarios); BENCH_PROFILE=<folder> writes there the API server's CPU profile of each
// measurement, one file per row (the inspector's profiler, started and stopped around it).
// The exam scenarios (issue 9, ADR 016): sessions of bulk-seeded students saving answers under
// autocannon, compared with a bare POST route and, on SQLite, with a bare route running the same
// SQL straight on better-sqlite3; then a mass start of every student into one exam.
// The progress scenario (issue 28, ADR 054; BENCH_ONLY=progress): the player's reports a second
// on 20 connections, and a student's video call alone and while reports flow.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ask, cpuOf, start, vacuumExamTables, type Server } from './processes';
import { writeResults } from './results';
import { answerRequests, massStart, startSessions, type MassStartFigures } from './exam-scenarios';
import { measureImport, printImport, type ImportFigures } from './import-scenario';
import { PROGRESS_BACKGROUND_RATE, progressSetup, withReportsFlowing } from './progress-scenario';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const profileDir = process.env.BENCH_PROFILE;
const alsoPg = process.env.BENCH_PG;
/** How many running sessions save answers, and how many connections the mass start opens. */
const answerSessions = Number(process.env.BENCH_ANSWER_SESSIONS ?? 2_000);
const massConnections = Number(process.env.BENCH_MASS_CONNECTIONS ?? 200);
const ANSWERS = 'POST /exams/session/answers';
const SAME_WORK = 'bare Fastify, same SQL (better-sqlite3)';
const MASS_START = 'exams: mass start';
const IMPORT = 'students: roster import';
const PROGRESS = 'progress: POST /video/progress';
const VIDEO_CALL = 'progress: GET /video/apps/{id}';
const VIDEO_CALL_FLOWING = 'progress: GET /video/apps/{id} + reports';
const wanted = (name: string) => !only || only.test(name);
const examsWanted = wanted(ANSWERS) || wanted(MASS_START);

/** The url of the given page reached as the web client does: following `links.next`. */
async function followNext(base: string, page: number): Promise<string> {
  let url = '/api/v1/courses';
  for (let i = 1; i < page; i++) {
    const body = (await (await fetch(`${base}${url}`)).json()) as { links: { next: string } };
    url = body.links.next;
  }
  return `${base}${url}`;
}

type Row = {
  target: string;
  dialect: string;
  url: string;
  rps: number;
  /** Server CPU per answer: unlike req/s, barely moved by other work on the machine. */
  cpuUs: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The machine's 1-minute load average when the measurement ended. */
  load: number;
};

/** What a measurement sends beyond a GET of the url: headers, or autocannon's own requests. */
type Load = Pick<autocannon.Options, 'method' | 'body' | 'requests'> & {
  headers?: Record<string, string>;
};

async function measure(server: Server, target: string, url: string, load: Load = {}): Promise<Row> {
  const headers = load.headers ?? {};
  // A warm-up so JIT and caches settle before we count.
  await autocannon({ url, connections, duration: warmup, ...load });
  // BENCH_PROFILE: the API's CPU profile of this measurement, named after the row.
  const profiled = profileDir && server.info.stack !== undefined;
  if (profiled) await ask(server.child, { profileStart: true }, 'profiling');
  const cpuBefore = await cpuOf(server.child);
  const r = await autocannon({ url, connections, duration, ...load });
  if (profiled) {
    const name = `${server.info.dialect}-${target.replace(/[^A-Za-z0-9]+/g, '-')}.cpuprofile`;
    await ask(server.child, { profileStop: path.resolve(profileDir, name) }, 'profiled');
  }
  const cpuUs = Math.round(
    ((await cpuOf(server.child)) - cpuBefore) / Math.max(1, r.requests.total),
  );
  return {
    target,
    dialect: server.info.dialect ?? 'none',
    url,
    rps: Math.round(r.requests.average),
    cpuUs,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    // A 304 is the answer we asked for with If-None-Match, not a failure.
    non2xx: r.non2xx - (headers['if-none-match'] ? (r.statusCodeStats?.['304']?.count ?? 0) : 0),
    load: Number(os.loadavg()[0]!.toFixed(1)),
  };
}

type Target = [name: string, url: string, headers?: Record<string, string>, method?: 'POST'];
const PAGE_400 = 'GET /courses (page 400, links.next)';

/** The calls measured on one API server, with the urls and headers that server needs. */
async function targetsOf(api: Server): Promise<Target[]> {
  const a = api.info.address;
  const course = (await (await fetch(`${a}/api/v1/courses?page=1`)).json()) as {
    data: { id: number }[];
  };
  const page400 = wanted(PAGE_400) ? await followNext(a, 400) : '';
  const etag = (await fetch(`${a}/api/v1/courses`)).headers.get('etag')!;
  const student = { authorization: `Bearer ${api.info.token}` };
  const coursePage = `${a}/api/v1/courses/${course.data[0]!.id}`;
  return [
    ['our plugin stack, no query', `${a}${api.info.stack}`],
    ['our plugin stack, the bare body', `${a}${api.info.stackBare}`],
    ['our plugin stack, the bare body, student', `${a}${api.info.stackBare}`, student],
    ['GET /courses (page 1)', `${a}/api/v1/courses`],
    [PAGE_400, page400],
    ['GET /courses?page=400 (old link)', `${a}/api/v1/courses?page=400`],
    [
      'GET /courses?query=…&grade_id=',
      `${a}/api/v1/courses?query=${encodeURIComponent('رقم 99')}&grade_id=3`,
    ],
    ['GET /courses/{id}', coursePage],
    ['GET /courses (If-None-Match: 304)', `${a}/api/v1/courses`, { 'if-none-match': etag }],
    ['GET /courses, student (built afresh)', `${a}/api/v1/courses`, student],
    ['GET /courses/{id}, student', coursePage, student],
    // Issue 30: the other calls a signed-in student makes on every screen.
    ['GET /home, student', `${a}/api/v1/home`, student],
    [
      'GET /courses/{id}, student, joined',
      `${a}/api/v1/courses/${api.info.joined!.courseId}`,
      student,
    ],
    [
      'GET /lectures/{id}/contents, student',
      `${a}/api/v1/lectures/${api.info.joined!.lectureId}/contents`,
      student,
    ],
    ['POST /auth/user (notifications count)', `${a}/api/v1/auth/user`, student, 'POST'],
    ['GET /wallet, student', `${a}/api/v1/wallet`, student],
    ['GET /exams/results, student', `${a}/api/v1/exams/results`, student],
  ];
}

const column = (text: string | number, width: number) => String(text).padStart(width);

function printTable(rows: Row[], base: Row, stack: Row | undefined): void {
  console.log(
    [
      'target'.padEnd(38),
      column('req/s', 8),
      column('p50 ms', 7),
      column('p99 ms', 7),
      column('ratio', 6),
      column('stack', 6),
      column('cpu µs', 7),
      column('cpu ratio', 9),
      column('errors', 6),
      column('load', 5),
    ].join(' '),
  );
  for (const r of rows) {
    console.log(
      [
        r.target.padEnd(38),
        column(r.rps, 8),
        column(r.p50, 7),
        column(r.p99, 7),
        column((r.rps / base.rps).toFixed(2), 6),
        column(stack ? (r.rps / stack.rps).toFixed(2) : '', 6),
        column(r.cpuUs, 7),
        column((base.cpuUs / r.cpuUs).toFixed(2), 9),
        column(r.errors + r.non2xx, 6),
        column(r.load, 5),
      ].join(' '),
    );
  }
}

/**
 * The exam rows of one database beside the bare routes: GET (`ratio`), POST (`post`) and the
 * same SQL on better-sqlite3 (`work`, SQLite only).
 */
function printExamTable(rows: Row[], base: Row, post: Row, same: Row | undefined): void {
  console.log(
    [
      'target'.padEnd(38),
      column('req/s', 8),
      column('p50 ms', 7),
      column('p99 ms', 7),
      column('ratio', 6),
      column('post', 6),
      column('work', 6),
      column('cpu µs', 7),
      column('errors', 6),
      column('load', 5),
    ].join(' '),
  );
  for (const r of [base, post, ...(same ? [same] : []), ...rows]) {
    console.log(
      [
        r.target.padEnd(38),
        column(r.rps, 8),
        column(r.p50, 7),
        column(r.p99, 7),
        column((r.rps / base.rps).toFixed(2), 6),
        column((r.rps / post.rps).toFixed(2), 6),
        column(same ? (r.rps / same.rps).toFixed(2) : '', 6),
        column(r.cpuUs, 7),
        column(r.errors + r.non2xx, 6),
        column(r.load, 5),
      ].join(' '),
    );
  }
}

type MassRow = MassStartFigures & {
  dialect: string;
  /** 'fixed': everyone the same questions; 'drawn': each session draws its own (ADR 046). */
  exam: 'fixed' | 'drawn';
  cpuSeconds: number;
  load: number;
};

/** Every bulk student starts one exam and loads its session; with the server's CPU and load. */
async function measureMassStart(api: Server, exam: MassRow['exam']): Promise<MassRow> {
  const cpuBefore = await cpuOf(api.child);
  const figures = await massStart(
    api.info.address,
    exam === 'fixed' ? api.info.exams!.massStart : api.info.exams!.massStartDrawn,
    api.info.students!,
    massConnections,
  );
  return {
    ...figures,
    dialect: api.info.dialect!,
    exam,
    cpuSeconds: Number((((await cpuOf(api.child)) - cpuBefore) / 1e6).toFixed(1)),
    load: Number(os.loadavg()[0]!.toFixed(1)),
  };
}

function printMassStart(m: MassRow): void {
  const call = (name: string, c: MassStartFigures['start']) =>
    `  ${name.padEnd(22)} ${column(c.count, 6)} calls  p50 ${column(c.p50, 6)} ms  p99 ${column(c.p99, 6)} ms  max ${column(c.max, 6)} ms  errors ${c.errors}`;
  console.log(
    `${m.dialect}, ${m.exam} exam: ${m.students} students over ${m.connections} connections in ${m.wallSeconds} s ` +
      `(server CPU ${m.cpuSeconds} s, load ${m.load})`,
  );
  console.log(call('POST /exams/session', m.start));
  console.log(call('GET /exams/session', m.session));
  for (const f of m.failures) console.log(`  failed: ${f}`);
}

if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
// Without the exam scenarios, no students are seeded.
const serverEnv = examsWanted ? process.env : { ...process.env, BENCH_STUDENTS: '0' };
const apis: Server[] = [await start('api-server.ts', [], serverEnv)];
if (alsoPg) apis.push(await start('api-server.ts', [], { ...serverEnv, DATABASE_URL: alsoPg }));
const baseline = await start('baseline-server.ts');
try {
  const targets = await Promise.all(apis.map(targetsOf));
  const base = await measure(
    baseline,
    'bare Fastify baseline',
    `${baseline.info.address}/baseline`,
  );
  const rows: Row[] = [];
  // Call by call, each database right after the other.
  for (const [i, [name]] of targets[0]!.entries()) {
    if (i > 0 && !wanted(name)) continue;
    for (const [k, api] of apis.entries()) {
      const [, url, headers, method] = targets[k]![i]!;
      rows.push(await measure(api, name, url, { headers, ...(method ? { method } : {}) }));
    }
  }

  // The exam scenarios: answers saved to running sessions, then the mass start.
  const examRows: Row[] = [];
  const massRows: MassRow[] = [];
  let post: Row | undefined;
  let same: Row | undefined;
  if (examsWanted) {
    post = await measure(
      baseline,
      'bare Fastify POST (JSON body)',
      `${baseline.info.address}/baseline`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          session_token: 'x'.repeat(43),
          answers: [{ question_id: 1, chosen_answer: 2, seq: 3 }],
        }),
      },
    );
    if (wanted(ANSWERS)) {
      for (const api of apis) {
        if (alsoPg && api.info.pgSchema) await vacuumExamTables(alsoPg, api.info.pgSchema);
        const students = api.info.students!.slice(0, answerSessions);
        const exam = api.info.exams!.answers;
        const sessions = await startSessions(api.info.address, exam.id, students);
        const requests = answerRequests(students, sessions, exam);
        examRows.push(await measure(api, ANSWERS, api.info.address, { requests }));
        // The same answers on the same file through the bare route (their seq goes on rising).
        if (api.info.sqliteFile && !same) {
          await ask(baseline.child, { sqliteFile: api.info.sqliteFile }, 'opened');
          same = await measure(baseline, SAME_WORK, baseline.info.address, {
            requests: requests.map((r) => ({ ...r, path: '/baseline/answers' })),
          });
        }
      }
    }
    if (wanted(MASS_START)) {
      for (const api of apis) {
        if (alsoPg && api.info.pgSchema) await vacuumExamTables(alsoPg, api.info.pgSchema);
        massRows.push(await measureMassStart(api, 'fixed'));
        if (alsoPg && api.info.pgSchema) await vacuumExamTables(alsoPg, api.info.pgSchema);
        massRows.push(await measureMassStart(api, 'drawn'));
      }
    }
  }

  // Progress reports (issue 28, ADR 054): what the reports cost the student's own calls.
  const progressNotes: string[] = [];
  if (wanted(PROGRESS)) {
    for (const api of apis) {
      const setup = await progressSetup(api);
      rows.push(await measure(api, PROGRESS, api.info.address, { requests: setup.requests }));
      rows.push(await measure(api, VIDEO_CALL, setup.videoUrl, { headers: setup.headers }));
      const flowing = await withReportsFlowing(api, setup, warmup + duration, () =>
        measure(api, VIDEO_CALL_FLOWING, setup.videoUrl, { headers: setup.headers }),
      );
      rows.push(flowing.result);
      const seconds = warmup + duration;
      progressNotes.push(
        `${api.info.dialect}: beside the video call, ${Math.round(flowing.accepted / seconds)} ` +
          `reports/s accepted (asked for ${PROGRESS_BACKGROUND_RATE}/s on 10 connections), ` +
          `${flowing.refused} refused or failed`,
      );
    }
  }

  // A school's roster imported (issue 28): last, as it adds thousands of students.
  const imports: ImportFigures[] = [];
  if (wanted(IMPORT)) for (const api of apis) imports.push(await measureImport(api));

  console.log(
    `\n${apis[0]!.info.courses} courses; ${connections} connections, ${duration} s each (after ${warmup} s of warm-up)`,
  );
  for (const api of apis) {
    const dialect = api.info.dialect!;
    const mine = rows.filter((r) => r.dialect === dialect);
    console.log(`\n${dialect}`);
    printTable([base, ...mine], base, mine[0]);
  }
  if (apis.length > 1) {
    console.log('\nPostgreSQL against SQLite, call by call (req/s and server CPU per answer)');
    for (const r of rows.filter((x) => x.dialect === 'sqlite')) {
      const pg = rows.find((x) => x.dialect === 'postgres' && x.target === r.target)!;
      console.log(
        [
          r.target.padEnd(38),
          column((pg.rps / r.rps).toFixed(2), 6),
          column((pg.cpuUs / r.cpuUs).toFixed(2), 6),
        ].join(' '),
      );
    }
  }
  if (post && examRows.length > 0) {
    console.log(
      `\nexam answers: ${answerSessions} running sessions of ${apis[0]!.info.exams!.answers.questions.length} questions, ` +
        'one answer a request, each request another session',
    );
    for (const api of apis) {
      console.log(`\n${api.info.dialect}`);
      printExamTable(
        examRows.filter((r) => r.dialect === api.info.dialect),
        base,
        post,
        api.info.sqliteFile ? same : undefined,
      );
    }
  }
  if (massRows.length > 0) {
    console.log('\nexam mass start: every student starts one exam, then loads its session');
    for (const m of massRows) printMassStart(m);
    // A drawn exam's start against the fixed one's, in the same run (issue 26: within 20 %).
    for (const drawn of massRows.filter((m) => m.exam === 'drawn')) {
      const fixed = massRows.find((m) => m.exam === 'fixed' && m.dialect === drawn.dialect);
      if (fixed) {
        console.log(
          `${drawn.dialect}: drawn / fixed wall time ${(drawn.wallSeconds / fixed.wallSeconds).toFixed(2)}, ` +
            `server CPU ${(drawn.cpuSeconds / fixed.cpuSeconds).toFixed(2)}`,
        );
      }
    }
  }
  for (const note of progressNotes) console.log(note);
  if (imports.length > 0) {
    console.log(
      '\nstudents: roster import (a grade, a course with cash, a balance and a parent each)',
    );
    for (const f of imports) printImport(f);
  }
  const file = writeResults('', {
    at: new Date().toISOString(),
    duration,
    connections,
    courses: apis[0]!.info.courses,
    rows: [base, ...rows],
    exams: { post, same, answerSessions, answers: examRows, massStart: massRows },
    imports,
  });
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
  console.log(
    'ratio: to the bare route; stack: to our plugin stack answering without a query; ' +
      'post: to the bare POST route; work: to the bare route doing the same SQL; ' +
      'load: 1-minute load average',
  );
} finally {
  for (const api of apis) api.child.disconnect();
  baseline.child.disconnect();
}
