import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  staffEndpoints as e,
  type StaffDrawPreview,
  type StaffExamDrawRule,
  type StaffQuestion,
  type StaffQuestionBank,
} from '@dars/contract';
import { staffCourse, staffExam } from '../../test/fixtures';
import { answer, fakeStaffApi, LEADER, list, staffBasics, type Call } from '../../test/fake-api';
import { loadScreensFirst, openConsole } from '../../test/console';
import { ARABIC_INDIC, arabicBrowser } from '../../test/browser';

/**
 * Question banks and exams drawn from them in the console (issue 26, ADR 046): the banks'
 * list, a bank's questions with a difficulty and tags, the exam page's draw rules with the
 * total every student gets, and the preview of one draw.
 */

loadScreensFirst(
  () => import('./bank-list'),
  () => import('./bank-edit'),
  () => import('../exams/exam-edit'),
  () => import('../exams/question-edit'),
);

// Long forms of react-admin on MUI in jsdom, on a shared 2-core machine under load.
const SLOW = { timeout: 240_000 };

const COURSE = staffCourse({ id: 2, name: 'فيزياء الصف الثالث الثانوي' });

const BANK: StaffQuestionBank = {
  id: 3,
  course_id: 2,
  course_name: 'فيزياء الصف الثالث الثانوي',
  name: 'بنك الميكانيكا',
  questions_count: 12,
  exams_count: 2,
  created_at: '2026-11-20T10:00:00.000Z',
};

function question(over: Partial<StaffQuestion> & Pick<StaffQuestion, 'id'>): StaffQuestion {
  return {
    exam_id: null,
    bank_id: 3,
    difficulty: null,
    tags: [],
    position: over.id,
    type: 'choices',
    text: `نص السؤال ${over.id}`,
    image_url: null,
    mark: 1,
    answer_explain_text: null,
    answer_explain_image: null,
    answers: [
      { id: over.id * 10 + 1, text: 'أ', image_url: null, correct: true },
      { id: over.id * 10 + 2, text: 'ب', image_url: null, correct: false },
    ],
    ...over,
  };
}

function rule(over: Partial<StaffExamDrawRule> & Pick<StaffExamDrawRule, 'id'>): StaffExamDrawRule {
  return {
    exam_id: 5,
    bank_id: 3,
    bank_name: 'بنك الميكانيكا',
    tag: null,
    difficulty: null,
    mark: 1,
    count: 1,
    position: over.id,
    available: 10,
    ...over,
  };
}

