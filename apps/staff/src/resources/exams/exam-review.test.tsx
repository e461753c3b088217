import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  staffEndpoints as e,
  type StaffExamAccommodation,
  type StaffExamAttemptGrant,
  type StaffItemAnalysis,
} from '@dars/contract';
import { staffExam, staffExamSession, staffStudentDetail } from '../../test/fixtures';
import {
  answer,
  fakeStaffApi,
  isCall,
  LEADER,
  list,
  staffBasics,
  type Handler,
} from '../../test/fake-api';
import { loadScreensFirst, openConsole } from '../../test/console';
import { stubObjectUrls } from '../../test/browser';
import { onPhone } from '../../test/phone';

/**
 * What the results tell the teacher in the console (issue 26): the exam page's item analysis
 * and its regrade (ADRs 043, 045), the sessions' integrity record (ADR 044) and a student's own
 * exam time (ADR 042).
 */

loadScreensFirst(
  () => import('./exam-list'),
  () => import('../daily/exam-sessions'),
  () => import('../people/students'),
);

const EXAM = staffExam({ id: 5, name: 'امتحان الكهرباء', exam_code: 'PHY-1' });

const ANALYSIS: StaffItemAnalysis = {
  exam: { id: 5, name: 'امتحان الكهرباء' },
  sessions: 6,
  group_size: 2,
  questions: [
    {
      id: 31,
      position: 0,
      type: 'choices',
      text: 'وحدة قياس المقاومة',
      mark: 1,
      answered: 6,
      scored: 6,
      facility: 50,
      discrimination: -0.5,
      options: [
        { id: 311, text: 'الأوم', correct: true, picks: 3 },
        { id: 312, text: 'الفولت', correct: false, picks: 2 },
        { id: 313, text: 'الأمبير', correct: false, picks: 1 },
      ],
      flags: ['reversed'],
    },
  ],
};

describe('the exam page’s item analysis', () => {
  // jsdom has no object URLs: the download goes through one.
  beforeEach(() => stubObjectUrls('blob:analysis'));

  it('shows each question’s figures and flags, and regrades it with the key the teacher ticks', async () => {
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      answer(e.staffGetExam, { data: EXAM }, { params: { id: 5 } }),
      list(e.staffListQuestions, []),
      list(e.staffListCourses, []),
      answer(e.staffExamItemAnalysis, { data: ANALYSIS }, { params: { id: 5 } }),
      answer(e.staffExportItemAnalysis, 'السؤال\r\n', { params: { id: 5 } }),
      answer(e.staffRegradeQuestion, () => ({
        data: {
          question: {
            id: 31,
            exam_id: 5,
            bank_id: null,
            difficulty: null,
            tags: [],
            position: 0,
            type: 'choices',
            text: 'وحدة قياس المقاومة',
            image_url: null,
            mark: 1,
            answer_explain_text: null,
            answer_explain_image: null,
            answers: [],
          },
          sessions: 6,
          changed: 2,
          now_passed: 1,
          now_failed: 0,
        },
      })),
    ]);
    const user = openConsole('/exams/5', LEADER);
    const section = await screen.findByRole('region', { name: 'تحليل الأسئلة' });
    expect(await within(section).findByText('50%')).toBeInTheDocument();
    expect(within(section).getByText('−0.5')).toHaveAttribute('dir', 'ltr');
    expect(
      within(section).getByText('أخطأ فيه المتفوقون أكثر من غيرهم: راجع مفتاح الإجابة'),
    ).toBeInTheDocument();
    expect(within(section).getByText('✓ الأوم: 3')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'إعادة تصحيح السؤال 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'إعادة تصحيح السؤال 1' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'الأوم' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'الفولت' }));
    await user.click(within(dialog).getByRole('button', { name: 'إعادة التصحيح' }));
    await screen.findByText('أُعيد تصحيح 6 جلسة؛ تغيّرت نتيجة 2، نجح منهم الآن 1 ورسب 0');
    expect(api.callsTo(e.staffRegradeQuestion, { id: 31 }).map((c) => c.body)).toEqual([
      { correct_option_ids: [312] },
    ]);
    // The figures are read again after the regrade.
    await waitFor(() => expect(api.callsTo(e.staffExamItemAnalysis).length).toBe(2));
    // And downloaded for Excel with the token.
    await user.click(within(section).getByRole('button', { name: 'تنزيل التحليل (CSV)' }));
    await screen.findByText('تم تنزيل ملف تحليل الأسئلة');
    const csv = api.callsTo(e.staffExportItemAnalysis, { id: 5 });
    expect(csv).toHaveLength(1);
    expect(csv[0]!.authorization).toBe('Bearer tok-1');
  });
});

const SESSION = staffExamSession({
  integrity: { away: 2, other_devices: 1, other_addresses: 0 },
});

