import {
  DEVICE_MESSAGES,
  sessionQuestionOrder,
  type ExamAnswerInput,
  type ExamDetails,
  type ExamResultSession,
  type GetExamSessionResponse,
  type SaveExamAnswersResponse,
  type SubmitExamSessionResponse,
} from '@dars/contract';
import { PostgresAdapter, sql } from 'kysely';
import type { AppContext } from '../../app-context';
import { precompile } from '../../db/precompiled';
import { AppError } from '../../lib/app-error';
import { hit, isExhausted, MINUTE } from '../../lib/rate-limit';
import { newToken } from '../../lib/tokens';
import { answerImageUrl } from './answer-image-link';
import { accommodationOf } from './exam-accommodations';
import {
  attemptState,
  attemptsAllowed,
  attemptsAllowedSql,
  countsSql,
  latestSession,
} from './exam-attempts';
import { noteOpening, type SeenFrom } from './exam-integrity';
import {
  answeredIds,
  planAnswers,
  planFromRows,
  upsertAnswer,
  upsertWhileRunning,
  writableAlone,
  type PlannedAnswer,
  type QuestionOptionRow,
} from './exam-answers';
import { finishSession } from './exam-marking';
import { noteExamResult } from '../messaging/parent-messages';
import { drawQuestions } from './question-draw';
import { drawSetup, drawnTotal } from './question-banks';
import {
  drawnIds,
  inSessionOrder,
  optionsOfSession,
  questionsOfSession,
  storedDraw,
} from './session-questions';
import { mayReach } from './exam-reach';
import {
  ANSWER_GRACE_MS,
  accommodated,
  deadlineOf,
  isOverdue,
  remainingSeconds,
  submitTime,
  windowState,
  type ExamRow,
  type SessionRow,
} from './exam-time';
import {
  attemptsView,
  disclosure,
  examDetails,
  questionsView,
  resultListItem,
  resultView,
} from './exam-view';

/** Wrong exam codes a student may try before waiting (ADR 016: Codes). */
export const WRONG_CODES = { limit: 30, windowMs: 15 * MINUTE };
/** The results lists show this many sessions, newest first. */
export const RESULTS_LIST_LIMIT = 200;

const examById = precompile((db, p: { id: number }) =>
  db.selectFrom('exams').selectAll().where('id', '=', p.id),
);

async function findExam(ctx: AppContext, by: { code: string } | { id: number }) {
  if ('id' in by) return examById.executeTakeFirst(ctx.db, by);
  const query = ctx.db.selectFrom('exams').selectAll();
  const exact = await query.where('exam_code', '=', by.code).executeTakeFirst();
  if (exact) return exact;
  // Typed on a phone, a code often comes in the wrong case: taken when it names one exam only.
  const loose = await query
    .where((eb) => eb(eb.fn('lower', ['exam_code']), '=', by.code.toLowerCase()))
    .limit(2)
    .execute();
  return loose.length === 1 ? loose[0] : undefined;
}

/** How many questions the student gets: the session's, or the fixed ones plus every rule's count. */
async function questionsCount(
  ctx: AppContext,
  examId: number,
  session: SessionRow | undefined,
): Promise<number> {
  const row = await ctx.db
    .selectFrom('questions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('exam_id', '=', examId)
    .executeTakeFirstOrThrow();
  // Stryker disable next-line ConditionalExpression: once an exam has a session its draw rules cannot change (409), so the rules' sum and the session's drawn count agree; this spares a query
  if (session) return Number(row.n) + drawnIds(session).length;
  const drawn = await ctx.db
    .selectFrom('exam_draw_rules')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('n'))
    .where('exam_id', '=', examId)
    .executeTakeFirstOrThrow();
  return Number(row.n) + Number(drawn.n);
}

/** A session past its deadline and grace is submitted by the server at the deadline (ADR 016). */
async function settle<S extends Pick<SessionRow, 'id' | 'deadline_at' | 'finished_at'>>(
  ctx: AppContext,
  session: S,
): Promise<S | SessionRow> {
  if (!isOverdue(session, ctx.clock.now())) return session;
  if (await finishSession(ctx.db, session.id, session.deadline_at!, 'time'))
    await noteExamResult(ctx, session.id);
  return ctx.db
    .selectFrom('exam_sessions')
    .selectAll()
    .where('id', '=', session.id)
    .executeTakeFirstOrThrow();
}

