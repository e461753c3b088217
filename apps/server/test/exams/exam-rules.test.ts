import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getExamDetailsResponseSchema,
  getExamResultsResponseSchema,
  getExamSessionResponseSchema,
  saveExamAnswersResponseSchema,
  submitExamSessionResponseSchema,
} from '@dars/contract';
import { manualClock } from '../../src/lib/clock';
import { markEssayAnswer } from '../../src/modules/exams/exam-marking';
import { sweepOverdueSessions } from '../../src/modules/exams/exam-service';
import { ANSWER_GRACE_MS } from '../../src/modules/exams/exam-time';
import { startTestServer, type TestServer } from '../helpers';
import { makeExam } from '../factories/exams';
import { examStudent, PNG_UPLOAD } from './exam-client';

// The exam engine's rules that its mutation run (npm run mutate, ADR 016) found untested: each
// test here turned a surviving planted bug red. What a review, a results list and the details
// say; which options are drawn in another order; when the sweep may end a session; which
// answers are refused; whose image a signed link opens; what marking an essay stores.

const clock = manualClock();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: false, clock });
});
afterAll(() => server.close());

const student = () => examStudent(server);

function attemptRow(id: number) {
  return server.db
    .selectFrom('answer_attempts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('what the student is shown', () => {
  it('gives each answer its question’s mark, and in the review flags only the right option', async () => {
    const exam = await makeExam(server.db, {
      questions: [
        { type: 'choices', mark: 3 },
        { type: 'truefalse', mark: 1 },
      ],
    });
    const [choice, truefalse] = exam.questions;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const saved = saveExamAnswersResponseSchema.parse(
      (
        await api.answer(token, [
          { question_id: choice!.id, chosen_answer: choice!.wrong },
          { question_id: truefalse!.id, chosen_answer: truefalse!.right },
        ])
      ).json(),
    );
    const marks = (attempts: { question_id: number; question_mark: number }[]) =>
      Object.fromEntries(attempts.map((a) => [a.question_id, a.question_mark]));
    const expected = { [choice!.id]: 3, [truefalse!.id]: 1 };
    expect(marks(saved.answer_attempts)).toEqual(expected);
    const view = getExamSessionResponseSchema.parse((await api.session(token)).json());
    expect(marks(view.answer_attempts)).toEqual(expected);

    const done = submitExamSessionResponseSchema.parse((await api.submit(token)).json());
    const options = done.questions.find((q) => q.id === choice!.id)!.answers;
    expect(Object.fromEntries(options.map((o) => [o.id, o.correct]))).toEqual(
      Object.fromEntries(choice!.options.map((o) => [o.id, o.correct])),
    );
    expect(options.filter((o) => o.correct)).toHaveLength(1);
    const byQuestion = new Map(done.answer_attempts.map((a) => [a.question_id, a]));
    expect(byQuestion.get(choice!.id)).toMatchObject({ correct: false, correction_mark: 0 });
    expect(byQuestion.get(truefalse!.id)).toMatchObject({ correct: true, correction_mark: 1 });
  });

  it('lists a failed session as failed and a passed one as passed; an exam hiding results, neither', async () => {
    const shown = await makeExam(server.db, { questions: [{ type: 'choices' }] });
    const hidden = await makeExam(server.db, {
      showResult: false,
      questions: [{ type: 'choices' }],
    });
    const q = shown.questions[0]!;
    const failing = await student();
    const passing = await student();
    await failing.api.submit(await failing.api.tokenFor(shown.id), [
      { question_id: q.id, chosen_answer: q.wrong },
    ]);
    await passing.api.submit(await passing.api.tokenFor(shown.id), [
      { question_id: q.id, chosen_answer: q.right },
    ]);
    const h = hidden.questions[0]!;
    await passing.api.submit(await passing.api.tokenFor(hidden.id), [
      { question_id: h.id, chosen_answer: h.right },
    ]);
    const listOf = async (s: Awaited<ReturnType<typeof examStudent>>) =>
      getExamResultsResponseSchema.parse((await s.api.results()).json()).data;
    expect((await listOf(failing))[0]).toMatchObject({
      exam: { exam_code: shown.code, show_result: true },
      corrected: true,
      succeeded: false,
      correction_mark: 0,
    });
    const [ofHidden, ofShown] = await listOf(passing);
    expect(ofShown).toMatchObject({
      exam: { exam_code: shown.code, show_result: true },
      succeeded: true,
      correction_mark: 1,
    });
    expect(ofHidden).toMatchObject({
      exam: { exam_code: hidden.code, show_result: false },
      succeeded: null,
      correction_mark: null,
    });
  });

  it('takes an exam with no questions (a total of 0) as 0 %: passed when its pass mark is 0', async () => {
    const empty = await makeExam(server.db, { passPercentage: 0, questions: [] });
    const s = await student();
    const token = await s.api.tokenFor(empty.id);
    expect((await s.api.submit(token)).statusCode).toBe(200);
    const row = await server.db
      .selectFrom('exam_sessions')
      .select(['correction_mark', 'total_mark', 'succeeded', 'corrected'])
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    // 0 of 0 is 0 %, which reaches a pass mark of 0 % (0 / 0 would reach nothing).
    expect(row).toEqual({ correction_mark: 0, total_mark: 0, succeeded: 1, corrected: 1 });
  });

  it('says in the details what the exam shows, whether it shuffles and whether it takes images', async () => {
    const { api } = await student();
    for (const on of [true, false]) {
      const exam = await makeExam(server.db, {
        showResult: !on,
        detailed: !on,
        shuffled: on,
        imagesAnswers: on,
      });
      const { data } = getExamDetailsResponseSchema.parse((await api.details(exam.code)).json());
      expect(data).toMatchObject({
        show_result: !on,
        show_detailed_result: !on,
        shuffled_answers: on,
        enable_images_answers: on,
      });
    }
  });
});

