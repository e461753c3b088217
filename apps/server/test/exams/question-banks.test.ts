import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExamSessionResponseSchema, submitExamSessionResponseSchema } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { makeExam, type TestExam } from '../factories/exams';
import { makeStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';
import { examClient } from './exam-client';

/**
 * Question banks and exams drawn from them (issue 26, ADR 046), through the staff API and the
 * student's calls, on the test's database (SQLite, or PostgreSQL with TEST_DATABASE_URL). Every
 * figure below is worked out by hand from the bank this file builds.
 */

let server: TestServer;
let staffToken: string;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  staffToken = (await makeStaff(server.db, 'leader')).token;
});
afterAll(() => server.close());

const staff = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({
    method,
    url: `/api/v1/staff${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${staffToken}` },
    ...(payload ? { payload } : {}),
  });

type BankQuestion = { id: number; right: number; wrong: number; mark: number };

/**
 * A bank of ten choices questions: three tagged «حركة» and three «طاقة», easy, worth 1; four
 * hard ones worth 2 (tagged «حركة» too).
 */
async function makeBank() {
  const res = await staff('POST', '/question-banks', { name: 'بنك الفيزياء' });
  expect(res.statusCode, res.body).toBe(200);
  const bankId = res.json().data.id as number;
  const add = async (tags: string[], difficulty: string, mark: number, i: number) => {
    const made = await staff('POST', '/questions', {
      bank_id: bankId,
      type: 'choices',
      text: `سؤال البنك ${i}`,
      mark,
      tags,
      difficulty,
      answers: [
        { text: 'صحيح', correct: true },
        { text: 'خطأ', correct: false },
      ],
    });
    expect(made.statusCode, made.body).toBe(200);
    const q = made.json().data as { id: number; answers: { id: number; correct: boolean }[] };
    return {
      id: q.id,
      right: q.answers.find((a) => a.correct)!.id,
      wrong: q.answers.find((a) => !a.correct)!.id,
      mark,
    };
  };
  const motion: BankQuestion[] = [];
  const energy: BankQuestion[] = [];
  const hard: BankQuestion[] = [];
  for (let i = 0; i < 3; i++) motion.push(await add(['حركة'], 'easy', 1, i));
  for (let i = 0; i < 3; i++) energy.push(await add(['طاقة'], 'easy', 1, 3 + i));
  for (let i = 0; i < 4; i++) hard.push(await add(['حركة'], 'hard', 2, 6 + i));
  return { bankId, motion, energy, hard, all: [...motion, ...energy, ...hard] };
}

type Bank = Awaited<ReturnType<typeof makeBank>>;

async function addRule(examId: number, rule: object) {
  return staff('POST', '/exam-draw-rules', { exam_id: examId, ...rule });
}

/**
 * An exam with one fixed choices question (1 mark) and two rules: two «حركة» questions worth 1
 * and two hard ones worth 2. Every session: 5 questions, 1 + 2×1 + 2×2 = 7 marks.
 */
async function drawnExam(bank: Bank): Promise<TestExam> {
  const exam = await makeExam(server.db, { questions: [{ type: 'choices', options: 2 }] });
  const a = await addRule(exam.id, { bank_id: bank.bankId, tag: 'حركة', mark: 1, count: 2 });
  expect(a.statusCode, a.body).toBe(200);
  const b = await addRule(exam.id, {
    bank_id: bank.bankId,
    difficulty: 'hard',
    mark: 2,
    count: 2,
  });
  expect(b.statusCode, b.body).toBe(200);
  return exam;
}

async function sessionOf(exam: TestExam) {
  const api = examClient(server.app, (await makeStudent(server.db)).token);
  const token = await api.tokenFor(exam.id);
  const read = async () =>
    getExamSessionResponseSchema
      .parse((await api.session(token)).json())
      .questions.map((q) => q.id);
  return { api, token, ids: await read(), reload: await read() };
}