// The statements every answer call runs, built and compiled once (db/precompiled.ts).
const sessionByToken = precompile((db, p: { token: string; userId: number }) =>
  db
    .selectFrom('exam_sessions')
    .selectAll()
    .where('token', '=', p.token)
    .where('user_id', '=', p.userId),
);

const attemptsOfSession = precompile((db, p: { sessionId: number }) =>
  db
    .selectFrom('answer_attempts as a')
    .innerJoin('questions as q', 'q.id', 'a.question_id')
    .select([
      'a.id',
      'a.question_id',
      'a.answer_option_id',
      'a.answer_text',
      'a.image_path',
      'a.correct',
      'a.correction_mark',
      'a.seq',
      'q.mark',
    ])
    .where('a.session_id', '=', p.sessionId)
    .orderBy('a.question_id'),
);

/**
 * Holds a running session for the rest of the transaction; none when it has ended. PostgreSQL
 * locks the row as the finishing update would, so an answer and the finish never interleave;
 * SQLite has one writer at a time already, and reading writes no page.
 */
const holdRunning = precompile((db, p: { sessionId: number }) => {
  const running = db
    .selectFrom('exam_sessions')
    .select('id')
    .where('id', '=', p.sessionId)
    .where('finished_at', 'is', null);
  return db.getExecutor().adapter instanceof PostgresAdapter ? running.forNoKeyUpdate() : running;
});

/**
 * The caller's own session by its token, settled; anyone else's is SESSION_NOT_FOUND. A running
 * session answers only the sign-in (`tokenId`, the bearer token's id) that last opened it from
 * the exam's page (ADR 051): another device of the student, or any after that sign-in ended, is
 * refused until it opens the exam again (startSession moves the session to it). A finished one
 * (its result) answers any sign-in of the student.
 */
async function ownSessionRow(
  ctx: AppContext,
  userId: number,
  token: string,
  tokenId: number,
): Promise<SessionRow> {
  const session = await settledSession(ctx, userId, token);
  assertSignIn(session, tokenId);
  return session;
}

/** The caller's own session by its token, settled, whichever sign-in asks. */
async function settledSession(ctx: AppContext, userId: number, token: string) {
  const session = await sessionByToken.executeTakeFirst(ctx.db, { token, userId });
  if (!session) throw new AppError('SESSION_NOT_FOUND');
  return settle(ctx, session);
}

/** A running session refuses every sign-in but its own (see ownSessionRow). */
function assertSignIn(
  session: Pick<SessionRow, 'finished_at' | 'auth_token_id'>,
  tokenId: number,
): void {
  if (
    session.finished_at === null &&
    session.auth_token_id !== null &&
    session.auth_token_id !== tokenId
  )
    throw new AppError('SESSION_NOT_FOUND', DEVICE_MESSAGES.examElsewhere);
}

/** The caller's own session by its token, with its exam. */
async function ownSession(ctx: AppContext, userId: number, token: string, tokenId: number) {
  const session = await ownSessionRow(ctx, userId, token, tokenId);
  const exam = await findExam(ctx, { id: session.exam_id });
  return { session, exam: exam! };
}

/**
 * GET /exams/details: the exam behind a code, for a student who may reach it (EXAM_NOT_FOUND
 * otherwise, like an unknown code). Without a session the window must be open.
 * @example await examDetailsByCode(ctx, user.id, 'PHY2026')
 */