describe('option order', () => {
  it('keeps the stored order in every session of an exam that does not shuffle', async () => {
    const exam = await makeExam(server.db, { questions: [{ type: 'choices', options: 6 }] });
    const stored = exam.questions[0]!.options.map((o) => o.id);
    for (let i = 0; i < 6; i++) {
      const { api } = await student();
      const view = getExamSessionResponseSchema.parse(
        (await api.session(await api.tokenFor(exam.id))).json(),
      );
      expect(view.questions[0]!.answers.map((a) => a.id)).toEqual(stored);
    }
  });

  it('draws another order for choices only: true/false stays «صواب» then «خطأ» in every session', async () => {
    const exam = await makeExam(server.db, {
      shuffled: true,
      questions: Array.from({ length: 4 }, () => ({ type: 'truefalse' as const })),
    });
    // 8 sessions of 4 questions: a draw would keep all 32 in order once in 2^32.
    for (let i = 0; i < 8; i++) {
      const { api } = await student();
      const view = getExamSessionResponseSchema.parse(
        (await api.session(await api.tokenFor(exam.id))).json(),
      );
      for (const q of view.questions) {
        expect(q.answers.map((a) => a.text)).toEqual(['صواب', 'خطأ']);
      }
    }
  });
});

describe('the sweep', () => {
  it('leaves a session whose deadline passed less than the grace ago, then ends it at the deadline', async () => {
    const exam = await makeExam(server.db, { duration: 1 });
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const row = () =>
      server.db
        .selectFrom('exam_sessions')
        .selectAll()
        .where('token', '=', token)
        .executeTakeFirstOrThrow();
    const ctx = { db: server.db, clock };
    clock.advance(60_000 + ANSWER_GRACE_MS - 5_000);
    await sweepOverdueSessions(ctx);
    expect((await row()).finished_at).toBeNull();
    const q = exam.questions[0]!;
    expect(
      (await api.answer(token, [{ question_id: q.id, chosen_answer: q.right }])).statusCode,
    ).toBe(200);
    clock.advance(10_000);
    await sweepOverdueSessions(ctx);
    const ended = await row();
    expect(ended).toMatchObject({ finished_at: ended.deadline_at, finished_by: 'time' });
  });
});