/** Puts a value in a field in one input event (typing letter by letter is slow under load). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

const bodies = (calls: Call[]) => calls.map((c) => c.body);

describe('question banks', SLOW, () => {
  it('lists the banks with their course, questions and the exams drawing from them', async () => {
    fakeStaffApi([
      ...staffBasics(LEADER),
      list(e.staffListQuestionBanks, [BANK]),
      list(e.staffListCourses, [COURSE]),
    ]);
    openConsole('/question-banks', LEADER);
    const row = (await screen.findByText('بنك الميكانيكا')).closest('tr')!;
    expect(within(row).getByText('فيزياء الصف الثالث الثانوي')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    // Beside the exams in the menu.
    expect(screen.getByRole('menuitem', { name: /بنوك الأسئلة/ })).toBeInTheDocument();
  });

  it('creates a bank for a course, then opens its page', async () => {
    const made: StaffQuestionBank = {
      ...BANK,
      id: 4,
      name: 'بنك الكهرباء',
      questions_count: 0,
      exams_count: 0,
    };
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      list(e.staffListCourses, [COURSE]),
      answer(e.staffGetCourse, { data: COURSE }, { params: { id: 2 } }),
      answer(e.staffCreateQuestionBank, { data: made }),
      answer(e.staffGetQuestionBank, { data: made }, { params: { id: 4 } }),
      list(e.staffListQuestions, []),
    ]);
    const user = openConsole('/question-banks/create', LEADER);
    await fill(user, await screen.findByLabelText(/^اسم البنك/), 'بنك الكهرباء');
    await user.click(screen.getByLabelText(/^الدورة/));
    await user.click(await screen.findByRole('option', { name: 'فيزياء الصف الثالث الثانوي' }));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    const section = await screen.findByRole('region', { name: 'أسئلة البنك' });
    expect(await within(section).findByText('لا توجد أسئلة في هذا البنك بعد')).toBeInTheDocument();
    expect(bodies(api.callsTo(e.staffCreateQuestionBank))).toEqual([
      { name: 'بنك الكهرباء', course_id: 2 },
    ]);
    expect(window.location.pathname).toBe('/staff/question-banks/4');
  });

  it("shows a bank's questions with difficulty and tags, and filters them", async () => {
    // Marks in Western digits on an Arabic browser too (ADR 035).
    arabicBrowser();
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      answer(e.staffGetQuestionBank, { data: BANK }, { params: { id: 3 } }),
      list(e.staffListQuestions, [
        question({ id: 7, text: 'ما وحدة قياس القوة؟', difficulty: 'easy', tags: ['نيوتن'] }),
        question({ id: 8, text: 'احسب العجلة', mark: 2, difficulty: 'hard', tags: [] }),
      ]),
      list(e.staffListCourses, [COURSE]),
    ]);
    const user = openConsole('/question-banks/3', LEADER);
    const section = await screen.findByRole('region', { name: 'أسئلة البنك' });
    const first = (await within(section).findByText('ما وحدة قياس القوة؟')).closest('tr')!;
    expect(within(first).getByText('سهل')).toBeInTheDocument();
    expect(within(first).getByText('نيوتن')).toBeInTheDocument();
    expect(within(first).getByText('اختيار من متعدد')).toBeInTheDocument();
    const second = within(section).getByText('احسب العجلة').closest('tr')!;
    expect(within(second).getByText('صعب')).toBeInTheDocument();
    expect(within(second).getByText('2')).toBeInTheDocument();
    expect(section.textContent).not.toMatch(ARABIC_INDIC);
    expect(api.callsTo(e.staffListQuestions)[0]?.query.bank_id).toBe('3');
    expect(
      within(section).getByText(/^عدد الامتحانات التي تسحب من هذا البنك: 2\./),
    ).toBeInTheDocument();

    await user.click(within(section).getByLabelText('تصفية حسب مستوى الصعوبة'));
    await user.click(await screen.findByRole('option', { name: 'صعب' }));
    await waitFor(() =>
      expect(api.callsTo(e.staffListQuestions).some((c) => c.query.difficulty === 'hard')).toBe(
        true,
      ),
    );
    await fill(user, within(section).getByLabelText('تصفية حسب الوسم'), 'نيوتن');
    await waitFor(() =>
      expect(
        api
          .callsTo(e.staffListQuestions)
          .some((c) => c.query.tag === 'نيوتن' && c.query.difficulty === 'hard'),
      ).toBe(true),
    );
  });

  it('adds a question to the bank with its difficulty and tags, then returns to the bank', async () => {
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      answer(e.staffGetQuestionBank, { data: BANK }, { params: { id: 3 } }),
      list(e.staffListQuestions, []),
      list(e.staffListCourses, [COURSE]),
      answer(e.staffCreateQuestion, { data: question({ id: 40 }) }),
    ]);
    const user = openConsole('/question-banks/3', LEADER);
    await user.click(await screen.findByRole('link', { name: 'إضافة سؤال إلى البنك' }));
    await fill(user, await screen.findByLabelText(/^نص السؤال/), 'ما وحدة قياس الشغل؟');
    const mark = screen.getByLabelText(/^الدرجة/);
    await user.clear(mark);
    await fill(user, mark, '2');
    await user.click(screen.getByLabelText(/^مستوى الصعوبة/));
    await user.click(await screen.findByRole('option', { name: 'متوسط' }));
    // A comma adds the word before it; Enter adds the one being typed.
    await fill(user, screen.getByLabelText(/^الوسوم/), 'الشغل، الطاقة');
    await user.keyboard('{Enter}');
    await fill(user, screen.getByLabelText(/^الإجابة 1$/), 'الجول');
    await fill(user, screen.getByLabelText(/^الإجابة 2$/), 'الوات');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await screen.findByRole('region', { name: 'أسئلة البنك' });
    expect(bodies(api.callsTo(e.staffCreateQuestion))).toEqual([
      {
        bank_id: 3,
        difficulty: 'medium',
        tags: ['الشغل', 'الطاقة'],
        type: 'choices',
        text: 'ما وحدة قياس الشغل؟',
        mark: 2,
        answers: [
          { text: 'الجول', correct: true, image_url: null },
          { text: 'الوات', correct: false, image_url: null },
        ],
      },
    ]);
    expect(window.location.pathname).toBe('/staff/question-banks/3');
  });

  it("shows the server's refusal when an exam drawing from the bank has started", async () => {
    const q = question({ id: 9, text: 'سؤال مسحوب من قبل' });
    const refusal =
      'يسحب من هذا البنك امتحان بدأه طلاب: لا يمكن تغيير نوع السؤال أو درجته أو إجابته أو حذفه؛ استخدم إعادة التصحيح';
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      answer(e.staffGetQuestion, { data: q }, { params: { id: 9 } }),
      answer(e.staffUpdateQuestion, { message: refusal }, { params: { id: 9 }, status: 409 }),
    ]);
    const user = openConsole('/questions/9', LEADER);
    expect(await screen.findByRole('link', { name: 'العودة إلى البنك' })).toHaveAttribute(
      'href',
      '/staff/question-banks/3',
    );
    const mark = screen.getByLabelText(/^الدرجة/);
    await waitFor(() => expect(mark).toHaveValue(1));
    await user.clear(mark);
    await fill(user, mark, '3');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(bodies(api.callsTo(e.staffUpdateQuestion, { id: 9 }))).toEqual([{ mark: 3 }]);
  });
});

// The exam: one fixed question of one mark.
const EXAM = staffExam({ id: 5, name: 'امتحان الحركة', questions_count: 1, total_mark: 1 });
const FIXED: StaffQuestion = question({
  id: 1,
  exam_id: 5,
  bank_id: null,
  text: 'السؤال الثابت',
});

/** The exam page: the exam, its fixed question, courses and banks. */
function examPage() {
  return [
    ...staffBasics(LEADER),
    answer(e.staffGetExam, { data: EXAM }, { params: { id: 5 } }),
    list(e.staffListQuestions, [FIXED]),
    list(e.staffListCourses, [COURSE]),
    list(e.staffListQuestionBanks, [BANK]),
    answer(e.staffGetQuestionBank, { data: BANK }, { params: { id: 3 } }),
  ];
}

