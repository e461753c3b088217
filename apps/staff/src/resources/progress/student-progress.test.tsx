import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffEndpoints as e, type StaffStudentProgress } from '@dars/contract';
import { ADMIN, answer, fakeStaffApi, isCall, staffBasics } from '../../test/fake-api';
import { loadScreensFirst, openConsole } from '../../test/console';
import { staffStudentDetail } from '../../test/fixtures';

/**
 * A student's progress on their page in the console (issue 28, ADR 054): each course with its
 * figures, and per lecture its videos (how much played), files (opened or not) and exams (the
 * score, or not taken).
 */

loadScreensFirst(() => import('../people/students'));

const STUDENT = staffStudentDetail({ parent_phone: '01099990000', courses_count: 1 });

const video = {
  duration_seconds: 600,
  position_seconds: 0,
  plays: 1,
  first_watched_at: '2026-11-02T10:00:00.000Z',
  last_watched_at: '2026-11-02T10:00:00.000Z',
};

const PROGRESS: StaffStudentProgress = {
  student: { id: 40, name: 'منى علي' },
  courses: [
    {
      course: { id: 7, name: 'فيزياء الصف الثالث' },
      summary: {
        videos: { done: 1, total: 2 },
        attachments: { done: 0, total: 1 },
        exams: { done: 1, total: 2 },
        percent: 40,
      },
      lectures: [
        {
          id: 11,
          name: 'الكهربية الساكنة',
          open: true,
          videos: [
            {
              ...video,
              id: 1,
              name: 'شرح قانون كولوم',
              watched_seconds: 570,
              percent: 95,
              watched: true,
            },
            {
              ...video,
              id: 2,
              name: 'حل المسائل',
              watched_seconds: 180,
              percent: 30,
              watched: false,
            },
          ],
          attachments: [{ id: 5, name: 'ملزمة المحاضرة', opened_at: null }],
          exams: [
            {
              id: 8,
              name: 'امتحان المحاضرة الأولى',
              kind: 'exam',
              taken: true,
              score_percent: 85,
              waiting_mark: false,
              passed: true,
              finished_at: '2026-11-03T10:00:00.000Z',
            },
            {
              id: 9,
              name: 'واجب الكهربية',
              kind: 'homework',
              taken: false,
              score_percent: null,
              waiting_mark: false,
              passed: null,
              finished_at: null,
            },
          ],
        },
        { id: 12, name: 'التيار الكهربي', open: false, videos: [], attachments: [], exams: [] },
      ],
    },
  ],
};

describe('a student’s progress on their page', { timeout: 240_000 }, () => {
  it('shows each course’s figures and, per lecture, its videos, files and exams', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(e.staffGetStudent, { data: STUDENT }, { params: { id: 40 } }),
      answer(e.staffGetStudentProgress, { data: PROGRESS }, { params: { id: 40 } }),
    ]);
    const user = openConsole('/students/40/show');
    await user.click(await screen.findByRole('tab', { name: 'المتابعة' }));
    const panel = await screen.findByRole('tabpanel');
    expect(
      await within(panel).findByRole('heading', { level: 2, name: 'فيزياء الصف الثالث' }),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent(
      'الفيديوهات 1 من 2 — الملفات 0 من 1 — الامتحانات 1 من 2 — الإنجاز 40٪',
    );
    expect(
      within(panel).getByRole('progressbar', { name: 'إنجاز فيزياء الصف الثالث' }),
    ).toHaveAttribute('aria-valuenow', '40');
    expect(api.callsTo(e.staffGetStudentProgress, { id: 40 })).toHaveLength(1);

    const lecture = within(panel).getByRole('button', { name: /الكهربية الساكنة/ });
    expect(lecture).toHaveTextContent('الفيديوهات 1 من 2 — الملفات 0 من 1 — الامتحانات 1 من 2');
    expect(lecture).toHaveAttribute('aria-expanded', 'false');
    await user.click(lecture);
    const details = await within(panel).findByRole('region', { name: /الكهربية الساكنة/ });
    expect(details).toHaveTextContent('شرح قانون كولوم — شاهد 95٪ — مكتمل');
    expect(details).toHaveTextContent('حل المسائل — شاهد 30٪');
    expect(details).toHaveTextContent('ملزمة المحاضرة — لم يُفتح');
    expect(details).toHaveTextContent('امتحان: امتحان المحاضرة الأولى — الدرجة 85٪ — ناجح');
    expect(details).toHaveTextContent('واجب: واجب الكهربية — لم يؤدِّه');
    // A lecture the student does not hold says so.
    expect(within(panel).getByRole('button', { name: /التيار الكهربي/ })).toHaveTextContent(
      'غير متاحة للطالب',
    );
  });

  it('says when the progress could not be read, and reads it again', async () => {
    let fail = true;
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(e.staffGetStudent, { data: STUDENT }, { params: { id: 40 } }),
      (call) =>
        !isCall(call, e.staffGetStudentProgress, { id: 40 })
          ? undefined
          : fail
            ? { status: 500, body: { message: 'حدث خطأ في الخادم' } }
            : { body: { data: { ...PROGRESS, courses: [] } } },
    ]);
    const user = openConsole('/students/40/show');
    await user.click(await screen.findByRole('tab', { name: 'المتابعة' }));
    expect(await screen.findByText('تعذر تحميل المتابعة')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('لم ينضم الطالب إلى أي دورة بعد')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(e.staffGetStudentProgress)).toHaveLength(2));
  });
});