describe('answers', () => {
  it('refuses an essay answered with an option (with or without text), and saves nothing', async () => {
    const exam = await makeExam(server.db, { questions: [{ type: 'essay' }, { type: 'choices' }] });
    const [essay, choice] = exam.questions;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    for (const bad of [
      { question_id: essay!.id, chosen_answer: choice!.right },
      { question_id: essay!.id, chosen_answer: choice!.right, answer_text: 'نص' },
    ]) {
      const res = await api.answer(token, [bad]);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { answers: ['اكتب إجابة السؤال المقالي'] },
      });
    }
    const view = getExamSessionResponseSchema.parse((await api.session(token)).json());
    expect(view.answer_attempts).toEqual([]);
  });

  it('says which answer is wrong and why: a question of another exam, an option of another question', async () => {
    const exam = await makeExam(server.db, {
      questions: [{ type: 'choices' }, { type: 'choices' }],
    });
    const other = await makeExam(server.db, { questions: [{ type: 'choices' }] });
    const [first, second] = exam.questions;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    for (const [bad, message] of [
      [
        { question_id: other.questions[0]!.id, chosen_answer: other.questions[0]!.right },
        'السؤال غير موجود في هذا الامتحان',
      ],
      [{ question_id: first!.id, chosen_answer: second!.right }, 'اختر إجابة من إجابات السؤال'],
    ] as const) {
      const res = await api.answer(token, [bad]);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ answers: [message] });
    }
  });

  it('moves the saved seq up with each newer answer, so a replay between two answers changes nothing', async () => {
    const exam = await makeExam(server.db, { questions: [{ type: 'choices' }] });
    const q = exam.questions[0]!;
    const [a, b, c] = q.options;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    await api.answer(token, [{ question_id: q.id, chosen_answer: a!.id, seq: 5 }]);
    await api.answer(token, [{ question_id: q.id, chosen_answer: b!.id, seq: 10 }]);
    const replay = saveExamAnswersResponseSchema.parse(
      (await api.answer(token, [{ question_id: q.id, chosen_answer: c!.id, seq: 7 }])).json(),
    );
    expect(replay.answer_attempts[0]).toMatchObject({ answer_id: b!.id, seq: 10 });
  });

  it('keeps an essay’s image when its text is then saved on its own', async () => {
    const exam = await makeExam(server.db, { imagesAnswers: true, questions: [{ type: 'essay' }] });
    const q = exam.questions[0]!;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const withImage = await api.imageAnswer(
      { session_token: token, question_id: String(q.id), answer_text: 'أولاً' },
      PNG_UPLOAD,
    );
    expect(withImage.statusCode).toBe(200);
    const text = saveExamAnswersResponseSchema.parse(
      (await api.answer(token, [{ question_id: q.id, answer_text: 'ثانياً' }])).json(),
    );
    expect(text.answer_attempts[0]).toMatchObject({ answer_text: 'ثانياً' });
    expect(text.answer_attempts[0]!.answer_image).toMatch(/\/image\?at=/);
    expect((await attemptRow(text.answer_attempts[0]!.id)).image_path).toMatch(/^answers\//);
    // Reloaded, the session links the image too.
    const view = getExamSessionResponseSchema.parse((await api.session(token)).json());
    expect(view.answer_attempts[0]!.answer_image).toMatch(
      /^\/api\/v1\/exams\/answers\/\d+\/image\?at=/,
    );
  });
});

describe('image answers', () => {
  it('takes a first image without text, and keeps blank text as no text', async () => {
    const exam = await makeExam(server.db, {
      imagesAnswers: true,
      questions: [{ type: 'essay' }, { type: 'essay' }],
    });
    const [first, second] = exam.questions;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const bare = await api.imageAnswer(
      { session_token: token, question_id: String(first!.id) },
      PNG_UPLOAD,
    );
    expect(bare.statusCode).toBe(200);
    const blank = await api.imageAnswer(
      { session_token: token, question_id: String(second!.id), answer_text: '   ' },
      PNG_UPLOAD,
    );
    expect(blank.statusCode).toBe(200);
    const attempts = saveExamAnswersResponseSchema.parse(blank.json()).answer_attempts;
    expect(attempts).toHaveLength(2);
    for (const a of attempts) {
      expect(a.answer_text).toBeNull();
      expect(a.answer_image).not.toBeNull();
    }
  });

  it('refuses a form without its question, naming the field, and stores no file', async () => {
    const exam = await makeExam(server.db, { imagesAnswers: true, questions: [{ type: 'essay' }] });
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const res = await api.imageAnswer({ session_token: token }, PNG_UPLOAD);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(res.json().errors)).toEqual(['question_id']);
    const view = getExamSessionResponseSchema.parse((await api.session(token)).json());
    expect(view.answer_attempts).toEqual([]);
  });

  it('opens no other answer’s image with a signed link, not even its owner’s next one', async () => {
    const exam = await makeExam(server.db, { imagesAnswers: true, questions: [{ type: 'essay' }] });
    const q = exam.questions[0]!;
    const linkOf = async (s: Awaited<ReturnType<typeof examStudent>>) => {
      const token = await s.api.tokenFor(exam.id);
      const res = await s.api.imageAnswer(
        { session_token: token, question_id: String(q.id) },
        PNG_UPLOAD,
      );
      const attempt = saveExamAnswersResponseSchema.parse(res.json()).answer_attempts[0]!;
      return { id: attempt.id, url: attempt.answer_image! };
    };
    const mine = await linkOf(await student());
    const theirs = await linkOf(await student());
    const get = (url: string) => server.app.inject({ method: 'GET', url });
    expect((await get(mine.url)).statusCode).toBe(200);
    // My link's signature on the path of their answer.
    const stolen = mine.url.replace(`/answers/${mine.id}/`, `/answers/${theirs.id}/`);
    const res = await get(stolen);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'انتهت صلاحية رابط الصورة، افتح الامتحان مرة أخرى',
    });
  });

  it('explains each refused image in Arabic, on the image field', async () => {
    const exam = await makeExam(server.db, {
      imagesAnswers: true,
      questions: [{ type: 'essay' }, { type: 'choices' }],
    });
    const [essay, choice] = exam.questions;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const onChoice = await api.imageAnswer(
      { session_token: token, question_id: String(choice!.id) },
      PNG_UPLOAD,
    );
    expect(onChoice.json().errors).toEqual({
      answer_image: ['لا يمكن إرفاق صورة بإجابة هذا السؤال'],
    });
    const notImage = await api.imageAnswer(
      { session_token: token, question_id: String(essay!.id) },
      { bytes: Buffer.from('%PDF-1.4 not an image'), type: 'image/png' },
    );
    expect(notImage.statusCode).toBe(422);
    expect(Object.keys(notImage.json().errors)).toEqual(['answer_image']);
    // A link whose answer has no image any more.
    const saved = saveExamAnswersResponseSchema.parse(
      (
        await api.imageAnswer(
          { session_token: token, question_id: String(essay!.id), answer_text: 'نص' },
          PNG_UPLOAD,
        )
      ).json(),
    );
    const url = saved.answer_attempts[0]!.answer_image!;
    await api.imageAnswer({ session_token: token, question_id: String(essay!.id) });
    const gone = await server.app.inject({ method: 'GET', url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND', message: 'الصورة غير موجودة' });
  });
});

