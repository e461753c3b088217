import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getExamResultsResponseSchema,
  getExamSessionResponseSchema,
  saveExamAnswersResponseSchema,
  submitExamSessionResponseSchema,
} from '@dars/contract';
import { insertEnrollments } from '../../src/db/seed/enrollments';
import { manualClock } from '../../src/lib/clock';
import { markEssayAnswer } from '../../src/modules/exams/exam-marking';
import { apiGet, startTestServer, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { attachExam, makeExam } from '../factories/exams';
import type { examClient } from './exam-client';
import { examStudent, markingValues, PNG, PNG_UPLOAD } from './exam-client';

const clock = manualClock();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: false, clock });
});
afterAll(() => server.close());

const student = () => examStudent(server);

describe('submitting and the result', () => {
  it('marks choices and true/false at submission; essays wait, not corrected, until marked', async () => {
    const exam = await makeExam(server.db, { passPercentage: 50 });
    const [choice, truefalse, essay] = exam.questions;
    const { api, userId } = await student();
    const token = await api.tokenFor(exam.id);
    clock.advance(90_000);
    const res = await api.submit(token, [
      { question_id: choice!.id, chosen_answer: choice!.right },
      { question_id: truefalse!.id, chosen_answer: truefalse!.wrong },
      { question_id: essay!.id, answer_text: 'الإجابة المقالية' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = submitExamSessionResponseSchema.parse(res.json());
    expect(body.result).toEqual({
      succeeded: false,
      correction_percentage: 25,
      correction_mark: 1,
      total_mark: 4,
      correct_answer_attempts: 1,
      wrong_answer_attempts: 1,
      time_taken: 90,
      corrected: false,
    });
    const byQuestion = new Map(body.answer_attempts.map((a) => [a.question_id, a]));
    expect(byQuestion.get(choice!.id)).toMatchObject({ correct: true, correction_mark: 1 });
    expect(byQuestion.get(truefalse!.id)).toMatchObject({ correct: false, correction_mark: 0 });
    expect(byQuestion.get(essay!.id)).toMatchObject({ correct: null, correction_mark: null });
    expect(body.questions[0]!.answers.find((a) => a.correct)!.id).toBe(choice!.right);
    expect(body.questions[0]!.answer_explain_text).toBe('شرح السؤال 1');

    const list = getExamResultsResponseSchema.parse((await api.results()).json()).data;
    expect(list[0]).toMatchObject({
      corrected: false,
      succeeded: null,
      correction_mark: null,
      total_mark: 4,
    });

    const attempt = byQuestion.get(essay!.id)!;
    await markEssayAnswer(server.db, { attemptId: attempt.id, marks: 2, comment: 'ممتاز' });
    const after = getExamSessionResponseSchema.parse((await api.session(token)).json());
    expect(after.result).toMatchObject({
      succeeded: true,
      correction_mark: 3,
      correction_percentage: 75,
      correct_answer_attempts: 2,
      corrected: true,
    });
    const listAfter = getExamResultsResponseSchema.parse((await api.results()).json()).data;
    expect(listAfter[0]).toMatchObject({ corrected: true, succeeded: true, correction_mark: 3 });
    const notes = await server.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(notes).toHaveLength(1);
    expect(JSON.parse(notes[0]!.data)).toMatchObject({
      title: 'تم تصحيح إجابتك',
      to: `/exams?exam_code=${exam.code}`,
    });
  });

  it('refuses marks outside 0..the question mark, and marking a running session', async () => {
    const exam = await makeExam(server.db, { questions: [{ type: 'essay', mark: 2 }] });
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const saved = saveExamAnswersResponseSchema.parse(
      (await api.answer(token, [{ question_id: exam.questions[0]!.id, answer_text: 'نص' }])).json(),
    );
    const attemptId = saved.answer_attempts[0]!.id;
    await expect(markEssayAnswer(server.db, { attemptId, marks: 1 })).rejects.toMatchObject({
      errors: { marks: ['لم يُسلِّم الطالب الامتحان بعد'] },
    });
    await api.submit(token);
    await expect(markEssayAnswer(server.db, { attemptId, marks: 2.5 })).rejects.toMatchObject({
      errors: { marks: ['الدرجة بين 0 و 2'] },
    });
    await expect(markEssayAnswer(server.db, { attemptId, marks: -1 })).rejects.toThrow(
      'الدرجة بين',
    );
    const row = await server.db
      .selectFrom('answer_attempts')
      .selectAll()
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
    expect(row.correction_mark).toBeNull();
  });

  it('changes nothing after submission: answers are SESSION_ENDED, a second submit returns the same result', async () => {
    const exam = await makeExam(server.db);
    const [choice] = exam.questions;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const first = await api.submit(token, [
      { question_id: choice!.id, chosen_answer: choice!.wrong },
    ]);
    const late = await api.answer(token, [
      { question_id: choice!.id, chosen_answer: choice!.right },
    ]);
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('SESSION_ENDED');
    const image = await api.imageAnswer(
      { session_token: token, question_id: String(exam.questions[2]!.id) },
      PNG_UPLOAD,
    );
    expect(image.json().code).toBe('SESSION_ENDED');
    const again = await api.submit(token, [
      { question_id: choice!.id, chosen_answer: choice!.right },
    ]);
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toEqual(first.json().result);
    expect(again.json().result.correct_answer_attempts).toBe(0);
    // A retried submit is not read as new answers: even one the running session would refuse
    // (another exam's question) answers the result as it stands.
    const other = await makeExam(server.db);
    const stray = await api.submit(token, [
      { question_id: other.questions[0]!.id, chosen_answer: other.questions[0]!.right },
    ]);
    expect(stray.statusCode, stray.body).toBe(200);
    expect(stray.json().result).toEqual(first.json().result);
    // And an answer to it after the end is told the session ended, not that the answer is wrong.
    const strayAnswer = await api.answer(token, [
      { question_id: other.questions[0]!.id, chosen_answer: other.questions[0]!.right },
    ]);
    expect(strayAnswer.statusCode).toBe(422);
    expect(strayAnswer.json().code).toBe('SESSION_ENDED');
  });

  it('hides the result when the exam does, and the answer key when the detailed review is off', async () => {
    const hidden = await makeExam(server.db, { showResult: false, detailed: false });
    const plain = await makeExam(server.db, { showResult: true, detailed: false });
    const { api } = await student();
    for (const exam of [hidden, plain]) {
      const token = await api.tokenFor(exam.id);
      const q = exam.questions[0]!;
      const res = submitExamSessionResponseSchema.parse(
        (await api.submit(token, [{ question_id: q.id, chosen_answer: q.right }])).json(),
      );
      const view = (await api.session(token)).json();
      if (exam === hidden) {
        expect(res.result).toBeNull();
        expect(markingValues(view)).toEqual([]);
      } else {
        expect(res.result).toMatchObject({ correct_answer_attempts: 1 });
        expect(markingValues({ ...view, result: null })).toEqual([]);
      }
    }
    const list = getExamResultsResponseSchema.parse((await api.results()).json()).data;
    const hiddenRow = list.find((r) => r.exam.exam_code === hidden.code)!;
    expect(hiddenRow).toMatchObject({
      exam: { show_result: false },
      succeeded: null,
      correction_mark: null,
    });
  });

  it('lists exams and homework apart, newest first, each student only their own', async () => {
    const exam = await makeExam(server.db);
    const homework = await makeExam(server.db, { kind: 'homework' });
    const a = await student();
    const b = await student();
    await a.api.tokenFor(exam.id);
    clock.advance(1000);
    await a.api.tokenFor(homework.id);
    await b.api.tokenFor(exam.id);
    const exams = getExamResultsResponseSchema.parse((await a.api.results()).json()).data;
    const homeworks = getExamResultsResponseSchema.parse(
      (await a.api.homeworkResults()).json(),
    ).data;
    expect(exams.map((r) => r.exam.exam_code)).toEqual([exam.code]);
    expect(homeworks.map((r) => r.exam.exam_code)).toEqual([homework.code]);
    expect((await apiGet(server.app, '/exams/results')).statusCode).toBe(401);
  });

  it('says a running session is running, not corrected, until the student or time submits it', async () => {
    const exam = await makeExam(server.db, { duration: 10, questions: [{ type: 'choices' }] });
    const homework = await makeExam(server.db, { kind: 'homework', duration: 10 });
    const { api } = await student();
    const row = async (list: 'results' | 'homeworkResults') =>
      getExamResultsResponseSchema.parse((await api[list]()).json()).data[0];
    const running = { active: true, corrected: false, succeeded: null, correction_mark: null };

    const examToken = await api.tokenFor(exam.id);
    await api.tokenFor(homework.id);
    expect(await row('results')).toMatchObject(running);
    expect(await row('homeworkResults')).toMatchObject(running);

    const [q] = exam.questions;
    await api.submit(examToken, [{ question_id: q!.id, chosen_answer: q!.right }]);
    expect(await row('results')).toMatchObject({
      active: false,
      corrected: true,
      succeeded: true,
      correction_mark: 1,
    });
    expect(await row('homeworkResults')).toMatchObject(running);

    // Past its deadline and the grace, the homework is submitted by time when listed.
    clock.advance(10 * 60_000 + 61_000);
    expect(await row('homeworkResults')).toMatchObject({ active: false });
  });
});

describe('shuffled answers', () => {
  it('orders options per session: the same on every reload, not the same for everyone', async () => {
    const exam = await makeExam(server.db, {
      shuffled: true,
      questions: Array.from({ length: 4 }, () => ({ type: 'choices' as const, options: 6 })),
    });
    const orderOf = async (api: ReturnType<typeof examClient>, token: string) =>
      getExamSessionResponseSchema
        .parse((await api.session(token)).json())
        .questions.map((q) => q.answers.map((o) => o.id).join(','));
    const a = await student();
    const b = await student();
    const ta = await a.api.tokenFor(exam.id);
    const tb = await b.api.tokenFor(exam.id);
    const first = await orderOf(a.api, ta);
    expect(await orderOf(a.api, ta)).toEqual(first);
    expect(await orderOf(b.api, tb)).not.toEqual(first);
    const stored = exam.questions.map((q) => q.options.map((o) => o.id).join(','));
    expect(first).not.toEqual(stored);
  });
});

describe('image answers', () => {
  it('stores an image privately, serves it to its owner by signed link, replaces and removes it', async () => {
    const exam = await makeExam(server.db, { imagesAnswers: true, questions: [{ type: 'essay' }] });
    const q = exam.questions[0]!;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const res = await api.imageAnswer(
      { session_token: token, question_id: String(q.id), answer_text: 'انظر الصورة', seq: '1' },
      PNG_UPLOAD,
    );
    expect(res.statusCode).toBe(200);
    const attempt = saveExamAnswersResponseSchema.parse(res.json()).answer_attempts[0]!;
    expect(attempt).toMatchObject({ answer_text: 'انظر الصورة' });
    const url = attempt.answer_image!;
    expect(url).toMatch(/^\/api\/v1\/exams\/answers\/\d+\/image\?at=/);
    const image = await server.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    // Without the signature, or with another answer's, it is refused.
    expect(
      (await server.app.inject({ method: 'GET', url: url.replace(/\?.*/, '') })).statusCode,
    ).toBe(403);
    const row = await server.db
      .selectFrom('answer_attempts')
      .selectAll()
      .where('id', '=', attempt.id)
      .executeTakeFirstOrThrow();
    const file = path.join(server.config.dataDir, 'storage', 'private', row.image_path!);
    expect(fs.existsSync(file)).toBe(true);
    expect(row.image_path!.startsWith('answers/')).toBe(true);

    const removed = await api.imageAnswer({
      session_token: token,
      question_id: String(q.id),
      seq: '2',
    });
    expect(removed.statusCode).toBe(200);
    const after = saveExamAnswersResponseSchema.parse(removed.json()).answer_attempts[0]!;
    expect(after).toMatchObject({ answer_image: null, answer_text: 'انظر الصورة' });
    expect(fs.existsSync(file)).toBe(false);
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, and images where the exam does not take them', async () => {
    const exam = await makeExam(server.db, {
      imagesAnswers: true,
      questions: [{ type: 'essay' }, { type: 'choices' }],
    });
    const closed = await makeExam(server.db, {
      imagesAnswers: false,
      questions: [{ type: 'essay' }],
    });
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const text = await api.imageAnswer(
      { session_token: token, question_id: String(exam.questions[0]!.id) },
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>'),
        type: 'image/png',
      },
    );
    expect(text.statusCode).toBe(422);
    const onChoice = await api.imageAnswer(
      { session_token: token, question_id: String(exam.questions[1]!.id) },
      PNG_UPLOAD,
    );
    expect(onChoice.statusCode).toBe(422);
    const closedToken = await api.tokenFor(closed.id);
    const onClosed = await api.imageAnswer(
      { session_token: closedToken, question_id: String(closed.questions[0]!.id) },
      PNG_UPLOAD,
    );
    expect(onClosed.statusCode).toBe(422);
    const rows = await server.db
      .selectFrom('answer_attempts')
      .select('id')
      .where(
        'question_id',
        'in',
        [...exam.questions, ...closed.questions].map((q) => q.id),
      )
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('lecture exams and mandatory exams', () => {
  async function lectureWith(rules: Parameters<typeof attachExam>[3], alternative = false) {
    const course = await makeCourse(server, { payType: 'course', lectures: 1 });
    const lecture = course.lectures[0]!;
    const exam = await makeExam(server.db, { general: false, questions: [{ type: 'choices' }] });
    const alt = alternative
      ? await makeExam(server.db, { general: false, questions: [{ type: 'choices' }] })
      : null;
    await attachExam(server.db, lecture.id, exam.id, { ...rules, alternativeId: alt?.id });
    return { course, lecture, exam, alt };
  }
  async function join(userId: number, courseId: number) {
    await insertEnrollments(server.db, [{ userId, courseId, at: new Date().toISOString() }]);
  }
  async function state(token: string, courseId: number, lectureId: number) {
    const course = (await apiGet(server.app, `/courses/${courseId}`, token)).json();
    const contents = (await apiGet(server.app, `/lectures/${lectureId}/contents`, token)).json();
    return {
      enableVideos: course.data.lectures[0].enable_videos as boolean,
      needsAttention: contents.exams[0].needs_attention as boolean,
      toAlternative: contents.exams[0].navigate_to_alternative as boolean,
      viewable: contents.videos[0].viewable as boolean,
      videoId: contents.videos[0].id as number,
    };
  }

  it("reaches a lecture's exam only with access to the lecture", async () => {
    const { course, exam } = await lectureWith({});
    const s = await student();
    expect((await s.api.details(exam.code)).json()).toMatchObject({ code: 'EXAM_NOT_FOUND' });
    expect((await s.api.start(exam.id)).json()).toMatchObject({ code: 'EXAM_NOT_FOUND' });
    await join(s.userId, course.id);
    expect((await s.api.details(exam.code)).statusCode).toBe(200);
  });

  it('a must-pass exam holds the videos until passed; failing keeps them closed', async () => {
    const { course, lecture, exam } = await lectureWith({ mustPass: true });
    const pass = await student();
    const fail = await student();
    for (const s of [pass, fail]) await join(s.userId, course.id);
    expect(await state(pass.token, course.id, lecture.id)).toMatchObject({
      enableVideos: false,
      needsAttention: true,
      viewable: false,
    });
    const q = exam.questions[0]!;
    await pass.api.submit(await pass.api.tokenFor(exam.id), [
      { question_id: q.id, chosen_answer: q.right },
    ]);
    await fail.api.submit(await fail.api.tokenFor(exam.id), [
      { question_id: q.id, chosen_answer: q.wrong },
    ]);
    const passed = await state(pass.token, course.id, lecture.id);
    expect(passed).toMatchObject({ enableVideos: true, needsAttention: false, viewable: true });
    expect((await apiGet(server.app, `/video/apps/${passed.videoId}`, pass.token)).statusCode).toBe(
      200,
    );
    const failed = await state(fail.token, course.id, lecture.id);
    expect(failed).toMatchObject({ enableVideos: false, needsAttention: true, viewable: false });
    expect((await apiGet(server.app, `/video/apps/${failed.videoId}`, fail.token)).statusCode).toBe(
      403,
    );
  });

  it('sends a student who failed the main exam to the alternative, and passing it opens the videos', async () => {
    const { course, lecture, exam, alt } = await lectureWith({ mustPass: true }, true);
    const s = await student();
    await join(s.userId, course.id);
    expect(await state(s.token, course.id, lecture.id)).toMatchObject({ toAlternative: false });
    const main = exam.questions[0]!;
    await s.api.submit(await s.api.tokenFor(exam.id), [
      { question_id: main.id, chosen_answer: main.wrong },
    ]);
    expect(await state(s.token, course.id, lecture.id)).toMatchObject({
      toAlternative: true,
      enableVideos: false,
    });
    const q = alt!.questions[0]!;
    await s.api.submit(await s.api.tokenFor(alt!.id), [
      { question_id: q.id, chosen_answer: q.right },
    ]);
    expect(await state(s.token, course.id, lecture.id)).toMatchObject({
      enableVideos: true,
      needsAttention: false,
    });
  });

  it('a must-take exam opens the videos once submitted, passed or not; a running session is not enough', async () => {
    const { course, lecture, exam } = await lectureWith({ mustTake: true });
    const s = await student();
    await join(s.userId, course.id);
    const token = await s.api.tokenFor(exam.id);
    expect(await state(s.token, course.id, lecture.id)).toMatchObject({
      enableVideos: false,
      needsAttention: true,
    });
    const q = exam.questions[0]!;
    await s.api.submit(token, [{ question_id: q.id, chosen_answer: q.wrong }]);
    expect(await state(s.token, course.id, lecture.id)).toMatchObject({
      enableVideos: true,
      needsAttention: false,
    });
  });
});

describe('edges of the rules', () => {
  it('passes at exactly the pass percentage, and counts an essay right from half its mark', async () => {
    const exam = await makeExam(server.db, {
      passPercentage: 50,
      questions: [{ type: 'choices' }, { type: 'essay', mark: 2 }, { type: 'essay', mark: 2 }],
    });
    const [choice, first, second] = exam.questions;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const res = submitExamSessionResponseSchema.parse(
      (
        await api.submit(token, [
          { question_id: choice!.id, chosen_answer: choice!.wrong },
          { question_id: first!.id, answer_text: 'نصف الإجابة' },
          { question_id: second!.id, answer_text: 'أقل من النصف' },
        ])
      ).json(),
    );
    const attemptOf = (id: number) => res.answer_attempts.find((a) => a.question_id === id)!.id;
    await markEssayAnswer(server.db, { attemptId: attemptOf(first!.id), marks: 1 });
    await markEssayAnswer(server.db, { attemptId: attemptOf(second!.id), marks: 0.5 });
    const view = getExamSessionResponseSchema.parse((await api.session(token)).json());
    expect(view.result).toMatchObject({
      correction_mark: 1.5,
      correction_percentage: 30,
      succeeded: false,
      correct_answer_attempts: 1,
      wrong_answer_attempts: 2,
    });
    const byQuestion = new Map(view.answer_attempts.map((a) => [a.question_id, a]));
    expect(byQuestion.get(first!.id)).toMatchObject({ correct: true, correction_mark: 1 });
    expect(byQuestion.get(second!.id)).toMatchObject({ correct: false, correction_mark: 0.5 });
    await markEssayAnswer(server.db, { attemptId: attemptOf(second!.id), marks: 1.5 });
    const exact = getExamSessionResponseSchema.parse((await api.session(token)).json());
    expect(exact.result).toMatchObject({ correction_percentage: 50, succeeded: true });
  });

  it('keeps true/false in its order when the exam shuffles, and says it shuffles', async () => {
    const exam = await makeExam(server.db, {
      shuffled: true,
      questions: Array.from({ length: 6 }, () => ({ type: 'truefalse' as const })),
    });
    const { api } = await student();
    const view = getExamSessionResponseSchema.parse(
      (await api.session(await api.tokenFor(exam.id))).json(),
    );
    expect(view.exam.shuffled_answers).toBe(true);
    for (const q of view.questions) expect(q.answers.map((a) => a.text)).toEqual(['صواب', 'خطأ']);
  });

  it('lets an answer without seq replace one saved with a seq', async () => {
    const exam = await makeExam(server.db, { questions: [{ type: 'choices' }] });
    const q = exam.questions[0]!;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    await api.answer(token, [{ question_id: q.id, chosen_answer: q.options[1]!.id, seq: 50 }]);
    const plain = saveExamAnswersResponseSchema.parse(
      (await api.answer(token, [{ question_id: q.id, chosen_answer: q.options[2]!.id }])).json(),
    );
    expect(plain.answer_attempts[0]!.answer_id).toBe(q.options[2]!.id);
    // Its seq stays: an older numbered replay still changes nothing.
    await api.answer(token, [{ question_id: q.id, chosen_answer: q.options[3]!.id, seq: 49 }]);
    const row = await server.db
      .selectFrom('answer_attempts')
      .selectAll()
      .where('question_id', '=', q.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ answer_option_id: q.options[2]!.id, seq: 50 });
  });
});