describe("an exam's draw rules", SLOW, () => {
  it('shows each rule with what it can draw, a warning when short, and the total per student', async () => {
    fakeStaffApi([
      ...examPage(),
      list(e.staffListExamDrawRules, [
        rule({ id: 1, mark: 1, count: 2, available: 6, tag: 'نيوتن' }),
        rule({ id: 2, mark: 2, count: 2, available: 1, difficulty: 'hard' }),
      ]),
    ]);
    openConsole('/exams/5', LEADER);
    const panel = await screen.findByRole('region', { name: 'قواعد السحب من بنوك الأسئلة' });
    const rows = await within(panel).findAllByTestId('draw-rule');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('بنك الميكانيكا')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('نيوتن')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('6')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('صعب')).toBeInTheDocument();
    // 2 asked, 1 in the bank: said in words, not by colour alone.
    expect(within(rows[1]!).getByText('تحذير: المتاح في البنك 1 والمطلوب 2')).toBeInTheDocument();
    expect(within(rows[0]!).queryByText(/تحذير/)).not.toBeInTheDocument();
    // 1 fixed question of 1 mark + 2 × 1 + 2 × 2 = 7 marks; 1 + 2 + 2 = 5 questions.
    expect(
      within(panel).getByText('ما يحصل عليه كل طالب: 5 أسئلة — الدرجة الكلية 7 درجات'),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText('الأسئلة الثابتة: 1 بدرجة 1، والمسحوبة: 4 بدرجة 6'),
    ).toBeInTheDocument();
  });

  it("adds a rule and shows the server's 422 message when the banks cannot meet it", async () => {
    const short =
      'قواعد السحب تطلب 9 سؤالاً ولا يمكن سحب إلا 6 دون تكرار؛ أضف أسئلة إلى البنك أو قلّل العدد';
    const api = fakeStaffApi([
      ...examPage(),
      list(e.staffListExamDrawRules, []),
      answer(
        e.staffCreateExamDrawRule,
        { message: 'البيانات غير صحيحة', errors: { count: [short] } },
        { status: 422 },
      ),
    ]);
    const user = openConsole('/exams/5', LEADER);
    const panel = await screen.findByRole('region', { name: 'قواعد السحب من بنوك الأسئلة' });
    expect(
      await within(panel).findByText('ما يحصل عليه كل طالب: سؤال واحد — الدرجة الكلية درجة واحدة'),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'إضافة قاعدة سحب' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة قاعدة سحب' });
    await user.click(within(dialog).getByLabelText(/^بنك الأسئلة/));
    await user.click(await screen.findByRole('option', { name: 'بنك الميكانيكا' }));
    await fill(user, within(dialog).getByLabelText(/^الوسم/), 'نيوتن');
    const count = within(dialog).getByLabelText(/^عدد الأسئلة/);
    await user.clear(count);
    await fill(user, count, '9');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText(short)).toBeInTheDocument();
    expect(bodies(api.callsTo(e.staffCreateExamDrawRule))).toEqual([
      { exam_id: 5, bank_id: 3, tag: 'نيوتن', difficulty: null, mark: 1, count: 9 },
    ]);
  });

  it("changes a rule's count, and shows the 409 when students started the exam meanwhile", async () => {
    const started = 'لا يمكن تعديل أسئلة امتحان بدأه طلاب؛ أنشئ نسخة جديدة من الامتحان';
    const rules = [rule({ id: 1, mark: 1, count: 2, available: 6 }), rule({ id: 2, mark: 2 })];
    const api = fakeStaffApi([
      ...examPage(),
      answer(e.staffListExamDrawRules, () => ({ data: rules, meta: { total: rules.length } })),
      answer(e.staffGetExamDrawRule, { data: rules[0] }, { params: { id: 1 } }),
      answer(
        e.staffUpdateExamDrawRule,
        () => {
          rules[0] = { ...rules[0]!, count: 3 };
          return { data: rules[0] };
        },
        { params: { id: 1 } },
      ),
      answer(e.staffDeleteExamDrawRule, { message: started }, { params: { id: 2 }, status: 409 }),
    ]);
    const user = openConsole('/exams/5', LEADER);
    const panel = await screen.findByRole('region', { name: 'قواعد السحب من بنوك الأسئلة' });
    // 1 fixed + 2 × 1 + 1 × 2: 4 questions, 5 marks.
    expect(
      await within(panel).findByText('ما يحصل عليه كل طالب: 4 أسئلة — الدرجة الكلية 5 درجات'),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'تعديل القاعدة 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل قاعدة السحب 1' });
    const count = within(dialog).getByLabelText(/^عدد الأسئلة/);
    await waitFor(() => expect(count).toHaveValue(2));
    await user.clear(count);
    await fill(user, count, '3');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await screen.findByText('تم حفظ قاعدة السحب');
    expect(bodies(api.callsTo(e.staffUpdateExamDrawRule, { id: 1 }))).toEqual([{ count: 3 }]);
    // Read again: 1 + 3 × 1 + 1 × 2 = 6 marks, 5 questions.
    expect(
      await within(panel).findByText('ما يحصل عليه كل طالب: 5 أسئلة — الدرجة الكلية 6 درجات'),
    ).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'حذف القاعدة 2' }));
    await user.click(await screen.findByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByText(started)).toBeInTheDocument();
    expect(api.callsTo(e.staffDeleteExamDrawRule, { id: 2 })).toHaveLength(1);
  });

  it('previews a draw, fixed then drawn, and draws again with a new request', async () => {
    const draws: StaffDrawPreview[] = [
      {
        seed: 'first',
        questions: [
          FIXED,
          question({ id: 21, text: 'المسحوب الأول' }),
          question({ id: 22, text: 'المسحوب الثاني', mark: 2 }),
        ],
        total_mark: 4,
        fixed_count: 1,
        drawn_count: 2,
        missing: 0,
      },
      {
        seed: 'second',
        questions: [FIXED, question({ id: 23, text: 'مسحوب في المرة الثانية' })],
        total_mark: 4,
        fixed_count: 1,
        drawn_count: 1,
        missing: 1,
      },
    ];
    let round = 0;
    const api = fakeStaffApi([
      ...examPage(),
      list(e.staffListExamDrawRules, [
        rule({ id: 1, mark: 1, count: 1 }),
        rule({ id: 2, mark: 2, count: 1 }),
      ]),
      answer(e.staffExamDrawPreview, () => ({ data: draws[Math.min(round++, 1)] }), {
        params: { id: 5 },
      }),
    ]);
    const user = openConsole('/exams/5', LEADER);
    const panel = await screen.findByRole('region', { name: 'قواعد السحب من بنوك الأسئلة' });
    await user.click(within(panel).getByRole('button', { name: 'معاينة سحب' }));
    const dialog = await screen.findByRole('dialog', { name: 'معاينة سحب' });
    await within(dialog).findByText('المسحوب الأول');
    const items = within(dialog).getAllByTestId('drawn-question');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^السؤال 1ثابت.*السؤال الثابت$/),
      expect.stringMatching(/^السؤال 2مسحوب.*المسحوب الأول$/),
      expect.stringMatching(/^السؤال 3مسحوب.*المسحوب الثاني$/),
    ]);
    expect(
      within(dialog).getByText('الدرجة الكلية: 4 درجات — عدد الأسئلة: 3 أسئلة'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/تعذّر سحب/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'اسحب مرة أخرى' }));
    expect(await within(dialog).findByText('مسحوب في المرة الثانية')).toBeInTheDocument();
    expect(within(dialog).queryByText('المسحوب الأول')).not.toBeInTheDocument();
    expect(within(dialog).getByText(/^تعذّر سحب 1 من الأسئلة المطلوبة/)).toBeInTheDocument();
    const calls = api.callsTo(e.staffExamDrawPreview, { id: 5 });
    expect(calls).toHaveLength(2);
    // Each draw asks without a seed: the server picks a new one.
    expect(calls.map((c) => c.query.seed)).toEqual([undefined, undefined]);
  });
});