describe('an exam drawn from a bank', () => {
  let bank: Bank;
  let exam: TestExam;
  beforeAll(async () => {
    bank = await makeBank();
    exam = await drawnExam(bank);
  });

  it('tells the student before starting how many questions they get: 1 fixed + 2 + 2', async () => {
    const api = examClient(server.app, (await makeStudent(server.db)).token);
    const res = await api.details(exam.code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.questions_count).toBe(5);
  });

  it("counts a started session's own questions, and writes its total mark from the start: 1 + 2 + 4", async () => {
    const { api, token } = await sessionOf(exam);
    const res = await api.details(exam.code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ questions_count: 5, active_session: true });
    const row = await server.db
      .selectFrom('exam_sessions')
      .select(['total_mark', 'finished_at'])
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ total_mark: 7, finished_at: null });
  });

  it('gives each session its own questions by the rules, the same on every reload', async () => {
    const motionEasy = new Set(bank.motion.map((q) => q.id));
    const hard = new Set(bank.hard.map((q) => q.id));
    const sets: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { ids, reload } = await sessionOf(exam);
      expect(reload).toEqual(ids);
      expect(ids).toHaveLength(5);
      expect(new Set(ids).size).toBe(5);
      // The fixed question first, then the first rule's two, then the second's.
      expect(ids[0]).toBe(exam.questions[0]!.id);
      // «حركة» worth 1: only the three easy ones carry that tag and mark.
      expect(ids.slice(1, 3).every((id) => motionEasy.has(id))).toBe(true);
      expect(ids.slice(3, 5).every((id) => hard.has(id))).toBe(true);
      sets.push([...ids].sort((x, y) => x - y).join(','));
    }
    // 3 × 6 = 18 possible sets; six sessions that all drew one are not a draw.
    expect(new Set(sets).size).toBeGreaterThan(1);
  });

  it('is worth the same total for everyone: every right answer is 7 of 7, whatever was drawn', async () => {
    const byId = new Map(bank.all.map((q) => [q.id, q]));
    for (let i = 0; i < 3; i++) {
      const { api, token, ids } = await sessionOf(exam);
      const answers = ids.map((id) => ({
        question_id: id,
        chosen_answer:
          id === exam.questions[0]!.id ? exam.questions[0]!.right! : byId.get(id)!.right,
      }));
      const res = await api.submit(token, answers);
      expect(res.statusCode, res.body).toBe(200);
      const { result } = submitExamSessionResponseSchema.parse(res.json());
      expect(result).toMatchObject({ correction_mark: 7, total_mark: 7 });
    }
  });

  it('refuses an answer to a bank question the session did not draw, and saves nothing', async () => {
    const { api, token, ids } = await sessionOf(exam);
    const notDrawn = bank.energy[0]!;
    expect(ids).not.toContain(notDrawn.id);
    const res = await api.answer(token, [
      { question_id: ids[1]!, chosen_answer: bank.all.find((q) => q.id === ids[1])!.right },
      { question_id: notDrawn.id, chosen_answer: notDrawn.right },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('السؤال غير موجود في هذا الامتحان');
    const view = getExamSessionResponseSchema.parse((await api.session(token)).json());
    expect(view.answer_attempts).toHaveLength(0);
  });

  it('shows each rule what it could draw on its own: 6 (حركة, worth 1 → 3 easy) and 4 hard', async () => {
    const res = await staff('GET', `/exam-draw-rules?exam_id=${exam.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const rules = res.json().data as {
      available: number;
      count: number;
      bank_name: string;
      position: number;
      tag: string | null;
      difficulty: string | null;
    }[];
    expect(rules.map((r) => [r.count, r.available])).toEqual([
      [2, 3],
      [2, 4],
    ]);
    // In the order they were added, each as it was asked for.
    expect(rules.map((r) => [r.position, r.tag, r.difficulty])).toEqual([
      [0, 'حركة', null],
      [1, null, 'hard'],
    ]);
    expect(rules[0]!.bank_name).toBe('بنك الفيزياء');
  });

  it('counts the drawn questions in the exam’s totals for staff: 5 questions and 7 marks a student', async () => {
    const res = await staff('GET', `/exams/${exam.id}`);
    expect(res.json().data).toMatchObject({
      questions_count: 5,
      total_mark: 7,
      drawn_questions_count: 4,
      drawn_total_mark: 6,
    });
  });

  it('lists the bank with its question count and the exams drawing from it', async () => {
    const res = await staff('GET', `/question-banks/${bank.bankId}`);
    expect(res.json().data).toMatchObject({ questions_count: 10, exams_count: 1 });
    const tagged = await staff('GET', `/questions?bank_id=${bank.bankId}&tag=طاقة`);
    expect(tagged.json().meta.total).toBe(3);
    const hard = await staff('GET', `/questions?bank_id=${bank.bankId}&difficulty=hard`);
    expect(hard.json().meta.total).toBe(4);
    // Tags are whole words: «حركة» is not found inside «طاقة», and a % is a letter.
    const percent = await staff(
      'GET',
      `/questions?bank_id=${bank.bankId}&tag=${encodeURIComponent('%')}`,
    );
    expect(percent.json().meta.total).toBe(0);
  });

  it('keeps tags in lower case, so a filter and a rule on «Newton» find the same questions', async () => {
    const res = await staff('POST', '/question-banks', { name: 'Mechanics' });
    const bankId = res.json().data.id as number;
    const made = await staff('POST', '/questions', {
      bank_id: bankId,
      type: 'truefalse',
      text: 'F = m a',
      correct_true: true,
      tags: ['Newton', 'newton '],
    });
    expect(made.json().data.tags).toEqual(['newton']);
    const listed = await staff('GET', `/questions?bank_id=${bankId}&tag=NEWTON`);
    expect(listed.json().meta.total).toBe(1);
    const exam = await makeExam(server.db, { questions: [] });
    const rule = await addRule(exam.id, { bank_id: bankId, tag: 'Newton', mark: 1, count: 1 });
    expect(rule.statusCode, rule.body).toBe(200);
    expect(rule.json().data).toMatchObject({ tag: 'newton', available: 1 });
    const piped = await addRule(exam.id, { bank_id: bankId, tag: 'a|b', mark: 1, count: 1 });
    expect(piped.statusCode).toBe(422);
  });
});

describe('rules a bank cannot meet', () => {
  it('refuses a rule asking for more than its questions, naming what can be drawn', async () => {
    const bank = await makeBank();
    const exam = await makeExam(server.db, { questions: [] });
    const res = await addRule(exam.id, { bank_id: bank.bankId, tag: 'طاقة', mark: 1, count: 4 });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('قواعد السحب تطلب 4 أسئلة ولا يمكن سحب إلا 3 أسئلة دون تكرار');
    const none = await staff('GET', `/exam-draw-rules?exam_id=${exam.id}`);
    expect(none.json().meta.total).toBe(0);
  });

  it('counts a question once between overlapping rules: 4 of any easy + 3 of «حركة» need 7 of 6', async () => {
    const bank = await makeBank();
    const exam = await makeExam(server.db, { questions: [] });
    const first = await addRule(exam.id, {
      bank_id: bank.bankId,
      difficulty: 'easy',
      mark: 1,
      count: 4,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await addRule(exam.id, { bank_id: bank.bankId, tag: 'حركة', mark: 1, count: 3 });
    expect(second.statusCode).toBe(422);
    expect(second.body).toContain('قواعد السحب تطلب 7 أسئلة ولا يمكن سحب إلا 6 أسئلة دون تكرار');
    // Three of «حركة» and three of any easy ones fit exactly: 6 of 6, no question twice.
    const fits = await addRule(exam.id, { bank_id: bank.bankId, tag: 'حركة', mark: 1, count: 2 });
    expect(fits.statusCode, fits.body).toBe(200);
    // Changing a rule is checked the same way: 4 + 3 again is refused and changes nothing.
    const more = await staff('PATCH', `/exam-draw-rules/${fits.json().data.id}`, { count: 3 });
    expect(more.statusCode).toBe(422);
    expect(more.body).toContain('قواعد السحب تطلب 7 أسئلة ولا يمكن سحب إلا 6 أسئلة دون تكرار');
    expect((await staff('GET', `/exam-draw-rules/${fits.json().data.id}`)).json().data.count).toBe(
      2,
    );
    const { ids } = await sessionOf({ ...exam, questions: [] });
    expect(new Set(ids).size).toBe(6);
  });

  it('refuses a rule no question fits (no question of the bank is worth 5)', async () => {
    const bank = await makeBank();
    const exam = await makeExam(server.db, { questions: [] });
    const res = await addRule(exam.id, { bank_id: bank.bankId, mark: 5, count: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('لا توجد في البنك أسئلة بهذه الدرجة والوسم ومستوى الصعوبة');
  });
});

describe('banks and rules that name nothing, and the limits', () => {
  it('refuses a rule for no exam or no bank, and a 21st rule (at most 20)', async () => {
    const bank = await makeBank();
    const exam = await makeExam(server.db, { questions: [] });
    const noExam = await addRule(999_999, { bank_id: bank.bankId, mark: 1, count: 1 });
    expect(noExam.statusCode).toBe(422);
    const noBank = await addRule(exam.id, { bank_id: 999_999, mark: 1, count: 1 });
    expect(noBank.statusCode).toBe(422);
    // Twenty rules of one question each need a bank of at least twenty: 25 of one mark.
    const big = (await staff('POST', '/question-banks', { name: 'بنك كبير' })).json().data.id;
    for (let i = 0; i < 25; i++) {
      const made = await staff('POST', '/questions', {
        bank_id: big,
        type: 'truefalse',
        text: `سؤال ${i}`,
        correct_true: true,
      });
      expect(made.statusCode).toBe(200);
    }
    for (let i = 0; i < 20; i++) {
      const rule = await addRule(exam.id, { bank_id: big, mark: 1, count: 1 });
      expect(rule.statusCode, rule.body).toBe(200);
    }
    const over = await addRule(exam.id, { bank_id: big, mark: 1, count: 1 });
    expect(over.statusCode).toBe(422);
    expect(over.body).toContain('لا يزيد عدد قواعد السحب في الامتحان عن 20');
    expect((await staff('GET', `/exam-draw-rules?exam_id=${exam.id}`)).json().meta.total).toBe(20);
  });

  it('renames a bank, lists banks by course, and deletes one no exam draws from with its questions', async () => {
    const course = await makeCourse(server, { payType: 'course', price: 0 });
    const bank = await makeBank();
    const renamed = await staff('PATCH', `/question-banks/${bank.bankId}`, { name: 'بنك الحركة' });
    expect(renamed.json().data.name).toBe('بنك الحركة');
    {
      const inCourse = await staff('POST', '/question-banks', {
        name: 'بنك الدورة',
        course_id: course.id,
      });
      expect(inCourse.json().data).toMatchObject({
        course_id: course.id,
        course_name: course.name,
      });
      const listed = await staff('GET', `/question-banks?course_id=${course.id}`);
      expect(listed.json().data.map((b: { name: string }) => b.name)).toEqual(['بنك الدورة']);
    }
    const noCourse = await staff('POST', '/question-banks', { name: 'x', course_id: 999_999 });
    expect(noCourse.statusCode).toBe(422);
    expect((await staff('DELETE', `/question-banks/${bank.bankId}`)).statusCode).toBe(200);
    const left = await server.db
      .selectFrom('questions')
      .select('id')
      .where(
        'id',
        'in',
        bank.all.map((q) => q.id),
      )
      .execute();
    expect(left).toEqual([]);
  });

  it('answers 404 for the preview of no exam, and refuses deleting a rule once started', async () => {
    expect((await staff('GET', '/exams/999999/draw-preview')).statusCode).toBe(404);
    const bank = await makeBank();
    const exam = await drawnExam(bank);
    await sessionOf(exam);
    const rules = (await staff('GET', `/exam-draw-rules?exam_id=${exam.id}`)).json().data;
    expect((await staff('DELETE', `/exam-draw-rules/${rules[0].id}`)).statusCode).toBe(409);
  });

  it('a session that cannot be drawn any more is not started (a rule asks more than remains)', async () => {
    const bank = await makeBank();
    const exam = await makeExam(server.db, { questions: [] });
    expect(
      (await addRule(exam.id, { bank_id: bank.bankId, tag: 'طاقة', mark: 1, count: 3 })).statusCode,
    ).toBe(200);
    // Before any session, a bank question may still go: the rule now asks 3 of 2.
    expect((await staff('DELETE', `/questions/${bank.energy[0]!.id}`)).statusCode).toBe(200);
    const api = examClient(server.app, (await makeStudent(server.db)).token);
    const res = await api.start(exam.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('EXAM_NOT_ACTIVE');
    const none = await server.db
      .selectFrom('exam_sessions')
      .select('id')
      .where('exam_id', '=', exam.id)
      .execute();
    expect(none).toEqual([]);
  });
});

describe('the staff preview', () => {
  it('draws as a session with that seed would, the same twice; another seed draws again', async () => {
    const bank = await makeBank();
    const exam = await drawnExam(bank);
    const preview = async (seed: string) => {
      const res = await staff('GET', `/exams/${exam.id}/draw-preview?seed=${seed}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        seed: string;
        questions: { id: number }[];
        total_mark: number;
        fixed_count: number;
        drawn_count: number;
        missing: number;
      };
    };
    const one = await preview('abc');
    expect(one).toMatchObject({ seed: 'abc', total_mark: 7, fixed_count: 1, drawn_count: 4 });
    expect((await preview('abc')).questions).toEqual(one.questions);
    expect(one.questions[0]!.id).toBe(exam.questions[0]!.id);
    const sets = new Set<string>();
    for (const seed of ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8']) {
      sets.add(
        (await preview(seed)).questions
          .map((q) => q.id)
          .sort((x, y) => x - y)
          .join(','),
      );
    }
    expect(sets.size).toBeGreaterThan(1);
  });
});