export async function examDetailsByCode(
  ctx: AppContext,
  userId: number,
  code: string,
): Promise<ExamDetails> {
  // Codes can be guessed: a student who tried too many wrong ones waits (ADR 016: Codes).
  const guesses = `exam-code:user:${userId}`;
  if (await isExhausted(ctx.db, guesses, WRONG_CODES)) throw new AppError('TOO_MANY_REQUESTS');
  const notFound = async () => {
    await hit(ctx.db, guesses, WRONG_CODES);
    return new AppError('EXAM_NOT_FOUND');
  };
  const found = await findExam(ctx, { code });
  if (!found) throw await notFound();
  // The student's own time (ADR 042): their window and duration, not everyone's.
  const exam = accommodated(found, await accommodationOf(ctx.db, userId, found.id));
  let session = await latestSession(ctx.db, userId, exam.id);
  const now = ctx.clock.now();
  if (session) session = await settle(ctx, session);
  else {
    if (!(await mayReach(ctx, exam, userId))) throw await notFound();
    const state = windowState(exam, now);
    if (state === 'not-started') throw new AppError('EXAM_NOT_STARTED');
    if (state === 'ended') throw new AppError('EXAM_ENDED');
  }
  const allowed = await attemptsAllowed(ctx.db, exam, userId);
  // Another attempt needs the window open and the exam still within the student's reach.
  const open =
    windowState(exam, now) === 'open' &&
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut only: with no session the reach was checked above, and attemptState refuses a last attempt at the limit whatever `open` says; it spares the reach query
    (!session || session.attempt >= allowed || (await mayReach(ctx, exam, userId)));
  const attempts = attemptState(exam, session, allowed, open, now);
  return {
    ...examDetails(exam, await questionsCount(ctx, exam.id, session), session),
    attempts,
  };
}

type NewSession = {
  token: string;
  userId: number;
  examId: number;
  /** The student's attempt this session is (ADR 047). */
  attempt: number;
  startedAt: string;
  deadlineAt: string | null;
  /** The drawn questions (JSON ids) and what they add to the total (ADR 046). */
  questionIds: string | null;
  drawnMark: number;
  /** The sign-in that started it (ADR 051). */
  tokenId: number;
};

// One statement writes the session with its total mark and answers its token; when a racing
// start of the same student won, the conflict keeps that session and answers its token.
const insertSession = precompile((db, p: NewSession) =>
  db
    .insertInto('exam_sessions')
    .values({
      token: p.token,
      user_id: p.userId,
      exam_id: p.examId,
      attempt: p.attempt,
      started_at: p.startedAt,
      deadline_at: p.deadlineAt,
      question_ids: p.questionIds,
      auth_token_id: p.tokenId,
      total_mark: db
        .selectFrom('questions')
        .select((eb) =>
          eb(eb.fn.coalesce(eb.fn.sum<number>('mark'), eb.lit(0)), '+', p.drawnMark).as('total'),
        )
        .where('exam_id', '=', p.examId),
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'exam_id', 'attempt'])
        .doUpdateSet((eb) => ({ token: eb.ref('exam_sessions.token') })),
    )
    .returning('token'),
);

/** A running session moves to the sign-in that opened it again (ADR 051). */
const moveSession = precompile((db, p: { sessionId: number; tokenId: number }) =>
  db
    .updateTable('exam_sessions')
    .set({ auth_token_id: p.tokenId })
    .where('id', '=', p.sessionId)
    .where('finished_at', 'is', null),
);

/**
 * POST /exams/session: the student's running attempt, or a new one (ADR 047): the first, or
 * the next when the latest is finished, one is left and the wait is over; otherwise the latest
 * attempt's token (its result). Idempotent: two racing starts make one session per attempt.
 * A running session belongs to the sign-in (`tokenId`) that started or last resumed it here
 * (ADR 051): resuming from another device moves it there, and the first device is refused.
 * @example const token = await startSession(ctx, user.id, 4, tokenId)
 */
