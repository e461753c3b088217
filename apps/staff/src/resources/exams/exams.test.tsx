import { configure, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  staffEndpoints as e,
  staffExamCreateSchema,
  type StaffExam,
  type StaffQuestion,
} from '@dars/contract';
import { staffExam } from '../../test/fixtures';
import {
  ADMIN,
  answer,
  fakeStaffApi,
  list,
  staffBasics,
  type Call,
  type Handler,
} from '../../test/fake-api';
import { openConsole } from '../../test/console';

const EXAM = staffExam({
  id: 5,
  name: 'امتحان الوحدة الأولى',
  exam_code: 'PHY-1',
  duration_minutes: 30,
  created_at: '2026-11-01T00:00:00.000Z',
});

const option = (id: number, text: string, correct = false) => ({
  id,
  text,
  image_url: null,
  correct,
});

function question(over: Partial<StaffQuestion> & Pick<StaffQuestion, 'id'>): StaffQuestion {
  return {
    exam_id: EXAM.id,
    bank_id: null,
    difficulty: null,
    tags: [],
    position: over.id,
    type: 'choices',
    text: `نص السؤال ${over.id}`,
    image_url: null,
    mark: 1,
    answer_explain_text: null,
    answer_explain_image: null,
    answers: [],
    ...over,
  };
}

/** The exam (staffGetExam) and its questions. */
function examApi(exam: StaffExam, questions: StaffQuestion[]): Handler[] {
  return [
    answer(e.staffGetExam, { data: exam }, { params: { id: exam.id } }),
    list(e.staffListQuestions, questions),
    answer(e.staffGetQuestion, (c: Call) => {
      const found = questions.find((q) => q.id === Number(c.params.id));
      return found && { data: found };
    }),
    list(e.staffListCourses, []),
  ];
}

