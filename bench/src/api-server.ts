// The real API on a seeded database with a bulk catalogue, as its own process: a temporary SQLite
// file, or with DATABASE_URL a fresh PostgreSQL schema dropped at the end.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import {
  API_BASE,
  getCoursesQuerySchema,
  getCoursesResponseSchema,
  type GetCoursesResponse,
} from '@dars/contract';
import { buildApp } from '@dars/server/app';
import { loadConfig } from '@dars/server/config';
import { openDatabase } from '@dars/server/db';
import { guestCatalogCache } from '@dars/server/http-cache';
import { migrateToLatest } from '@dars/server/migrate';
import { seedDemoIfEmpty } from '@dars/server/seed';
import {
  seedBulkCourses,
  seedBulkDrawnExam,
  seedBulkExam,
  seedBulkStudents,
} from '@dars/server/seed-bulk';
import { BARE_BODY } from './bare-body';

/** Where the bench's second baseline lives: our plugin stack, no query (see below). */
const STACK_BASELINE_PATH = `${API_BASE}/bench/stack`;
const STACK_BARE_PATH = `${API_BASE}/bench/stack-bare`;

const courses = Number(process.env.BENCH_COURSES ?? 10_000);
/** Students signed in by bulk-seeded tokens, for the exam benchmarks (0: none). */
const students = Number(process.env.BENCH_STUDENTS ?? 10_000);
const examQuestions = Number(process.env.BENCH_EXAM_QUESTIONS ?? 20);
/**
 * BENCH_ATTACH=<schema>: another instance of an API already seeded on PostgreSQL (bench:instances):
 * it migrates and seeds nothing, and leaves the schema to the instance that made it.
 */
const attachTo = process.env.BENCH_ATTACH;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-bench-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PORT: '0',
  HOST: '127.0.0.1',
});

/** Runs one statement on its own connection (creating and dropping the bench's schema). */
async function pgAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

// Each run seeds its own catalogue: on PostgreSQL into a schema of its own, so runs never pile up
// courses in a shared database nor see another run's.
const pgSchema =
  attachTo ?? (config.databaseUrl ? `bench_${randomBytes(5).toString('hex')}` : undefined);
if (pgSchema && !attachTo) await pgAdmin(`create schema ${pgSchema}`);
const sqliteFile = path.join(dataDir, 'dars.sqlite');
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile,
  pgSchema,
  // BENCH_PG_POOL: PostgreSQL connections in the pool (the server's default is 10).
  ...(process.env.BENCH_PG_POOL ? { poolSize: Number(process.env.BENCH_PG_POOL) } : {}),
});
const seeded = attachTo ? undefined : await seed();

/** The catalogue, the bulk students and their exams, on a database of the bench's own. */
async function seed() {
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db, dataDir);
  await seedBulkCourses(database.db, courses);
  // Two timed general exams: one whose sessions save answers, one that every student starts.
  const tokens = students > 0 ? await seedBulkStudents(database.db, students) : [];
  const exams =
    students > 0
      ? {
          answers: await seedBulkExam(database.db, {
            code: 'BENCH-ANSWERS',
            questions: examQuestions,
            minutes: 180,
          }),
          massStart: await seedBulkExam(database.db, {
            code: 'BENCH-START',
            questions: examQuestions,
            minutes: 180,
          }),
          // The same start of an exam each student draws from a bank of four times as many (ADR 046).
          massStartDrawn: await seedBulkDrawnExam(database.db, {
            code: 'BENCH-DRAWN',
            questions: examQuestions,
            pool: examQuestions * 4,
            minutes: 180,
          }),
          // bench:instances starts everyone several times, through one instance and through two.
          more: await moreStartExams(Number(process.env.BENCH_MORE_STARTS ?? 0)),
        }
      : undefined;
  // Fresh tables have no planner statistics nor visibility map until autovacuum comes round; a
  // catalogue in service has both, so measure it that way.
  if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
  return { tokens, exams };
}