export async function startSession(
  ctx: AppContext,
  userId: number,
  examId: number,
  tokenId: number,
): Promise<string> {
  const latest = await latestSession(ctx.db, userId, examId);
  // A running attempt is resumed; one whose time ran out is submitted and its result answered:
  // a student coming back to it sees it ended, not a new attempt started behind their back.
  if (latest && latest.finished_at === null) {
    const settled = await settle(ctx, latest);
    // Stryker disable next-line all: only spares a write; moving a session already on this sign-in, or a finished one (assertSignIn ignores those), changes nothing a student sees
    if (settled.finished_at === null && settled.auth_token_id !== tokenId)
      await moveSession.execute(ctx.db, { sessionId: settled.id, tokenId });
    return settled.token;
  }
  const found = await findExam(ctx, { id: examId });
  if (!found || !(await mayReach(ctx, found, userId))) {
    if (latest) return latest.token;
    throw new AppError('EXAM_NOT_FOUND');
  }
  const exam = accommodated(found, await accommodationOf(ctx.db, userId, examId));
  const now = ctx.clock.now();
  const open = windowState(exam, now) === 'open';
  if (latest) {
    // A finished attempt: the next one starts only when the exam allows it now.
    const allowed = await attemptsAllowed(ctx.db, exam, userId);
    if (!attemptState(exam, latest, allowed, open, now).can_start) return latest.token;
  } else if (!open) throw new AppError('EXAM_NOT_ACTIVE');
  // A drawn exam's questions are drawn now, by the session's token, and kept on it (ADR 046).
  const token = newToken();
  const { rules, pool } = await drawSetup(ctx.db, examId);
  // Stryker disable next-line ConditionalExpression: drawing by no rules draws `[]`, which drawnIds reads as no draw, as null
  const drawn = rules.length === 0 ? null : drawQuestions(token, rules, pool);
  if (drawn && drawn.missing > 0) throw new AppError('EXAM_NOT_ACTIVE');
  // One statement writes the session with its total mark and answers its token; when a racing
  // start of the same student won, the conflict keeps that session and answers its token.
  const started = await insertSession.executeTakeFirst(ctx.db, {
    token,
    userId,
    examId,
    attempt: (latest?.attempt ?? 0) + 1,
    startedAt: now.toISOString(),
    deadlineAt: deadlineOf(exam, now),
    questionIds: storedDraw(drawn ? drawn.ids : null),
    drawnMark: drawnTotal(rules),
    tokenId,
  });
  return started!.token;
}

const questionsOfExam = precompile((db, p: { examId: number }) =>
  db
    .selectFrom('questions')
    .select([
      'id',
      'type',
      'text',
      'image_path',
      'mark',
      'answer_explain_text',
      'answer_explain_image',
    ])
    .where('exam_id', '=', p.examId)
    .orderBy('position')
    .orderBy('id'),
);

const optionsOfExam = precompile((db, p: { examId: number }) =>
  db
    .selectFrom('answer_options')
    .innerJoin('questions', 'questions.id', 'answer_options.question_id')
    .select([
      'answer_options.id',
      'answer_options.question_id',
      'answer_options.text',
      'answer_options.image_path',
      'answer_options.correct',
    ])
    .where('questions.exam_id', '=', p.examId)
    .orderBy('answer_options.position')
    .orderBy('answer_options.id'),
);

/** Questions, the student's answers and the result as the session's state allows. */
async function sessionPayload(ctx: AppContext, exam: ExamRow, session: SessionRow) {
  const drawn = drawnIds(session);
  const [questions, options, attempts] = await Promise.all([
    // Stryker disable next-line ConditionalExpression,EqualityOperator: an exam without draws: its own questions, by a precompiled statement or by the session's read, are the same rows
    drawn.length === 0
      ? questionsOfExam.execute(ctx.db, { examId: exam.id })
      : questionsOfSession(ctx.db, exam.id, drawn).then((rows) => inSessionOrder(rows, drawn)),
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the same for the options
    drawn.length === 0
      ? optionsOfExam.execute(ctx.db, { examId: exam.id })
      : optionsOfSession(ctx.db, exam.id, drawn),
    attemptRows(ctx, session.id),
  ]);
  const { detailed } = disclosure(exam, session);
  // An exam that shuffles its questions shows each session its own order (issue 26).
  const ordered =
    exam.shuffled_questions === 1 ? sessionQuestionOrder(session.token, questions) : questions;
  return {
    questions: questionsView(ordered, options, {
      detailed,
      shuffleKey: exam.shuffled_answers === 1 ? session.token : null,
    }),
    answer_attempts: attemptsView(attempts, new Map(questions.map((q) => [q.id, q.mark])), {
      detailed,
      imageUrl: (id) => answerImageUrl(ctx, session.user_id, id),
    }),
    result: resultView(exam, session),
  };
}

function attemptRows(ctx: AppContext, sessionId: number) {
  return attemptsOfSession.execute(ctx.db, { sessionId });
}