describe('the results’ integrity record', () => {
  it('shows a session’s counts and opens its timeline; the filter asks for flagged sessions', async () => {
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      list(e.staffListExams, [EXAM]),
      list(e.staffListExamSessions, [SESSION]),
      answer(
        e.staffListExamSessionEvents,
        {
          data: [
            {
              id: 1,
              kind: 'hidden',
              created_at: '2026-11-20T09:10:00.000Z',
              client_at: '2026-11-20T09:09:58.000Z',
              address: null,
            },
            {
              id: 2,
              kind: 'second_device',
              created_at: '2026-11-20T09:20:00.000Z',
              client_at: null,
              address: '10.1.1.1',
            },
          ],
        },
        { params: { id: 8 } },
      ),
    ]);
    const filter = encodeURIComponent(JSON.stringify({ flagged: 'true' }));
    const user = openConsole(`/exam-sessions?filter=${filter}`, LEADER);
    const open = await screen.findByRole('button', { name: /: عرض سجل جلسة منى علي$/ });
    expect(open).toHaveTextContent('غادر الصفحة 2 — جهاز آخر 1 — عنوان آخر 0');
    expect(api.callsTo(e.staffListExamSessions)[0]?.query.flagged).toBe('true');
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'سجل المراقبة: منى علي' });
    expect(await within(dialog).findByText('غادر صفحة الامتحان')).toBeInTheDocument();
    expect(within(dialog).getByText('10.1.1.1')).toHaveAttribute('dir', 'ltr');
    expect(within(dialog).getByText(/فُتحت من جهاز آخر/)).toBeInTheDocument();
  });
});

// Two attempts of one student at an exam whose best counts (ADR 047): the second scored more.
const FIRST_TRY = staffExamSession({
  id: 20,
  correction_mark: 4,
  percentage: 40,
  succeeded: false,
  counts: false,
  attempts_allowed: 2,
});
const SECOND_TRY = staffExamSession({
  ...FIRST_TRY,
  id: 21,
  correction_mark: 9,
  percentage: 90,
  succeeded: true,
  attempt: 2,
  counts: true,
});

describe('the results’ attempts', () => {
  it('numbers each attempt, marks the counting one, and filters on the counting attempts only', async () => {
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      list(e.staffListExams, [EXAM]),
      list(e.staffListExamSessions, [SECOND_TRY, FIRST_TRY]),
    ]);
    const user = openConsole('/exam-sessions', LEADER);
    const second = (await screen.findByText('9 / 10')).closest('tr')!;
    const first = screen.getByText('4 / 10').closest('tr')!;
    expect(screen.getByRole('columnheader', { name: 'المحاولة' })).toBeInTheDocument();
    expect(within(second).getByText('2')).toBeInTheDocument();
    expect(within(second).getByText('المحتسبة')).toBeInTheDocument();
    expect(within(first).getByText('1')).toBeInTheDocument();
    expect(within(first).queryByText('المحتسبة')).not.toBeInTheDocument();
    expect(api.callsTo(e.staffListExamSessions)[0]?.query.counting).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'إضافة عامل تصفية' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'المحاولة المحتسبة' }));
    await user.click(await screen.findByRole('combobox', { name: /^المحاولة المحتسبة/ }));
    await user.click(await screen.findByRole('option', { name: 'المحاولة المحتسبة فقط' }));
    await waitFor(() =>
      expect(api.callsTo(e.staffListExamSessions).at(-1)?.query.counting).toBe('true'),
    );
  });

  it('marks nothing on the sessions of an exam sat once', async () => {
    fakeStaffApi([
      ...staffBasics(LEADER),
      list(e.staffListExams, [EXAM]),
      list(e.staffListExamSessions, [SESSION]),
    ]);
    openConsole('/exam-sessions', LEADER);
    const row = (await screen.findByText('7 / 10')).closest('tr')!;
    expect(within(row).queryByText('المحتسبة')).not.toBeInTheDocument();
  });

  it('says on a phone which attempt each line is and which counts', async () => {
    onPhone();
    fakeStaffApi([
      ...staffBasics(LEADER),
      list(e.staffListExams, [EXAM]),
      list(e.staffListExamSessions, [SECOND_TRY, FIRST_TRY]),
    ]);
    openConsole('/exam-sessions', LEADER);
    // The sessions' own list, once it holds them (a busy machine once caught five list items of
    // the screen while it was still being drawn).
    const first = await screen.findByText('منى علي — 9 / 10');
    const lines = within(first.closest('ul')!).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(lines[0]!).getByText('منى علي — 9 / 10')).toBeInTheDocument();
    expect(within(lines[0]!).getByText(/المحاولة 2 — المحتسبة/)).toBeInTheDocument();
    expect(within(lines[1]!).getByText(/المحاولة 1/)).toBeInTheDocument();
    expect(within(lines[1]!).queryByText(/المحتسبة/)).not.toBeInTheDocument();
  });
});