describe('once students started an exam drawing from a bank', () => {
  it('fixes the marking of the bank’s questions and the exam’s rules, but not their wording', async () => {
    const bank = await makeBank();
    const exam = await drawnExam(bank);
    const q = bank.hard[0]!;
    // Before any session a bank question may change freely.
    expect(
      (
        await staff('PATCH', `/questions/${q.id}`, {
          answers: [
            { text: 'صحيح', correct: true },
            { text: 'خطأ', correct: false },
          ],
        })
      ).statusCode,
    ).toBe(200);
    await sessionOf(exam);
    const markChange = await staff('PATCH', `/questions/${q.id}`, { mark: 3 });
    expect(markChange.statusCode).toBe(409);
    expect(markChange.body).toContain('يسحب من هذا البنك امتحان بدأه طلاب');
    expect((await staff('DELETE', `/questions/${q.id}`)).statusCode).toBe(409);
    expect((await staff('PATCH', `/questions/${q.id}`, { text: 'نص مصحح' })).statusCode).toBe(200);
    const rules = (await staff('GET', `/exam-draw-rules?exam_id=${exam.id}`)).json().data;
    const ruleChange = await staff('PATCH', `/exam-draw-rules/${rules[0].id}`, { count: 1 });
    expect(ruleChange.statusCode).toBe(409);
    // A bank still drawn from cannot go (its rules first).
    expect((await staff('DELETE', `/question-banks/${bank.bankId}`)).statusCode).toBe(409);
    // A new question for the bank is fine: later draws have more to choose from.
    const added = await staff('POST', '/questions', {
      bank_id: bank.bankId,
      type: 'truefalse',
      text: 'سؤال جديد',
      correct_true: true,
    });
    expect(added.statusCode, added.body).toBe(200);
  });

  it('regrades a drawn question in exactly the submitted sessions that drew it', async () => {
    const bank = await makeBank();
    const exam = await drawnExam(bank);
    const byId = new Map(bank.all.map((q) => [q.id, q]));
    // Eight students answer everything right: 7 of 7 each.
    const drawnBy: number[][] = [];
    for (let i = 0; i < 8; i++) {
      const { api, token, ids } = await sessionOf(exam);
      drawnBy.push(ids);
      const answers = ids.map((id) => ({
        question_id: id,
        chosen_answer:
          id === exam.questions[0]!.id ? exam.questions[0]!.right! : byId.get(id)!.right,
      }));
      expect((await api.submit(token, answers)).statusCode).toBe(200);
    }
    // The hard question most sessions drew; its key moves to the option everyone left.
    const counts = new Map<number, number>();
    for (const ids of drawnBy)
      for (const id of ids.slice(3)) counts.set(id, (counts.get(id) ?? 0) + 1);
    const [target, drew] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const q = byId.get(target)!;
    const mark = await staff('POST', `/questions/${target}/regrade`, { mark: 3 });
    expect(mark.statusCode).toBe(422);
    expect(mark.body).toContain('درجة سؤال البنك تحددها قواعد السحب');
    const res = await staff('POST', `/questions/${target}/regrade`, {
      correct_option_ids: [q.wrong],
    });
    expect(res.statusCode, res.body).toBe(200);
    // Each session that drew it had it right (2 marks): now 5 of 7; the others keep 7.
    expect(res.json().data).toMatchObject({ sessions: drew, changed: drew });
    const marks = await server.db
      .selectFrom('exam_sessions')
      .select(['correction_mark', 'total_mark'])
      .where('exam_id', '=', exam.id)
      .orderBy('id')
      .execute();
    expect(marks.map((m) => m.correction_mark)).toEqual(
      drawnBy.map((ids) => (ids.includes(target) ? 5 : 7)),
    );
    expect(marks.every((m) => m.total_mark === 7)).toBe(true);
  });

  it('analyses a drawn question over the sessions that drew it only', async () => {
    const bank = await makeBank();
    const exam = await drawnExam(bank);
    const byId = new Map(bank.all.map((q) => [q.id, q]));
    const drawnBy: number[][] = [];
    for (let i = 0; i < 5; i++) {
      const { api, token, ids } = await sessionOf(exam);
      drawnBy.push(ids);
      // Every drawn question answered wrong, the fixed one right.
      const answers = ids.map((id) => ({
        question_id: id,
        chosen_answer:
          id === exam.questions[0]!.id ? exam.questions[0]!.right! : byId.get(id)!.wrong,
      }));
      expect((await api.submit(token, answers)).statusCode).toBe(200);
    }
    const res = await staff('GET', `/exams/${exam.id}/item-analysis`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.questions as { id: number; answered: number; facility: number }[];
    const drawn = new Set(drawnBy.flatMap((ids) => ids.slice(1)));
    expect(items.map((i) => i.id).sort((a, b) => a - b)).toEqual(
      [exam.questions[0]!.id, ...drawn].sort((a, b) => a - b),
    );
    for (const item of items) {
      const sawIt = drawnBy.filter((ids) => ids.includes(item.id)).length;
      expect(item.answered).toBe(sawIt);
      expect(item.facility).toBe(item.id === exam.questions[0]!.id ? 100 : 0);
    }
  });
});