/** GET /exams/session. */
export async function sessionView(
  ctx: AppContext,
  userId: number,
  token: string,
  /** Where the page is opened from (the sign-in and address), for the integrity record (ADR 044). */
  seen: SeenFrom,
): Promise<GetExamSessionResponse> {
  const session = await settledSession(ctx, userId, token);
  // Another sign-in's opening is on the record even when it is refused (ADR 044, 051).
  if (session.finished_at === null) await noteOpening(ctx, session.id, seen);
  assertSignIn(session, seen.device);
  const exam = (await findExam(ctx, { id: session.exam_id }))!;
  const [payload, accommodation] = await Promise.all([
    sessionPayload(ctx, exam, session),
    accommodationOf(ctx.db, userId, exam.id),
  ]);
  return {
    session: {
      token: session.token,
      active: session.finished_at === null,
      remaining_seconds: remainingSeconds(session, ctx.clock.now()),
    },
    exam: examDetails(accommodated(exam, accommodation), payload.questions.length, session),
    ...payload,
  };
}

/**
 * Writes answers to a running session in one transaction that first claims the session row:
 * a submit racing it either sees these answers or they are refused (ADR 016: Answers). One
 * answer without an image (nearly every call) is one statement instead, which writes only
 * while the session runs and claims its row as the transaction would (upsertWhileRunning).
 */
export async function writeAnswers(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  session: Pick<SessionRow, 'id'>,
  answers: readonly (PlannedAnswer & { image?: string | null })[],
): Promise<void> {
  const now = ctx.clock.now().toISOString();
  // One answer is one statement that writes only while the session runs (the common call):
  // the same claim on the session as the transaction's, without its three round trips.
  const [only] = answers;
  if (answers.length === 1 && writableAlone(only!)) {
    if (await upsertWhileRunning(ctx.db, session.id, only!, now)) return;
    // Nothing written: the session ended, or the answer changed nothing (an older seq). Alone,
    // the claim is a check that waits out a finish in progress on PostgreSQL.
    if (!(await holdRunning.executeTakeFirst(ctx.db, { sessionId: session.id })))
      throw new AppError('SESSION_ENDED');
    return;
  }
  await ctx.db.transaction().execute(async (trx) => {
    const live = await holdRunning.executeTakeFirst(trx, { sessionId: session.id });
    if (!live) throw new AppError('SESSION_ENDED');
    for (const answer of answers) await upsertAnswer(trx, session.id, answer, now);
  });
}

/** The running session of a token, for a change to its answers. */
async function runningSessionRow(ctx: AppContext, userId: number, token: string, tokenId: number) {
  const session = await ownSessionRow(ctx, userId, token, tokenId);
  if (session.finished_at !== null) throw new AppError('SESSION_ENDED');
  return session;
}

/** The running session of a token with its exam, for a change to its answers. */
export async function runningSession(
  ctx: AppContext,
  userId: number,
  token: string,
  tokenId: number,
) {
  const session = await runningSessionRow(ctx, userId, token, tokenId);
  const exam = await findExam(ctx, { id: session.exam_id });
  return { session, exam: exam! };
}

/** A saved answer as savedAnswersOf lists it (the columns of the reply, in this order). */
type SavedTuple = [
  id: number,
  questionId: number,
  optionId: number | null,
  text: string | null,
  image: string | null,
  seq: number,
  mark: number,
];

/**
 * The session's saved answers with their questions' marks, by question, as one JSON array of
 * tuples in one row: a reply lists up to every question of the exam, and one value read and
 * parsed costs a fraction of as many rows made into objects (the answer call's largest read).
 * Nothing of marking is read: a running session's reply shows none.
 */
const savedAnswersOf = precompile((db, p: { sessionId: number }) => {
  const list =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<
          SavedTuple[] | string | null
        >`json_agg(json_build_array(a.id, a.question_id, a.answer_option_id,
          a.answer_text, a.image_path, a.seq, q.mark) order by a.question_id)`
      : sql<
          SavedTuple[] | string | null
        >`json_group_array(json_array(a.id, a.question_id, a.answer_option_id,
          a.answer_text, a.image_path, a.seq, q.mark) order by a.question_id)`;
  return db
    .selectFrom('answer_attempts as a')
    .innerJoin('questions as q', 'q.id', 'a.question_id')
    .select(list.as('list'))
    .where('a.session_id', '=', p.sessionId);
});