const STUDENT = staffStudentDetail({ grade: null, balance: 0 });

const ACCOMMODATION: StaffExamAccommodation = {
  id: 3,
  user_id: 40,
  exam_id: 5,
  extra_minutes: 15,
  extra_percent: 0,
  starts_at: null,
  ends_at: null,
  note: 'شهادة طبية',
  student_name: 'منى علي',
  exam_name: 'امتحان الكهرباء',
  created_at: '2026-11-20T10:00:00.000Z',
};

describe('a student’s own exam time', () => {
  it('lists it on the student’s exam tab, adds one for every exam and deletes one after asking', async () => {
    const rows = [ACCOMMODATION];
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      answer(e.staffGetStudent, { data: STUDENT }, { params: { id: 40 } }),
      list(e.staffListStudentSessions, []),
      list(e.staffListExams, [EXAM]),
      answer(e.staffListExamAccommodations, () => ({
        data: rows,
        meta: { total: rows.length },
      })),
      list(e.staffListExamAttemptGrants, []),
      answer(e.staffCreateExamAccommodation, () => {
        const made = {
          ...ACCOMMODATION,
          id: 4,
          exam_id: null,
          exam_name: null,
          extra_minutes: 0,
          extra_percent: 25,
          note: null,
        };
        rows.push(made);
        return { data: made };
      }),
      answer(e.staffDeleteExamAccommodation, { data: { id: 3 } }, { params: { id: 3 } }),
    ]);
    const user = openConsole('/students/40/show', LEADER);
    await user.click(await screen.findByRole('tab', { name: /^الامتحانات/ }));
    const section = await screen.findByRole('region', { name: 'وقت خاص في الامتحانات' });
    expect(await within(section).findByText('امتحان الكهرباء')).toBeInTheDocument();
    expect(within(section).getByText(/15 دقيقة/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'إضافة وقت خاص' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة وقت خاص' });
    const percent = within(dialog).getByLabelText('نسبة إضافية من مدة الامتحان (%)');
    await user.clear(percent);
    await user.type(percent, '25');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await screen.findByText('تم حفظ الوقت الخاص');
    const sent = api.callsTo(e.staffCreateExamAccommodation).map((c) => c.body);
    expect(sent).toEqual([expect.objectContaining({ user_id: 40, extra_percent: 25 })]);
    expect(await within(section).findByText('كل الامتحانات')).toBeInTheDocument();

    await user.click(
      within(section).getByRole('button', { name: 'حذف الوقت الخاص: امتحان الكهرباء' }),
    );
    await user.click(await screen.findByRole('button', { name: 'تأكيد' }));
    await screen.findByText('تم حذف الوقت الخاص');
    expect(api.callsTo(e.staffDeleteExamAccommodation, { id: 3 })).toHaveLength(1);
  });
});

const OTHER_EXAM = staffExam({ id: 6, name: 'امتحان الميكانيكا', exam_code: 'PHY-2' });

const GRANT: StaffExamAttemptGrant = {
  id: 7,
  user_id: 40,
  exam_id: 5,
  extra_attempts: 2,
  note: 'انقطع الاتصال',
  student_name: 'منى علي',
  exam_name: 'امتحان الكهرباء',
  created_at: '2026-11-21T10:00:00.000Z',
};

/** The student's page with its attempt grants in `rows`, which the create, update and delete change. */
function grantsApi(rows: StaffExamAttemptGrant[]) {
  // The server keeps one row per student and exam: a second for the same exam is a field error.
  const create: Handler = (call) => {
    if (!isCall(call, e.staffCreateExamAttemptGrant)) return undefined;
    const body = call.body as { exam_id: number; extra_attempts?: number; note?: string | null };
    if (rows.some((r) => r.exam_id === body.exam_id)) {
      return {
        status: 422,
        body: {
          message: 'البيانات غير صحيحة',
          errors: {
            exam_id: [
              'لهذا الطالب محاولات إضافية في هذا الامتحان بالفعل؛ عدّل عددها بدلاً من إضافة أخرى',
            ],
          },
        },
      };
    }
    const made: StaffExamAttemptGrant = {
      ...GRANT,
      id: 8,
      exam_id: body.exam_id,
      exam_name: 'امتحان الميكانيكا',
      extra_attempts: body.extra_attempts ?? 1,
      note: body.note ?? null,
    };
    rows.push(made);
    return { body: { data: made } };
  };
  return fakeStaffApi([
    ...staffBasics(LEADER),
    answer(e.staffGetStudent, { data: STUDENT }, { params: { id: 40 } }),
    list(e.staffListStudentSessions, []),
    list(e.staffListExams, [EXAM, OTHER_EXAM]),
    answer(e.staffGetExam, (c: { params: Record<string, string> }) => {
      const exam = [EXAM, OTHER_EXAM].find((x) => x.id === Number(c.params.id));
      return exam && { data: exam };
    }),
    list(e.staffListExamAccommodations, []),
    answer(e.staffListExamAttemptGrants, () => ({ data: rows, meta: { total: rows.length } })),
    answer(e.staffGetExamAttemptGrant, () => ({ data: rows[0] }), { params: { id: 7 } }),
    answer(
      e.staffUpdateExamAttemptGrant,
      (c: { body: unknown }) => {
        Object.assign(rows[0]!, c.body);
        return { data: rows[0] };
      },
      { params: { id: 7 } },
    ),
    answer(e.staffDeleteExamAttemptGrant, () => {
      rows.splice(0, 1);
      return { data: { id: 7 } };
    }),
    create,
  ]);
}

