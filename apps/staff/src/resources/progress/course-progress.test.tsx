import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  staffEndpoints as e,
  type StaffProgressRow,
  type StaffStudentProgress,
} from '@dars/contract';
import { ADMIN, TEACHER, answer, fakeStaffApi, list, staffBasics } from '../../test/fake-api';
import { staffCourse, staffLecture, staffNamed, staffTeacher } from '../../test/fixtures';
import { loadScreensFirst, openConsole } from '../../test/console';
import { stubObjectUrls } from '../../test/browser';
import { onPhone } from '../../test/phone';

/**
 * A course's progress report in the console (issue 28, ADR 054): who joined the course with
 * what they watched, opened and took; the lecture, status, grade and search go to the server
 * and into the Excel file; a teacher opens their own course's from its page.
 */

loadScreensFirst(() => import('./course-progress'));

const COURSE = staffCourse({ id: 7, name: 'فيزياء الصف الثالث' });
const LECTURE_1 = staffLecture({ id: 11, course_id: 7, name: 'الكهربية الساكنة' });
const LECTURE_3 = staffLecture({ id: 13, course_id: 7, name: 'المحاضرة الثالثة: التيار' });

const MONA: StaffProgressRow = {
  id: 40,
  name: 'منى علي',
  phone: '01011112222',
  parent_phone: '01099990000',
  grade: { id: 3, name: 'الصف الثالث الثانوي' },
  summary: {
    videos: { done: 2, total: 3 },
    attachments: { done: 1, total: 2 },
    exams: { done: 0, total: 1 },
    percent: 50,
  },
  watched_minutes: 74,
  average_score: 81.3,
  last_activity_at: '2026-10-12T10:00:00.000Z',
  joined_at: '2026-10-01T10:00:00.000Z',
};
const YASSER: StaffProgressRow = {
  ...MONA,
  id: 41,
  name: 'ياسر حسن',
  phone: '01233334444',
  parent_phone: null,
  grade: null,
  summary: {
    videos: { done: 0, total: 3 },
    attachments: { done: 0, total: 2 },
    exams: { done: 0, total: 1 },
    percent: 0,
  },
  watched_minutes: 0,
  average_score: null,
  last_activity_at: null,
};

const TEACHER_4 = { ...TEACHER, teacher_id: 4, may_set_prices: false };

/** The course, its lectures and the grades: what the report's page reads beside the rows. */
const courseCalls = () => [
  answer(e.staffGetCourse, { data: COURSE }, { params: { id: 7 } }),
  list(e.staffListLectures, [LECTURE_1, LECTURE_3]),
  list(e.staffListGrades, [staffNamed({ id: 3, name: 'الصف الثالث الثانوي' })]),
];

/** The report: both students, or only Yasser for lecture 3's «لم يشاهد». */
const report = answer(
  e.staffListCourseProgress,
  (call: { query: Record<string, string> }) =>
    call.query.lecture_id === '13' && call.query.status === 'not_watched'
      ? { data: [YASSER], meta: { total: 1 } }
      : { data: [MONA, YASSER], meta: { total: 2 } },
  { params: { id: 7 } },
);

afterEach(() => vi.restoreAllMocks());