/** What an answer call returns: the clock and every saved answer (nothing of marking). */
export async function answersReply(
  ctx: AppContext,
  session: Pick<SessionRow, 'id' | 'user_id' | 'deadline_at' | 'finished_at'>,
): Promise<SaveExamAnswersResponse> {
  const row = await savedAnswersOf.executeTakeFirst(ctx.db, { sessionId: session.id });
  // SQLite answers the JSON's text, PostgreSQL the parsed value (null for no answers).
  const saved: SavedTuple[] =
    // Stryker disable next-line ConditionalExpression,OptionalChaining,LogicalOperator,ArrayDeclaration: SQLite answers text (the PostgreSQL run of the suite takes the other branch); an aggregate answers one row
    typeof row?.list === 'string' ? (JSON.parse(row.list) as SavedTuple[]) : (row?.list ?? []);
  const attempts = saved.map(([id, questionId, optionId, text, image, seq]) => ({
    id,
    question_id: questionId,
    answer_option_id: optionId,
    answer_text: text,
    image_path: image,
    correct: null,
    correction_mark: null,
    seq,
  }));
  return {
    remaining_seconds: remainingSeconds(session, ctx.clock.now()),
    // Only a running session takes answers, so nothing of marking is ever shown here.
    answer_attempts: attemptsView(attempts, new Map(saved.map((a) => [a[1], a[6]])), {
      // Stryker disable next-line BooleanLiteral: a running session's answers carry no marks to show
      detailed: false,
      imageUrl: (id) => answerImageUrl(ctx, session.user_id, id),
    }),
  };
}

/** What an answer call reads of its session: what settling, the sign-in and the reply need. */
const ANSWER_SESSION_COLUMNS = [
  'id',
  'user_id',
  'exam_id',
  'deadline_at',
  'finished_at',
  'auth_token_id',
  'question_ids',
] as const;
type AnswerSession = Pick<SessionRow, (typeof ANSWER_SESSION_COLUMNS)[number]>;

/**
 * The caller's session by its token with the questions an answer call names, each with its
 * options' ids in one column (a row with no question when none matches): the session read
 * and planAnswers' check in one statement, one row per question named.
 */
const sessionWithQuestions = precompile((db, p: { token: string; userId: number; ids: number[] }) =>
  db
    .selectFrom('exam_sessions')
    .leftJoin('questions', (join) => join.on('questions.id', 'in', p.ids))
    .select((eb) => [
      ...ANSWER_SESSION_COLUMNS.map((c) => `exam_sessions.${c}` as const),
      'questions.id as q_id',
      'questions.exam_id as q_exam_id',
      'questions.type as q_type',
      eb
        .selectFrom('answer_options')
        .select(
          // Stryker disable StringLiteral: a scalar subquery's column alias is never read (and PostgreSQL's
          // branch is run by the suite on PostgreSQL)
          db.getExecutor().adapter instanceof PostgresAdapter
            ? sql<string>`string_agg(answer_options.id::text, ',')`.as('ids')
            : sql<string>`group_concat(answer_options.id)`.as('ids'),
          // Stryker restore StringLiteral
        )
        .whereRef('answer_options.question_id', '=', 'questions.id')
        .as('q_options'),
    ])
    .where('exam_sessions.token', '=', p.token)
    .where('exam_sessions.user_id', '=', p.userId),
);

/** The session's row and planAnswers' rows out of sessionWithQuestions' rows. */
function splitSessionRows(
  rows: readonly (AnswerSession & {
    q_id: number | null;
    q_exam_id: number | null;
    q_type: string | null;
    q_options: string | null;
  })[],
): { session: AnswerSession; questions: QuestionOptionRow[] } {
  // Stryker disable next-line ArrayDeclaration: an entry that is no question row matches no answer's question id
  const questions: QuestionOptionRow[] = [];
  for (const { q_id: id, q_exam_id: examId, q_type: type, q_options: options } of rows) {
    // Stryker disable next-line ConditionalExpression: a row without a question (the left join found none) matches no answer
    if (id === null) continue;
    const question = { id, exam_id: examId, type: type! };
    if (options === null) questions.push({ ...question, option_id: null });
    else for (const o of options.split(',')) questions.push({ ...question, option_id: Number(o) });
  }
  const r = rows[0]!;
  const session: AnswerSession = {
    id: r.id,
    user_id: r.user_id,
    exam_id: r.exam_id,
    deadline_at: r.deadline_at,
    finished_at: r.finished_at,
    auth_token_id: r.auth_token_id,
    question_ids: r.question_ids,
  };
  return { session, questions };
}

