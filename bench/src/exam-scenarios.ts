// The exam benchmarks of `npm run bench` (issue 9, ADR 016): many running sessions saving answers
// under autocannon, and a mass start of every bulk student into one exam.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type autocannon from 'autocannon';

/** A bulk exam as the API server seeded it (`seedBulkExam`): questions with their options. */
export type BenchExam = {
  id: number;
  code: string;
  questions: { id: number; options: number[] }[];
};

/** The headers every client call carries (spec §7), as JSON. */
const CLIENT_HEADERS = {
  'app-platform': 'web',
  'app-version': '1.0.2',
  'content-type': 'application/json',
};

/**
 * An agent that keeps every one of its connections open between calls (by default an idle
 * agent closes all but 256 of them, and the rest would be opened again under load).
 */
function keepAliveAgent(connections: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
}

type Reply = { status: number; body: string; ms: number };

/** One HTTP call on a keep-alive agent, timed from the write to the last byte of the answer. */
function call(
  agent: http.Agent,
  base: string,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: object,
): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...CLIENT_HEADERS,
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - began,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Starts (or resumes: the call is idempotent) one session per student; answers their tokens. */
export async function startSessions(
  base: string,
  examId: number,
  students: readonly string[],
  parallel = 20,
): Promise<string[]> {
  const agent = keepAliveAgent(parallel);
  const sessions: string[] = new Array<string>(students.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < students.length; i = next++) {
      const r = await call(agent, base, 'POST', '/api/v1/exams/session', students[i]!, {
        exam_id: examId,
      });
      if (r.status !== 200) throw new Error(`start ${r.status}: ${r.body}`);
      sessions[i] = (JSON.parse(r.body) as { data: { token: string } }).data.token;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  agent.destroy();
  return sessions;
}

/**
 * autocannon's requests for answer saving: each request is the next student's session (round
 * robin over all of them), the question after the one that student answered last, an option
 * that changes from one visit of a question to the next, and a `seq` that only rises. The
 * counter goes on across calls, so a measurement after a warm-up sends no stale `seq`.
 */
export function answerRequests(
  students: readonly string[],
  sessions: readonly string[],
  exam: BenchExam,
): autocannon.Request[] {
  const n = students.length;
  const questions = exam.questions;
  let sent = 0;
  return [
    {
      method: 'POST',
      path: '/api/v1/exams/session/answers',
      setupRequest: (req) => {
        const i = sent++;
        const student = i % n;
        const round = Math.floor(i / n);
        const question = questions[round % questions.length]!;
        const visit = Math.floor(round / questions.length);
        const option = question.options[(visit + student) % question.options.length]!;
        return {
          ...req,
          headers: {
            ...req.headers,
            ...CLIENT_HEADERS,
            authorization: `Bearer ${students[student]}`,
          },
          body: JSON.stringify({
            session_token: sessions[student],
            answers: [{ question_id: question.id, chosen_answer: option, seq: i + 1 }],
          }),
        };
      },
    },
  ];
}

/** Latency figures of one call of the mass start, in ms. */
export type CallFigures = { count: number; p50: number; p99: number; max: number; errors: number };
export type MassStartFigures = {
  students: number;
  connections: number;
  /** From the first start sent to the last session loaded. */
  wallSeconds: number;
  start: CallFigures;
  session: CallFigures;
  /** The first few failures, for the report. */
  failures: string[];
};

function figures(ms: number[], errors: number): CallFigures {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => Number((sorted[Math.ceil(q * sorted.length) - 1] ?? 0).toFixed(1));
  return { count: ms.length, p50: at(0.5), p99: at(0.99), max: at(1), errors };
}

/**
 * Every student starts the same exam and loads its session (`POST /exams/session` then
 * `GET /exams/session`), `connections` at a time, each on its own keep-alive connection: a
 * connection takes the next student as soon as its last one has the session on screen. The
 * connections are opened before the clock starts, each with the exam's details (what the entry
 * page asks before its start button): 200 connects at once to a busy server otherwise wait up
 * to seconds to be accepted, and those first calls would be most of the p99.
 */
export async function massStart(
  base: string,
  exam: Pick<BenchExam, 'id' | 'code'>,
  students: readonly string[],
  connections: number,
): Promise<MassStartFigures> {
  const agent = keepAliveAgent(connections);
  const details = `/api/v1/exams/details?exam_code=${encodeURIComponent(exam.code)}`;
  await Promise.all(
    students.slice(0, connections).map(async (token) => {
      const r = await call(agent, base, 'GET', details, token);
      if (r.status !== 200) throw new Error(`details ${r.status}: ${r.body}`);
    }),
  );
  const startMs: number[] = [];
  const sessionMs: number[] = [];
  const errors = { start: 0, session: 0 };
  const failures: string[] = [];
  const fail = (what: 'start' | 'session', why: string) => {
    errors[what] += 1;
    if (failures.length < 5) failures.push(`${what}: ${why.slice(0, 200)}`);
  };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < students.length; i = next++) {
      const token = students[i]!;
      let stage: 'start' | 'session' = 'start';
      try {
        const started = await call(agent, base, 'POST', '/api/v1/exams/session', token, {
          exam_id: exam.id,
        });
        startMs.push(started.ms);
        if (started.status !== 200) {
          fail('start', `${started.status} ${started.body}`);
          continue;
        }
        const { token: session } = (JSON.parse(started.body) as { data: { token: string } }).data;
        stage = 'session';
        const loaded = await call(
          agent,
          base,
          'GET',
          `/api/v1/exams/session?session_token=${encodeURIComponent(session)}`,
          token,
        );
        sessionMs.push(loaded.ms);
        const questions = loaded.status === 200 && JSON.parse(loaded.body).questions?.length;
        if (!questions) fail('session', `${loaded.status} ${loaded.body}`);
      } catch (error) {
        fail(stage, String(error));
      }
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const wallSeconds = Number(((performance.now() - began) / 1000).toFixed(1));
  agent.destroy();
  return {
    students: students.length,
    connections,
    wallSeconds,
    start: figures(startMs, errors.start),
    session: figures(sessionMs, errors.session),
    failures,
  };
}