/** Opens the console at `path` already signed in as an admin. */
/** Puts a value in a field in one input event (typing letter by letter is slow under load). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

const bodies = (calls: Call[]) => calls.map((c) => c.body);

// The screens are lazy chunks: load them once up front so no test pays for their transform.
beforeAll(async () => {
  // These pages load a record, then its questions, then a lazy screen: under a shared machine's
  // load that can pass the setup's 10 s.
  configure({ asyncUtilTimeout: 25_000 });
  await Promise.all([
    import('./exam-list'),
    import('./exam-edit'),
    import('./question-edit'),
    import('./exam-preview'),
  ]);
}, 240_000);

// Long forms of react-admin on MUI in jsdom, on a shared 2-core machine under load.
const SLOW = { timeout: 240_000 };

describe('exams in the staff console', SLOW, () => {
  it('creates an exam with its window, duration and switches, then opens its page', async () => {
    const created = {
      ...EXAM,
      id: 9,
      name: 'واجب الحركة',
      exam_code: 'HW-9',
      kind: 'homework' as const,
    };
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      ...examApi(created, []),
      answer(e.staffCreateExam, { data: created }),
    ]);
    const user = openConsole('/exams/create');
    await fill(user, await screen.findByLabelText(/^الاسم/), 'واجب الحركة');
    await fill(user, screen.getByLabelText(/^كود الامتحان/), 'HW-9');
    await user.click(screen.getByLabelText(/^النوع/));
    await user.click(await screen.findByRole('option', { name: 'واجب' }));
    // Day, month by its Arabic name, year, then a 24-hour time, in Cairo's clock.
    const starts = screen.getByRole('group', { name: /^يبدأ في/ });
    for (const [part, option] of [
      ['اليوم', '1'],
      ['الشهر', 'ديسمبر'],
      ['السنة', '2026'],
      ['الساعة', '10'],
      ['الدقيقة', '00'],
    ] as const) {
      await user.click(within(starts).getByRole('combobox', { name: new RegExp(`^${part}`) }));
      await user.click(await screen.findByRole('option', { name: option }));
    }
    await fill(user, screen.getByLabelText(/^المدة بالدقائق/), '45');
    await user.click(screen.getByLabelText('ترتيب عشوائي للإجابات'));
    await user.click(screen.getByLabelText('إظهار النتيجة التفصيلية'));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));

    await screen.findByRole('heading', { name: 'أسئلة الامتحان' });
    expect(bodies(api.callsTo(e.staffCreateExam))).toEqual([
      {
        name: 'واجب الحركة',
        exam_code: 'HW-9',
        kind: 'homework',
        is_general: false,
        // 10:00 in Cairo on 1 December (UTC+2, no summer time then) is 08:00 UTC.
        starts_at: '2026-12-01T08:00:00.000Z',
        duration_minutes: 45,
        pass_percentage: 50,
        // One attempt unless the form says more (ADR 047): the server's defaults, sent as shown.
        max_attempts: 1,
        attempt_wait_minutes: 0,
        attempt_rule: 'best',
        show_result: true,
        show_detailed_result: true,
        shuffled_answers: true,
        shuffled_questions: false,
        enable_images_answers: false,
      },
    ]);
    expect(window.location.pathname).toBe('/staff/exams/9');
  });

  it("hints at the exam code's real rule: letters, digits, a dash and an underscore", async () => {
    fakeStaffApi([...staffBasics(ADMIN), list(e.staffListCourses, [])]);
    openConsole('/exams/create');
    const code = await screen.findByLabelText(/^كود الامتحان/);
    const hint =
      'حروف إنجليزية وأرقام، ويُقبل معها الشَّرطة (-) والشَّرطة السفلية (_)، بلا مسافات وحتى 40 حرفاً؛ يكتبه الطالب لدخول الامتحان';
    expect(code).toHaveAccessibleDescription(hint);
    // What the hint allows the contract accepts, and what it leaves out is refused.
    const rule = staffExamCreateSchema.shape.exam_code;
    for (const ok of ['PHY2026', 'phy-2026_b', 'A'.repeat(40)])
      expect(rule.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['PHY 2026', 'فيز2026', 'PHY.2026', 'A'.repeat(41)])
      expect(rule.safeParse(bad).success, bad).toBe(false);
    expect(rule.safeParse('PHY 2026').error?.issues[0]?.message).toBe(
      'الكود يقبل الحروف الإنجليزية والأرقام والشَّرطة (-) والشَّرطة السفلية (_) فقط، بلا مسافات',
    );
  });

  it("shows the server's 422 message under the exam code", async () => {
    fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListCourses, []),
      answer(
        e.staffCreateExam,
        {
          message: 'البيانات غير صحيحة',
          errors: { exam_code: ['كود الامتحان مستخدم في امتحان آخر'] },
        },
        { status: 422 },
      ),
    ]);
    const user = openConsole('/exams/create');
    await fill(user, await screen.findByLabelText(/^الاسم/), 'امتحان');
    await fill(user, screen.getByLabelText(/^كود الامتحان/), 'PHY-1');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('كود الامتحان مستخدم في امتحان آخر')).toBeInTheDocument();
  });

  it('edits an exam sending only what changed', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      ...examApi(EXAM, []),
      answer(
        e.staffUpdateExam,
        { data: { ...EXAM, duration_minutes: null, show_result: false } },
        { params: { id: 5 } },
      ),
    ]);
    const user = openConsole('/exams/5');
    const duration = await screen.findByLabelText(/^المدة بالدقائق/);
    await waitFor(() => expect(duration).toHaveValue(30));
    await user.clear(duration);
    await user.click(screen.getByLabelText('إظهار النتيجة'));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(bodies(api.callsTo(e.staffUpdateExam, { id: 5 }))).toHaveLength(1));
    expect(bodies(api.callsTo(e.staffUpdateExam, { id: 5 }))[0]).toEqual({
      duration_minutes: null,
      show_result: false,
    });
  });

  it('allows several attempts: the wait and the counting attempt show only then, and are sent', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      ...examApi(EXAM, []),
      answer(
        e.staffUpdateExam,
        {
          data: { ...EXAM, max_attempts: 3, attempt_wait_minutes: 1440, attempt_rule: 'average' },
        },
        { params: { id: 5 } },
      ),
    ]);
    const user = openConsole('/exams/5');
    const attempts = await screen.findByLabelText(/^عدد المحاولات/);
    await waitFor(() => expect(attempts).toHaveValue(1));
    // One attempt: nothing to wait for, nothing to choose between.
    expect(screen.queryByLabelText(/^الانتظار بين المحاولات/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^المحاولة المحتسبة/)).not.toBeInTheDocument();
    await user.clear(attempts);
    await fill(user, attempts, '3');
    const wait = await screen.findByLabelText(/^الانتظار بين المحاولات \(بالدقائق\)/);
    expect(wait).toHaveAccessibleDescription(
      'أقل مدة بين تسليم محاولة وبدء التالية؛ 0 لتبدأ التالية فوراً، وأقصاها 43200 دقيقة (30 يوماً)',
    );
    await user.clear(wait);
    await fill(user, wait, '1440');
    await user.click(screen.getByLabelText(/^المحاولة المحتسبة/));
    expect(screen.getByRole('option', { name: 'أعلى درجة' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'آخر محاولة' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'متوسط المحاولات' }));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(bodies(api.callsTo(e.staffUpdateExam, { id: 5 }))).toHaveLength(1));
    expect(bodies(api.callsTo(e.staffUpdateExam, { id: 5 }))[0]).toEqual({
      max_attempts: 3,
      attempt_wait_minutes: 1440,
      attempt_rule: 'average',
    });
  });

  it('lists exams with their code and question count, filtered by kind', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListExams, [
        { ...EXAM, questions_count: 3 },
        staffExam({
          id: 6,
          name: 'واجب المحاولات',
          exam_code: 'HW-6',
          max_attempts: 3,
          attempt_rule: 'last',
        }),
      ]),
      list(e.staffListCourses, []),
    ]);
    const user = openConsole('/exams');
    const row = (await screen.findByText('امتحان الوحدة الأولى')).closest('tr')!;
    expect(within(row).getByText('PHY-1')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('محاولة واحدة')).toBeInTheDocument();
    const homework = (await screen.findByText('واجب المحاولات')).closest('tr')!;
    expect(within(homework).getByText('3 محاولات — آخر محاولة')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/^النوع/));
    await user.click(await screen.findByRole('option', { name: 'واجب' }));
    await waitFor(() =>
      expect(api.callsTo(e.staffListExams).some((c) => c.query.kind === 'homework')).toBe(true),
    );
  });
});

describe("an exam's questions", SLOW, () => {
  it('adds a choices question with its options and marks, then returns to the exam', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      ...examApi(EXAM, []),
      answer(e.staffCreateQuestion, { data: question({ id: 40 }) }),
    ]);
    const user = openConsole('/exams/5');
    await user.click(await screen.findByRole('link', { name: 'إضافة سؤال' }));
    await fill(user, await screen.findByLabelText(/^نص السؤال/), 'ما وحدة قياس القوة؟');
    const mark = screen.getByLabelText(/^الدرجة/);
    await user.clear(mark);
    await fill(user, mark, '2');
    await fill(user, screen.getByLabelText(/^الإجابة 1$/), 'النيوتن');
    await fill(user, screen.getByLabelText(/^الإجابة 2$/), 'الجول');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await screen.findByRole('heading', { name: 'أسئلة الامتحان' });
    expect(bodies(api.callsTo(e.staffCreateQuestion))).toEqual([
      {
        exam_id: 5,
        type: 'choices',
        text: 'ما وحدة قياس القوة؟',
        mark: 2,
        answers: [
          { text: 'النيوتن', correct: true, image_url: null },
          { text: 'الجول', correct: false, image_url: null },
        ],
      },
    ]);
    expect(window.location.pathname).toBe('/staff/exams/5');
  });

  it('adds a true/false question with which answer is right, and no options', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      ...examApi(EXAM, []),
      answer(e.staffCreateQuestion, { data: question({ id: 41, type: 'truefalse' }) }),
    ]);
    const user = openConsole('/questions/create?exam_id=5');
    await user.click(await screen.findByRole('radio', { name: 'صواب وخطأ' }));
    await fill(user, screen.getByLabelText(/^نص السؤال/), 'الضوء أسرع من الصوت');
    await user.click(screen.getByRole('radio', { name: 'خطأ' }));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(bodies(api.callsTo(e.staffCreateQuestion))).toHaveLength(1));
    expect(bodies(api.callsTo(e.staffCreateQuestion))[0]).toEqual({
      exam_id: 5,
      type: 'truefalse',
      text: 'الضوء أسرع من الصوت',
      mark: 1,
      correct_true: false,
    });
  });

  it('adds an essay question without options and with its explanation', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      ...examApi(EXAM, []),
      answer(e.staffCreateQuestion, { data: question({ id: 42, type: 'essay' }) }),
    ]);
    const user = openConsole('/questions/create?exam_id=5');
    await user.click(await screen.findByRole('radio', { name: 'مقالي' }));
    expect(screen.queryByLabelText(/^الإجابة 1$/)).not.toBeInTheDocument();
    await fill(user, screen.getByLabelText(/^نص السؤال/), 'اشرح قانون نيوتن الأول');
    await fill(user, screen.getByLabelText(/^شرح الإجابة/), 'الجسم يبقى على حالته');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(bodies(api.callsTo(e.staffCreateQuestion))).toHaveLength(1));
    expect(bodies(api.callsTo(e.staffCreateQuestion))[0]).toEqual({
      exam_id: 5,
      type: 'essay',
      text: 'اشرح قانون نيوتن الأول',
      mark: 1,
      answer_explain_text: 'الجسم يبقى على حالته',
    });
  });

  it("edits a true/false question's right answer, and offers its images", async () => {
    const tf = question({
      id: 43,
      type: 'truefalse',
      answers: [option(1, 'صواب', true), option(2, 'خطأ')],
    });
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      ...examApi(EXAM, [tf]),
      answer(e.staffUpdateQuestion, { data: tf }, { params: { id: 43 } }),
    ]);
    const user = openConsole('/questions/43');
    const yes = await screen.findByRole('radio', { name: 'صواب' });
    await waitFor(() => expect(yes).toBeChecked());
    expect(screen.getByRole('button', { name: 'اختيار صورة: صورة السؤال' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'اختيار صورة: صورة شرح الإجابة' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'خطأ' }));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() =>
      expect(bodies(api.callsTo(e.staffUpdateQuestion, { id: 43 }))).toHaveLength(1),
    );
    expect(bodies(api.callsTo(e.staffUpdateQuestion, { id: 43 }))[0]).toEqual({
      correct_true: false,
    });
  });

  it('moves a question down by PATCHing the two positions that changed', async () => {
    const q1 = question({ id: 1, position: 0 });
    const q2 = question({ id: 2, position: 1 });
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      ...examApi(EXAM, [q1, q2]),
      answer(e.staffUpdateQuestion, (c: Call) => ({
        data: question({ id: Number(c.params.id) }),
      })),
    ]);
    const user = openConsole('/exams/5');
    await user.click(await screen.findByRole('button', { name: 'نقل السؤال 1 لأسفل' }));
    await screen.findByText('تم حفظ ترتيب الأسئلة');
    expect(bodies(api.callsTo(e.staffUpdateQuestion, { id: 2 }))).toEqual([{ position: 0 }]);
    expect(bodies(api.callsTo(e.staffUpdateQuestion, { id: 1 }))).toEqual([{ position: 1 }]);
  });

  it("shows the server's Arabic refusal when students started the exam meanwhile", async () => {
    const q1 = question({ id: 1, answers: [option(1, 'أ', true), option(2, 'ب')] });
    fakeStaffApi([
      ...staffBasics(ADMIN),
      ...examApi(EXAM, [q1]),
      answer(
        e.staffDeleteQuestion,
        {
          message: 'لا يمكن تعديل أسئلة امتحان بدأه طلاب؛ أنشئ نسخة جديدة من الامتحان',
        },
        { params: { id: 1 }, status: 409 },
      ),
    ]);
    const user = openConsole('/exams/5');
    await user.click(await screen.findByRole('button', { name: 'حذف السؤال 1' }));
    await user.click(await screen.findByRole('button', { name: 'تأكيد' }));
    expect(
      await screen.findByText('لا يمكن تعديل أسئلة امتحان بدأه طلاب؛ أنشئ نسخة جديدة من الامتحان'),
    ).toBeInTheDocument();
  });

  it('explains why a started exam cannot change its questions, and locks what would', async () => {
    const q1 = question({ id: 1, answers: [option(1, 'أ', true), option(2, 'ب')] });
    fakeStaffApi([...staffBasics(ADMIN), ...examApi({ ...EXAM, sessions_count: 3 }, [q1])]);
    const user = openConsole('/exams/5');
    expect(await screen.findByText('بدأ طلاب هذا الامتحان')).toBeInTheDocument();
    expect(screen.getByText(/مرات الدخول: 3/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'إضافة سؤال' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(await screen.findByRole('button', { name: 'حذف السؤال 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'نقل السؤال 1 لأسفل' })).toBeDisabled();
    await user.click(screen.getByRole('link', { name: 'تعديل السؤال 1' }));
    expect(await screen.findByLabelText(/^الإجابة 1$/)).toBeDisabled();
    expect(screen.getByLabelText(/^الدرجة/)).toBeDisabled();
    expect(screen.getByLabelText(/^نص السؤال/)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'حذف' })).toBeDisabled();
    expect(screen.getAllByText('لا يمكن تغييره بعد أن بدأ طلاب الامتحان').length).toBeGreaterThan(
      0,
    );
  });
});

describe("an exam's student preview", SLOW, () => {
  const choices = question({
    id: 7,
    position: 0,
    text: 'اختر الإجابة',
    answers: ['أ', 'ب', 'ج', 'د', 'هـ', 'و'].map((t, i) => option(70 + i, t, i === 2)),
    answer_explain_text: 'شرح لا يراه الطالب',
  });
  const essay = question({ id: 3, position: 1, type: 'essay', text: 'اكتب فقرة' });
  const optionTexts = () => screen.getAllByTestId('preview-option').map((li) => li.textContent);

  it('shows the questions in session order without the right answers or explanations', async () => {
    fakeStaffApi([...staffBasics(ADMIN), ...examApi(EXAM, [essay, choices])]);
    openConsole('/exams/5/preview');
    const headings = await screen.findAllByRole('heading', { name: /^السؤال \d$/ });
    expect(headings.map((h) => h.closest('section')!.textContent)).toEqual([
      expect.stringContaining('اختر الإجابة'),
      expect.stringContaining('اكتب فقرة'),
    ]);
    expect(optionTexts()).toEqual(['أ', 'ب', 'ج', 'د', 'هـ', 'و']);
    expect(screen.queryByText('صحيحة')).not.toBeInTheDocument();
    expect(screen.queryByText('شرح لا يراه الطالب')).not.toBeInTheDocument();
    expect(screen.getByLabelText('إجابتك')).toBeDisabled();
    expect(screen.getByText('سؤالان')).toBeInTheDocument();
    expect(screen.getByText('30 دقيقة')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ترتيب عشوائي آخر' })).not.toBeInTheDocument();
    // One attempt: nothing to say about attempts.
    expect(screen.queryByText('المحاولات')).not.toBeInTheDocument();
  });

  it('says how many attempts, which counts and the wait between them', async () => {
    fakeStaffApi([
      ...staffBasics(ADMIN),
      ...examApi({ ...EXAM, max_attempts: 3, attempt_wait_minutes: 60, attempt_rule: 'best' }, [
        choices,
      ]),
    ]);
    openConsole('/exams/5/preview');
    const label = await screen.findByText('المحاولات');
    expect(label.tagName).toBe('DT');
    expect(label.nextElementSibling).toHaveTextContent(
      '3 محاولات — أعلى درجة — بين كل محاولتين 60 دقيقة على الأقل',
    );
  });

  it('shuffles the options when the exam shuffles, another order on demand', async () => {
    fakeStaffApi([
      ...staffBasics(ADMIN),
      ...examApi({ ...EXAM, shuffled_answers: true }, [choices]),
    ]);
    const user = openConsole('/exams/5/preview');
    await screen.findAllByTestId('preview-option');
    const first = optionTexts();
    expect([...first].sort()).toEqual(['أ', 'ب', 'ج', 'د', 'هـ', 'و'].sort());
    expect(first).not.toEqual(['أ', 'ب', 'ج', 'د', 'هـ', 'و']);
    await user.click(screen.getByRole('button', { name: 'ترتيب عشوائي آخر' }));
    await waitFor(() => expect(optionTexts()).not.toEqual(first));
  });
});