describe('a student’s extra attempts', () => {
  it('lists them, refuses a second grant for the same exam under its field, and gives one for another', async () => {
    const api = grantsApi([{ ...GRANT }]);
    const user = openConsole('/students/40/show', LEADER);
    await user.click(await screen.findByRole('tab', { name: /^الامتحانات/ }));
    const section = await screen.findByRole('region', { name: 'محاولات إضافية في الامتحانات' });
    expect(await within(section).findByText('امتحان الكهرباء')).toBeInTheDocument();
    expect(
      within(section).getByText(/^محاولتان إضافيتان — انقطع الاتصال — أُضيفت في /),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'محاولة إضافية' }));
    const dialog = await screen.findByRole('dialog', { name: 'محاولات إضافية في امتحان' });
    expect(within(dialog).getByLabelText(/^عدد المحاولات الإضافية/)).toHaveValue(1);
    await user.click(within(dialog).getByRole('combobox', { name: /^الامتحان/ }));
    await user.click(await screen.findByRole('option', { name: 'امتحان الكهرباء' }));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(
      await within(dialog).findByText(
        'لهذا الطالب محاولات إضافية في هذا الامتحان بالفعل؛ عدّل عددها بدلاً من إضافة أخرى',
      ),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /^الامتحان/ }));
    await user.clear(within(dialog).getByRole('combobox', { name: /^الامتحان/ }));
    await user.click(await screen.findByRole('option', { name: 'امتحان الميكانيكا' }));
    const number = within(dialog).getByLabelText(/^عدد المحاولات الإضافية/);
    await user.clear(number);
    await user.type(number, '3');
    await user.type(within(dialog).getByLabelText(/^ملاحظة/), 'مرض يوم الامتحان');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await screen.findByText('تم حفظ المحاولات الإضافية');
    expect(api.callsTo(e.staffCreateExamAttemptGrant).map((c) => c.body)).toEqual([
      { user_id: 40, exam_id: 5, extra_attempts: 1 },
      { user_id: 40, exam_id: 6, extra_attempts: 3, note: 'مرض يوم الامتحان' },
    ]);
    expect(await within(section).findByText('امتحان الميكانيكا')).toBeInTheDocument();
    expect(within(section).getByText(/^3 محاولات إضافية — مرض يوم الامتحان/)).toBeInTheDocument();
  });

  it('changes a grant’s number and deletes it after asking', async () => {
    const api = grantsApi([{ ...GRANT }]);
    const user = openConsole('/students/40/show', LEADER);
    await user.click(await screen.findByRole('tab', { name: /^الامتحانات/ }));
    const section = await screen.findByRole('region', { name: 'محاولات إضافية في الامتحانات' });
    await user.click(
      await within(section).findByRole('button', {
        name: 'تعديل المحاولات الإضافية: امتحان الكهرباء',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'تعديل المحاولات الإضافية: امتحان الكهرباء',
    });
    const number = await within(dialog).findByLabelText(/^عدد المحاولات الإضافية/);
    await waitFor(() => expect(number).toHaveValue(2));
    await user.clear(number);
    await user.type(number, '4');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await screen.findByText('تم حفظ المحاولات الإضافية');
    expect(api.callsTo(e.staffUpdateExamAttemptGrant, { id: 7 }).map((c) => c.body)).toEqual([
      { extra_attempts: 4 },
    ]);
    expect(await within(section).findByText(/^4 محاولات إضافية/)).toBeInTheDocument();

    await user.click(
      within(section).getByRole('button', { name: 'حذف المحاولات الإضافية: امتحان الكهرباء' }),
    );
    await user.click(await screen.findByRole('button', { name: 'تأكيد' }));
    await screen.findByText('تم حذف المحاولات الإضافية');
    expect(api.callsTo(e.staffDeleteExamAttemptGrant, { id: 7 })).toHaveLength(1);
    expect(
      await within(section).findByText('لا توجد محاولات إضافية لهذا الطالب'),
    ).toBeInTheDocument();
  });
});