/** `count` more exams for mass starts, seeded one after the other. */
async function moreStartExams(count: number) {
  const exams = [];
  for (let k = 0; k < count; k++) {
    exams.push(
      await seedBulkExam(database.db, {
        code: `BENCH-START-${k + 2}`,
        questions: examQuestions,
        minutes: 180,
      }),
    );
  }
  return exams;
}

const app = await buildApp({ db: database.db, dialect: database.dialect, config });

// The second baseline: a route with GET /courses's options (query and reply schemas, the guest
// ETag) that asks the database nothing and answers a page read once at start. Every hook,
// parse and write the catalogue pays is in it; the queries and the shaping of their rows are not.
const stack: { body?: GetCoursesResponse } = {};
await app.register(
  async (api) => {
    api.get(
      STACK_BASELINE_PATH.slice(API_BASE.length),
      {
        onSend: guestCatalogCache,
        schema: { querystring: getCoursesQuerySchema, response: { 200: getCoursesResponseSchema } },
      },
      async (request) => {
        await request.currentUser();
        return stack.body;
      },
    );
  },
  { prefix: API_BASE },
);
// The third: our plugin stack (every hook, the session when a token is sent) answering the bare
// route's own small body with no schema, so that it differs from the bare route by our hooks
// alone, where the second also serializes and tags a whole page of the catalogue.
await app.register(
  async (api) => {
    api.get(STACK_BARE_PATH.slice(API_BASE.length), async (request) => {
      await request.currentUser();
      return BARE_BODY;
    });
  },
  { prefix: API_BASE },
);
const firstPage = await app.inject({ method: 'GET', url: `${API_BASE}/courses` });
stack.body = getCoursesResponseSchema.parse(firstPage.json());

// A signed-in student's answers (their own `joined` flags) are built afresh every time: the
// bench measures them too, with the demo student's token.
const login = await app.inject({
  method: 'POST',
  url: `${API_BASE}/login`,
  payload: { login: 'student@dars.test', password: 'dars12345' },
});
const { token } = login.json() as { token: string };
// A course the demo student joined and a lecture of it they may open (the signed-in rows).
const joined = await database.db
  .selectFrom('enrollments')
  .innerJoin('users', 'users.id', 'enrollments.user_id')
  .innerJoin('courses', 'courses.id', 'enrollments.course_id')
  .innerJoin('lectures', 'lectures.course_id', 'courses.id')
  .select(['courses.id as courseId', 'lectures.id as lectureId'])
  .where('users.email', '=', 'student@dars.test')
  .where('courses.pay_type', '=', 'course')
  .orderBy('lectures.position')
  .executeTakeFirstOrThrow();

const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({
  address,
  dialect: database.dialect,
  ...(database.dialect === 'sqlite' ? { sqliteFile } : {}),
  courses,
  stack: STACK_BASELINE_PATH,
  stackBare: STACK_BARE_PATH,
  token,
  joined,
  students: seeded?.tokens ?? [],
  exams: seeded?.exams,
  pgSchema,
});
// The bench asks for our CPU time around each measurement, and with BENCH_PROFILE for a CPU
// profile of that measurement alone (not of the seeding before it).
const inspector = new Session();
process.on('message', (m) => {
  if (m === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  if (typeof m !== 'object' || m === null) return;
  if ('profileStart' in m) {
    inspector.connect();
    inspector.post('Profiler.enable', () =>
      inspector.post('Profiler.start', () => process.send?.({ profiling: true })),
    );
  }
  if ('profileStop' in m) {
    inspector.post('Profiler.stop', (err, { profile }) => {
      if (!err) fs.writeFileSync(String(m.profileStop), JSON.stringify(profile));
      inspector.disconnect();
      process.send?.({ profiled: err ? String(err) : String(m.profileStop) });
    });
  }
});
process.on('disconnect', async () => {
  await app.close();
  await database.destroy();
  if (pgSchema && !attachTo)
    await pgAdmin(
      `drop schema ${pgSchema} cascade; drop schema if exists ${pgSchema}_pgboss cascade`,
    );
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
