import type { FastifyInstance } from 'fastify';
import type { ExamAnswerInput } from '@dars/contract';
import { WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';

/** The exam calls as a student's client makes them, answering the raw reply. */
export function examClient(app: FastifyInstance, token: string) {
  const headers = { ...WEB_HEADERS, authorization: `Bearer ${token}` };
  const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });
  return {
    details: (code: string) => get(`/exams/details?exam_code=${encodeURIComponent(code)}`),
    start: (examId: number) => post('/exams/session', { exam_id: examId }),
    /** Starts (or resumes) and answers the session token. */
    async tokenFor(examId: number): Promise<string> {
      const res = await post('/exams/session', { exam_id: examId });
      if (res.statusCode !== 200) throw new Error(`start ${res.statusCode} ${res.body}`);
      return (res.json() as { data: { token: string } }).data.token;
    },
    session: (sessionToken: string) =>
      get(`/exams/session?session_token=${encodeURIComponent(sessionToken)}`),
    answer: (sessionToken: string, answers: ExamAnswerInput[]) =>
      post('/exams/session/answers', { session_token: sessionToken, answers }),
    submit: (sessionToken: string, answers: ExamAnswerInput[] = []) =>
      post('/exams/session/submit', { session_token: sessionToken, answers }),
    imageAnswer: (fields: Record<string, string>, file?: { bytes: Buffer; type: string }) => {
      const boundary = '----dars-exam-boundary';
      const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
      if (file) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="answer_image"; filename="a.png"\r\nContent-Type: ${file.type}\r\n\r\n`,
          ),
          file.bytes,
          Buffer.from('\r\n'),
        );
      }
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      return app.inject({
        method: 'POST',
        url: '/api/v1/exams/session/answers/image',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat(parts),
      });
    },
    results: () => get('/exams/results'),
    homeworkResults: () => get('/exams/homeworks/results'),
  };
}

/**
 * A new student with their exam client.
 * @example const { api, userId } = await examStudent(server)
 */
export async function examStudent(server: TestServer) {
  const s = await makeStudent(server.db);
  return { ...s, api: examClient(server.app, s.token) };
}

// A 1×1 PNG.
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
/** The PNG as the image answer's file part. */
export const PNG_UPLOAD = { bytes: PNG, type: 'image/png' };

/**
 * Every value under a key named like marking or the answer key anywhere in a payload: what no
 * answer may carry before submission.
 */
export function markingValues(payload: unknown): unknown[] {
  const found: unknown[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (
          [
            'correct',
            'correction_mark',
            'answer_explain_text',
            'answer_explain_image',
            'result',
          ].includes(key) &&
          v !== null
        ) {
          found.push({ [key]: v });
        }
        walk(v);
      }
    }
  };
  walk(payload);
  return found;
}

/** A session's whole row, by the token its start answered. */
export function sessionRowOf(server: TestServer, token: string) {
  return server.db
    .selectFrom('exam_sessions')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
}

/** The id of a session's answer to one question, by the token its start answered. */
export async function attemptIdOf(
  server: TestServer,
  token: string,
  questionId: number,
): Promise<number> {
  const attempt = await server.db
    .selectFrom('answer_attempts as a')
    .innerJoin('exam_sessions as s', 's.id', 'a.session_id')
    .select('a.id')
    .where('s.token', '=', token)
    .where('a.question_id', '=', questionId)
    .executeTakeFirstOrThrow();
  return attempt.id;
}