/**
 * POST /exams/session/answers: saves answers while the session runs (until deadline + grace).
 * @example await saveAnswers(ctx, user.id, token, tokenId, [{ question_id: 3, chosen_answer: 9, seq: 4 }])
 */
export async function saveAnswers(
  ctx: AppContext,
  userId: number,
  token: string,
  tokenId: number,
  answers: readonly ExamAnswerInput[],
): Promise<SaveExamAnswersResponse> {
  // The exam's own row is not needed: its questions are checked by id (one statement less).
  // The call carries at least one answer (the contract's schema refuses an empty list).
  const rows = await sessionWithQuestions.execute(ctx.db, {
    token,
    userId,
    ids: answeredIds(answers),
  });
  if (rows.length === 0) throw new AppError('SESSION_NOT_FOUND');
  const { session: found, questions } = splitSessionRows(rows);
  // As runningSessionRow: settled, this sign-in's, still running; then the answers checked.
  const session = await settle(ctx, found);
  assertSignIn(session, tokenId);
  if (session.finished_at !== null) throw new AppError('SESSION_ENDED');
  await writeAnswers(ctx, session, planFromRows(questions, session, answers));
  return answersReply(ctx, session);
}

/**
 * POST /exams/session/submit: saves the answers sent with it, then ends the session at now (or
 * the deadline if that came first). Submitting an ended session answers its result as it
 * stands, so a retried submit is safe; answers sent after the end change nothing.
 */
export async function submitSession(
  ctx: AppContext,
  userId: number,
  token: string,
  tokenId: number,
  answers: readonly ExamAnswerInput[],
): Promise<SubmitExamSessionResponse> {
  let { session, exam } = await ownSession(ctx, userId, token, tokenId);
  if (session.finished_at === null) {
    const planned = await planAnswers(ctx.db, session, answers);
    try {
      await writeAnswers(ctx, session, planned);
    } catch (error) {
      // A finish that lands between this submit's read and its write (another submit, the sweep)
      // is a race the suite cannot time (the two racing submits of exam-sessions.test.ts seldom
      // meet here); the submit then answers the result as it stands.
      // Stryker disable next-line all: that race, as above
      if (!(error instanceof AppError && error.code === 'SESSION_ENDED')) throw error;
    }
    if (await finishSession(ctx.db, session.id, submitTime(session, ctx.clock.now()), 'student'))
      await noteExamResult(ctx, session.id); // to the parent, when the school sends results
    ({ session, exam } = await ownSession(ctx, userId, token, tokenId));
  }
  const payload = await sessionPayload(ctx, exam, session);
  return {
    result: payload.result,
    answer_attempts: payload.answer_attempts,
    questions: payload.questions,
  };
}

/** The most overdue sessions one settling submits (a results read, or the sweep, at a time). */
const SETTLE_BATCH = 500;

/** Where the grace after a deadline ends now: a running session whose deadline is before it is overdue. */
function graceCutoff(ctx: Pick<AppContext, 'clock'>): string {
  return new Date(ctx.clock.now().getTime() - ANSWER_GRACE_MS).toISOString();
}

/**
 * A results list and, in the same statement, whether anything of the student's is to be
 * settled first: the list's rows (`overdue` 0: the student's sessions of exams or of
 * homework, newest first) and their overdue sessions of either kind (`overdue` 1: running,
 * past deadline + grace; what settleOverdue would submit for them). A list read with nothing
 * overdue, nearly every one, is this one statement.
 */