describe('a course’s progress report', { timeout: 240_000 }, () => {
  it('shows each student’s figures, what they mean, and a link to the student', async () => {
    const api = fakeStaffApi([...staffBasics(ADMIN), ...courseCalls(), report]);
    openConsole('/courses/7/progress');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'متابعة الطلاب: فيزياء الصف الثالث' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/إذا شاهد الطالب 90٪ منه على الأقل/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'تقدم طلاب الدورة' });
    const [header, mona, yasser] = within(table).getAllByRole('row');
    expect(header).toHaveTextContent('الفيديوهات المشاهدة');
    expect(header).toHaveTextContent('آخر نشاط');
    expect(mona).toHaveTextContent('منى علي');
    expect(mona).toHaveTextContent('01011112222');
    expect(mona).toHaveTextContent('01099990000');
    expect(mona).toHaveTextContent('الصف الثالث الثانوي');
    expect(mona).toHaveTextContent('2 من 3');
    expect(mona).toHaveTextContent('1 من 2');
    expect(mona).toHaveTextContent('0 من 1');
    expect(mona).toHaveTextContent('81.3٪');
    expect(mona).toHaveTextContent('74');
    expect(within(mona!).getByRole('link', { name: 'منى علي' })).toHaveAttribute(
      'href',
      '/staff/students/40/show',
    );
    expect(yasser).toHaveTextContent('لا نشاط بعد');
    const [first] = api.callsTo(e.staffListCourseProgress, { id: 7 });
    expect(first?.query).toMatchObject({ sort: 'name', order: 'asc', page: '1', per_page: '25' });
  });

  it('asks the server for one lecture’s students who have not watched it, and keeps it in the address', async () => {
    const api = fakeStaffApi([...staffBasics(ADMIN), ...courseCalls(), report]);
    const user = openConsole('/courses/7/progress');
    await screen.findByRole('table', { name: 'تقدم طلاب الدورة' });
    await user.click(screen.getByRole('combobox', { name: 'المحاضرة' }));
    await user.click(await screen.findByRole('option', { name: 'المحاضرة الثالثة: التيار' }));
    await user.click(screen.getByRole('combobox', { name: 'الحالة' }));
    const statuses = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(statuses).toEqual(
      expect.arrayContaining([
        'لم يشاهد',
        'شاهد كل الفيديوهات',
        'لم يؤدِّ الامتحان/الواجب',
        'بلا أي نشاط',
      ]),
    );
    await user.click(screen.getByRole('option', { name: 'لم يشاهد' }));
    await waitFor(() =>
      expect(
        api
          .callsTo(e.staffListCourseProgress, { id: 7 })
          .some((c) => c.query.lecture_id === '13' && c.query.status === 'not_watched'),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'تقدم طلاب الدورة' })).getAllByRole('row'),
      ).toHaveLength(2),
    );
    const filter = JSON.parse(new URL(window.location.href).searchParams.get('filter') ?? '{}');
    expect(filter).toEqual({ lecture_id: 13, status: 'not_watched' });
  });

  it('downloads the Excel file of the report with the filters on screen', async () => {
    const saved: string[] = [];
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      ...courseCalls(),
      report,
      answer(e.staffExportCourseProgress, '\uFEFFالطالب\r\n', {
        params: { id: 7 },
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="course-7-progress-2026-10-12.csv"',
        },
      }),
    ]);
    stubObjectUrls('blob:export');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const filter = encodeURIComponent(
      JSON.stringify({ lecture_id: 13, status: 'not_watched', q: 'ياسر' }),
    );
    const user = openConsole(`/courses/7/progress?filter=${filter}&page=1&perPage=25`);
    const table = await screen.findByRole('table', { name: 'تقدم طلاب الدورة' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'تنزيل ملف Excel' }));
    await screen.findByText('تم تنزيل الملف');
    const calls = api.callsTo(e.staffExportCourseProgress, { id: 7 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBe('Bearer tok-1');
    expect(calls[0]!.query).toEqual({
      lecture_id: '13',
      status: 'not_watched',
      q: 'ياسر',
      sort: 'name',
      order: 'asc',
    });
    expect(saved).toEqual(['course-7-progress-2026-10-12.csv']);
  });

  it('says when no student matches, with nothing to download', async () => {
    fakeStaffApi([
      ...staffBasics(ADMIN),
      ...courseCalls(),
      answer(e.staffListCourseProgress, { data: [], meta: { total: 0 } }, { params: { id: 7 } }),
    ]);
    const filter = encodeURIComponent(JSON.stringify({ status: 'no_activity' }));
    openConsole(`/courses/7/progress?filter=${filter}`);
    expect(await screen.findByText('لا يوجد طلاب يطابقون هذا البحث')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تنزيل ملف Excel' })).toBeDisabled();
  });

  it('shows the server’s refusal of a course that is not the teacher’s', async () => {
    fakeStaffApi([
      ...staffBasics(TEACHER_4),
      answer(e.staffGetCourse, { message: 'العنصر غير موجود' }, { status: 404 }),
      list(e.staffListLectures, []),
      list(e.staffListGrades, []),
      answer(e.staffListCourseProgress, { message: 'العنصر غير موجود' }, { status: 404 }),
    ]);
    openConsole('/courses/9/progress', TEACHER_4);
    expect(await screen.findByRole('alert')).toHaveTextContent('العنصر غير موجود');
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });

  it('opens from a teacher’s course page, and shows a student’s progress in a dialog', async () => {
    const progress: StaffStudentProgress = {
      student: { id: 40, name: 'منى علي' },
      courses: [
        {
          course: { id: 7, name: 'فيزياء الصف الثالث' },
          summary: MONA.summary,
          lectures: [],
        },
      ],
    };
    const api = fakeStaffApi([
      ...staffBasics(TEACHER_4),
      list(e.staffListCourses, [{ ...COURSE, teacher_ids: [4] }]),
      list(e.staffListMarking, []),
      answer(e.staffGetCourse, { data: { ...COURSE, teacher_ids: [4] } }, { params: { id: 7 } }),
      list(e.staffListLectures, [LECTURE_1, LECTURE_3]),
      list(e.staffListGrades, []),
      list(e.staffListCategories, []),
      list(e.staffListTeachers, []),
      answer(e.staffGetTeacher, { data: staffTeacher({ id: 4 }) }, { params: { id: 4 } }),
      report,
      answer(e.staffGetStudentProgress, { data: progress }, { params: { id: 40 } }),
    ]);
    const user = openConsole('/courses', TEACHER_4);
    await user.click(await screen.findByText('فيزياء الصف الثالث'));
    await user.click(await screen.findByRole('link', { name: 'متابعة الطلاب' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'متابعة الطلاب: فيزياء الصف الثالث' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'تقدم طلاب الدورة' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('منى علي');
    expect(api.callsTo(e.staffListCourseProgress, { id: 7 }).length).toBeGreaterThan(0);
    // A teacher does not open the students' pages: the name opens the student's progress.
    expect(within(table).queryByRole('link', { name: 'منى علي' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'متابعة منى علي' }));
    const dialog = await screen.findByRole('dialog', { name: 'متابعة منى علي' });
    expect(
      await within(dialog).findByRole('heading', { level: 3, name: 'فيزياء الصف الثالث' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('الإنجاز 50٪');
  });

  it('shows one card per student on a phone', async () => {
    onPhone();
    fakeStaffApi([...staffBasics(ADMIN), ...courseCalls(), report]);
    openConsole('/courses/7/progress');
    const cards = await screen.findAllByRole('listitem');
    const mona = cards.find((c) => c.textContent?.includes('منى علي'))!;
    expect(mona).toHaveTextContent('الفيديوهات المشاهدة: 2 من 3');
    expect(mona).toHaveTextContent('متوسط الدرجات: 81.3٪');
    expect(within(mona).getByRole('link', { name: 'منى علي' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
