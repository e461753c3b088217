// The bare Fastify routes to compare with: a fixed JSON body (the ceiling of any route), and the
// answers call's own work written straight on better-sqlite3 (what our layers add to it).
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { BARE_BODY as body } from './bare-body';

// The same for a POST that carries a JSON body, as an exam answer does (body parsed, a small
// reply like the answers call's).
const answered = {
  remaining_seconds: 3600,
  answer_attempts: Array.from({ length: 5 }, (_, i) => ({
    id: i + 1,
    question_id: i + 1,
    answer_id: 4 * i + 1,
    answer_text: null,
    answer_image: null,
    correct: null,
    question_mark: 1,
    correction_mark: null,
  })),
};

type AnswerBody = {
  session_token: string;
  answers: { question_id: number; chosen_answer: number; seq: number }[];
};

/**
 * POST /exams/session/answers's statements for one chosen answer, on the API's own SQLite file
 * (the API is idle while this runs): the student by token, the running session, the question
 * and option checked, the upsert that keeps a newer `seq`, one transaction, every saved answer
 * back. No plugin, schema, query builder or error shape: what is left is the work itself.
 */
function sameWork(file: string) {
  const db = new SQLite(file);
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  const student = db.prepare(
    `select users.id from auth_tokens inner join users on users.id = auth_tokens.user_id
     where auth_tokens.token_hash = ? and users.blocked_at is null`,
  );
  const session = db.prepare('select * from exam_sessions where token = ? and user_id = ?');
  const option = db.prepare(
    `select 1 from questions inner join answer_options on answer_options.question_id = questions.id
     where questions.exam_id = ? and questions.id = ? and answer_options.id = ?`,
  );
  const running = db.prepare('select id from exam_sessions where id = ? and finished_at is null');
  const upsert = db.prepare(
    `insert into answer_attempts (session_id, question_id, answer_option_id, answer_text, image_path, seq, updated_at)
     values (?, ?, ?, null, null, ?, ?)
     on conflict (session_id, question_id) do update set answer_option_id = excluded.answer_option_id,
       answer_text = excluded.answer_text, seq = excluded.seq,
       updated_at = case when answer_attempts.answer_option_id is distinct from excluded.answer_option_id
         then excluded.updated_at else answer_attempts.updated_at end
     where answer_attempts.seq <= excluded.seq`,
  );
  const attempts = db.prepare(
    `select a.id, a.question_id, a.answer_option_id, a.answer_text, a.seq, q.mark
     from answer_attempts a inner join questions q on q.id = a.question_id
     where a.session_id = ? order by a.question_id`,
  );
  const save = db.transaction(
    (sessionId: number, a: AnswerBody['answers'][number], now: string) => {
      if (!running.get(sessionId)) throw new Error('ended');
      upsert.run(sessionId, a.question_id, a.chosen_answer, a.seq, now);
    },
  );
  return (authorization: string | undefined, input: AnswerBody) => {
    const hash = createHash('sha256')
      .update(authorization?.slice('Bearer '.length) ?? '')
      .digest('hex');
    const user = student.get(hash) as { id: number } | undefined;
    if (!user) return undefined;
    const s = session.get(input.session_token, user.id) as
      { id: number; exam_id: number; deadline_at: string } | undefined;
    const answer = input.answers[0];
    if (!s || !answer || !option.get(s.exam_id, answer.question_id, answer.chosen_answer))
      return undefined;
    const now = new Date();
    save(s.id, answer, now.toISOString());
    const rows = attempts.all(s.id) as {
      id: number;
      question_id: number;
      answer_option_id: number | null;
      answer_text: string | null;
      seq: number;
      mark: number;
    }[];
    return {
      remaining_seconds: Math.ceil((Date.parse(s.deadline_at) - now.getTime()) / 1000),
      answer_attempts: rows.map((r) => ({
        id: r.id,
        question_id: r.question_id,
        answer_id: r.answer_option_id,
        answer_text: r.answer_text,
        answer_image: null,
        correct: null,
        question_mark: r.mark,
        correction_mark: null,
        seq: r.seq,
      })),
    };
  };
}

let answer: ReturnType<typeof sameWork> | undefined;
const app = Fastify({ logger: false });
app.get('/baseline', async () => body);
app.post('/baseline', async () => answered);
app.post<{ Body: AnswerBody }>('/baseline/answers', async (request, reply) => {
  const saved = answer?.(request.headers.authorization, request.body);
  if (!saved) return reply.code(404).send({ message: 'not found' });
  return saved;
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address });
// The bench asks for our CPU time around each measurement, and names the API's SQLite file.
process.on('message', (m) => {
  if (m === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  else if (typeof m === 'object' && m !== null && 'sqliteFile' in m) {
    answer = sameWork(String(m.sqliteFile));
    process.send?.({ opened: true });
  }
});
process.on('disconnect', async () => {
  await app.close();
  process.exit(0);
});