const resultsOf = precompile(
  (db, p: { userId: number; kind: 'exam' | 'homework'; cutoff: string }) => {
    const sessions = db
      .selectFrom('exam_sessions')
      .innerJoin('exams', 'exams.id', 'exam_sessions.exam_id')
      .select([
        'exam_sessions.id',
        'exam_sessions.started_at',
        'exam_sessions.finished_at',
        'exam_sessions.corrected',
        'exam_sessions.succeeded',
        'exam_sessions.correction_mark',
        'exam_sessions.total_mark',
        'exam_sessions.attempt',
        'exam_sessions.token',
        'exam_sessions.deadline_at',
        'exams.exam_code',
        'exams.name',
        'exams.show_result',
        countsSql('exam_sessions', 'exams').as('counts'),
        attemptsAllowedSql('exam_sessions', 'exams').as('attempts_allowed'),
      ])
      .where('exam_sessions.user_id', '=', p.userId);
    const list = sessions
      .select(sql<number>`0`.as('overdue'))
      .where('exams.kind', '=', p.kind)
      .orderBy('exam_sessions.started_at', 'desc')
      .orderBy('exam_sessions.id', 'desc')
      // Written into the SQL: SQLite prepares a statement again whenever a bound LIMIT is bound.
      .limit(sql.lit(RESULTS_LIST_LIMIT));
    const overdue = sessions
      // Stryker disable next-line StringLiteral: a union's columns take the first select's names
      .select(sql<number>`1`.as('overdue'))
      .where('exam_sessions.finished_at', 'is', null)
      .where('exam_sessions.deadline_at', '<', p.cutoff)
      .orderBy('exam_sessions.deadline_at')
      .limit(sql.lit(SETTLE_BATCH));
    return (
      db
        // Stryker disable next-line StringLiteral: SQLite takes any alias of a derived table (PostgreSQL, where the suite also runs, refuses an empty one)
        .selectFrom(list.as('list'))
        .selectAll()
        // Stryker disable next-line StringLiteral: as above
        .unionAll(db.selectFrom(overdue.as('late')).selectAll())
        .orderBy('overdue')
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
    );
  },
);

/**
 * GET /exams/results and /exams/homeworks/results: the student's sessions of exams or of
 * homework, newest first; overdue ones (of either kind) are submitted first so the list is true.
 */
export async function resultsList(
  ctx: AppContext,
  userId: number,
  kind: 'exam' | 'homework',
): Promise<ExamResultSession[]> {
  const read = () => resultsOf.execute(ctx.db, { userId, kind, cutoff: graceCutoff(ctx) });
  let rows = await read();
  const overdue = rows.filter((r) => Number(r.overdue) === 1);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut: finishing no session and reading again gives the same list
  if (overdue.length > 0) {
    // Submitted earliest deadline first, as the sweep submits them; then the list read again.
    // Stryker disable MethodExpression,ArrowFunction,ConditionalExpression,EqualityOperator,UnaryOperator: the order they are finished in; each is finished at its own deadline whatever it is
    overdue.sort((a, b) =>
      a.deadline_at! < b.deadline_at! ? -1 : a.deadline_at! > b.deadline_at! ? 1 : 0,
    );
    // Stryker restore MethodExpression,ArrowFunction,ConditionalExpression,EqualityOperator,UnaryOperator
    await finishOverdue(ctx, overdue);
    rows = await read();
  }
  const list: ExamResultSession[] = [];
  for (const r of rows) {
    // A session that became overdue between the two reads is listed by the list's own row.
    // Stryker disable next-line ConditionalExpression: only a session that turned overdue between the two reads has such a row left (a race)
    if (Number(r.overdue) !== 0) continue;
    list.push({
      ...resultListItem(r, r),
      attempt: r.attempt,
      counts: Boolean(r.counts),
      attempts_allowed: Number(r.attempts_allowed),
      session_token: r.token,
    });
  }
  return list;
}

/** The sweep's turn: submits, at their deadlines, running sessions past deadline + grace. */
async function settleOverdue(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const overdue = await ctx.db
    .selectFrom('exam_sessions')
    .select(['id', 'deadline_at'])
    .where('finished_at', 'is', null)
    .where('deadline_at', '<', graceCutoff(ctx))
    .orderBy('deadline_at')
    .limit(SETTLE_BATCH)
    .execute();
  return finishOverdue(ctx, overdue);
}

/** Submits these overdue sessions at their deadlines; answers how many this call finished. */
async function finishOverdue(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  overdue: readonly { id: number; deadline_at: string | null }[],
): Promise<number> {
  let finished = 0;
  for (const s of overdue) {
    if (await finishSession(ctx.db, s.id, s.deadline_at!, 'time')) {
      finished += 1;
      await noteExamResult(ctx, s.id);
    }
  }
  return finished;
}

/**
 * The periodic sweep: submits abandoned sessions at their deadlines. Safe on several instances
 * at once, since each session is finished by one conditional update (one winner).
 * @example await sweepOverdueSessions(ctx) // 3
 */
export function sweepOverdueSessions(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  return settleOverdue(ctx);
}