describe('marking an essay', () => {
  it('takes 0 marks, keeps the teacher’s comment, completes the result and tells the student', async () => {
    const exam = await makeExam(server.db, { questions: [{ type: 'essay', mark: 2 }] });
    const q = exam.questions[0]!;
    const s = await student();
    const token = await s.api.tokenFor(exam.id);
    const saved = saveExamAnswersResponseSchema.parse(
      (await s.api.answer(token, [{ question_id: q.id, answer_text: 'إجابة' }])).json(),
    );
    await s.api.submit(token);
    const attemptId = saved.answer_attempts[0]!.id;
    await markEssayAnswer(server.db, { attemptId, marks: 0, comment: 'راجع الدرس الثالث' });
    expect(await attemptRow(attemptId)).toMatchObject({
      correct: 0,
      correction_mark: 0,
      comment: 'راجع الدرس الثالث',
    });
    const session = await server.db
      .selectFrom('exam_sessions')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ corrected: 1, succeeded: 0, correction_mark: 0 });
    const notes = await server.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', s.userId)
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.type).toBe('exam_marked');
    expect(JSON.parse(notes[0]!.data)).toMatchObject({
      type: 'default',
      title: 'تم تصحيح إجابتك',
      content: expect.stringContaining('صُحِّحت إجابتك في «'),
      to: `/exams?exam_code=${encodeURIComponent(exam.code)}`,
    });
  });

  it('refuses an answer that does not exist, and one that is not an essay, changing nothing', async () => {
    const exam = await makeExam(server.db, { questions: [{ type: 'choices' }] });
    const q = exam.questions[0]!;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const done = submitExamSessionResponseSchema.parse(
      (await api.submit(token, [{ question_id: q.id, chosen_answer: q.wrong }])).json(),
    );
    const attemptId = done.answer_attempts[0]!.id;
    await expect(
      markEssayAnswer(server.db, { attemptId: attemptId + 10_000, marks: 1 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'الإجابة غير موجودة' });
    await expect(markEssayAnswer(server.db, { attemptId, marks: 1 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { marks: ['تُصحَّح الأسئلة المقالية فقط يدوياً'] },
    });
    expect(await attemptRow(attemptId)).toMatchObject({ correct: 0, correction_mark: 0 });
  });
});

describe('codes', () => {
  it('takes a code in another case only when it names one exam; the exact code always wins', async () => {
    const upper = await makeExam(server.db);
    const lower = await makeExam(server.db);
    const code = `CASE${upper.code}`;
    await server.db
      .updateTable('exams')
      .set({ exam_code: code })
      .where('id', '=', upper.id)
      .execute();
    await server.db
      .updateTable('exams')
      .set({ exam_code: code.toLowerCase() })
      .where('id', '=', lower.id)
      .execute();
    const { api } = await student();
    const idOf = async (typed: string) => {
      const res = await api.details(typed);
      return res.statusCode === 200
        ? getExamDetailsResponseSchema.parse(res.json()).data.id
        : res.json().code;
    };
    expect(await idOf(code)).toBe(upper.id);
    expect(await idOf(code.toLowerCase())).toBe(lower.id);
    // Neither exactly, and both loosely: no guess.
    expect(await idOf(`c${code.slice(1)}`)).toBe('EXAM_NOT_FOUND');
  });
});
